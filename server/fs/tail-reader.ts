// What a file gained since the last look, read in bounded pieces from where its parse stopped, never whole: one huge
// file must cost neither the string limit (~512 MB) nor its size in memory.
import type { ByteSource, FileStamp, GccSource } from './gcc-source.ts';

/**
 * Five times the benchmark's 205,000-step log (50 MB): a log this big is held in memory at about 3× its size. A file
 * over it is not read at all but reported as too large (its branch and every other stay).
 */
export const MAX_TRACKED_FILE_BYTES = 256 * 2 ** 20;

export type TailOpen =
  | { kind: 'missing' }
  /** `code` says why in a word the diagnostics use (`file-too-large`, else an unreadable file). */
  | { kind: 'unreadable'; message: string; code?: 'file-too-large'; stamp?: FileStamp }
  /** Same inode, size and times as `previous`: nothing to read. */
  | { kind: 'unchanged'; stamp: FileStamp }
  /**
   * The file, open. `whole` when it must be judged again from byte 0 (another inode — an atomic save — or shorter
   * than the caller's offset: truncated). The caller must call `close`.
   */
  | { kind: 'open'; stamp: FileStamp; whole: boolean; source: ByteSource; close(): void };

export interface TailRequest {
  /** Where the caller's parse stopped. */
  from: number;
  /** The stamp of the caller's last read, null for a first read. */
  previous: FileStamp | null;
}

export function sameStamp(a: FileStamp | null, b: FileStamp): boolean {
  return a !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

const MB = (n: number) => `${(n / 2 ** 20).toFixed(n < 10 * 2 ** 20 ? 1 : 0)} MB`;

export function tooLargeMessage(size: number): string {
  return `is ${MB(size)} (${size} bytes), over the ${MB(MAX_TRACKED_FILE_BYTES)} gcc-studio reads of one file: not read, so its records are not shown`;
}

/**
 * Reads up to `length` bytes from `start` at once and serves every read inside them from memory: a small file (and
 * the usual append) costs one read, whatever its caller asks of it piece by piece.
 */
export async function prefetched(source: ByteSource, start: number, length: number): Promise<ByteSource> {
  const held = await source.read(start, length);
  const end = start + held.length;
  return {
    size: source.size,
    read: (from, n, into) => {
      const want = Math.max(0, Math.min(n, source.size - from));
      return from >= start && from + want <= end ? Promise.resolve(held.subarray(from - start, from - start + want)) : source.read(from, n, into);
    },
  };
}

/**
 * What `path` gained since `request`: unchanged (a stat: most re-checks stop there), missing, unreadable, or open. At
 * once: every source's stat and open are synchronous, and a start's thousands of files wait for no turn of the loop.
 */
export function openTail(source: GccSource, path: string, request: TailRequest, limit = MAX_TRACKED_FILE_BYTES): TailOpen {
  // A first look has no stamp to compare: the open below tells all the stat would (10,000 lstat calls on 5,000
  // branches).
  if (request.previous !== null) {
    const at = source.stat(path);
    if (at.kind === 'missing') return { kind: 'missing' };
    if (at.kind === 'unusable') return { kind: 'unreadable', message: at.message };
    if (sameStamp(request.previous, at.stamp)) return { kind: 'unchanged', stamp: at.stamp };
    if (at.stamp.size > limit) return { kind: 'unreadable', code: 'file-too-large', message: tooLargeMessage(at.stamp.size), stamp: at.stamp };
  }
  // What was opened is judged, not what the stat saw: the file may have been swapped meanwhile.
  const opened = source.open(path, limit);
  if (!opened.ok) {
    if (opened.tooLarge && opened.stamp) return { kind: 'unreadable', code: 'file-too-large', message: tooLargeMessage(opened.stamp.size), stamp: opened.stamp };
    return opened.missing ? { kind: 'missing' } : { kind: 'unreadable', message: opened.message };
  }
  const { stamp } = opened;
  const previous = request.previous;
  const whole = previous === null || previous.ino !== stamp.ino || stamp.size < request.from;
  return { kind: 'open', stamp, whole, source: opened.source, close: opened.close };
}
