// Reads what a file gained since the last look: a stat first (most re-checks stop there), then an open descriptor
// whose bytes the caller reads in bounded pieces from wherever its parse stopped. Nothing here reads a file whole:
// one huge file must cost neither the string limit (~512 MB) nor its size in memory, and a file over
// MAX_TRACKED_FILE_BYTES is not read at all but reported as too large (its branch and every other stay).
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { describeFsError } from './gcc-dir.ts';

/** What identifies a version of a file without reading it. */
export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** Five times the benchmark's 205,000-step log (50 MB): a log this big is held in memory at about 3× its size. */
export const MAX_TRACKED_FILE_BYTES = 256 * 2 ** 20;

/** Bytes in one piece of the file at a time. */
export interface ByteSource {
  readonly size: number;
  /** Reads into `into` when it is given and long enough (a reused buffer: fresh pages are dear), else into new bytes. */
  read(start: number, length: number, into?: Uint8Array): Promise<Uint8Array>;
}

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
  | { kind: 'open'; stamp: FileStamp; whole: boolean; source: ByteSource; close(): Promise<void> };

export interface TailRequest {
  /** Where the caller's parse stopped. */
  from: number;
  /** The stamp of the caller's last read, null for a first read. */
  previous: FileStamp | null;
}

function stampOf(info: { ino: number; size: number; mtimeMs: number; ctimeMs: number }): FileStamp {
  return { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
}

export function sameStamp(a: FileStamp | null, b: FileStamp): boolean {
  return a !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

const MB = (n: number) => `${(n / 2 ** 20).toFixed(n < 10 * 2 ** 20 ? 1 : 0)} MB`;

export function tooLargeMessage(size: number): string {
  return `is ${MB(size)} (${size} bytes), over the ${MB(MAX_TRACKED_FILE_BYTES)} gcc-studio reads of one file: not read, so its records are not shown`;
}

// The system calls are made synchronously: a file of a branch is a few calls of tens of microseconds, while each call
// through the thread pool costs a round trip (opening, reading and closing 1,000 small files at start took ~400 ms that
// way, most of it waiting); a piece of a big file (8 MB) is read in a few milliseconds.
function sourceOf(fd: number, size: number): ByteSource {
  return {
    size,
    async read(start, length, into) {
      const n = Math.max(0, Math.min(length, size - start));
      const bytes = into && into.length >= n ? into.subarray(0, n) : new Uint8Array(n);
      let got = 0;
      while (got < bytes.length) {
        const bytesRead = readSync(fd, bytes, got, bytes.length - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return got === bytes.length ? bytes : bytes.subarray(0, got);
    },
  };
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

export async function openTail(path: string, request: TailRequest, limit = MAX_TRACKED_FILE_BYTES): Promise<TailOpen> {
  let fd: number;
  try {
    // lstat before open: a symlinked file inside a branch folder is never followed.
    const link = lstatSync(path);
    if (link.isSymbolicLink()) return { kind: 'unreadable', message: 'is a symbolic link; not followed' };
    if (!link.isFile()) return { kind: 'unreadable', message: 'is not a regular file' };
    if (sameStamp(request.previous, stampOf(link))) return { kind: 'unchanged', stamp: stampOf(link) };
    if (link.size > limit) return { kind: 'unreadable', code: 'file-too-large', message: tooLargeMessage(link.size), stamp: stampOf(link) };
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', message: describeFsError(err) };
  }
  try {
    // The descriptor's own stat: the file we read is the one we judge, even if the path was swapped meanwhile.
    const info = fstatSync(fd);
    const stamp = stampOf(info);
    if (!info.isFile()) {
      closeSync(fd);
      return { kind: 'unreadable', message: 'is not a regular file' };
    }
    if (stamp.size > limit) {
      closeSync(fd);
      return { kind: 'unreadable', code: 'file-too-large', message: tooLargeMessage(stamp.size), stamp };
    }
    const previous = request.previous;
    const whole = previous === null || previous.ino !== stamp.ino || stamp.size < request.from;
    let open = true;
    const close = async () => {
      if (open) closeSync(fd);
      open = false;
    };
    return { kind: 'open', stamp, whole, source: sourceOf(fd, stamp.size), close };
  } catch (err) {
    closeSync(fd);
    return { kind: 'unreadable', message: describeFsError(err) };
  }
}

export type TailRead =
  | Exclude<TailOpen, { kind: 'open' }>
  /** `bytes` are the file from `start` to EOF (`start` is 0 when `whole`). */
  | { kind: 'bytes'; stamp: FileStamp; start: number; bytes: Uint8Array; whole: boolean };

/** openTail, then the bytes from `from` (less `lookBehind`) to EOF in one piece: for small files and tests. */
export async function readTail(path: string, request: TailRequest & { lookBehind?: number }, limit = MAX_TRACKED_FILE_BYTES): Promise<TailRead> {
  const opened = await openTail(path, request, limit);
  if (opened.kind !== 'open') return opened;
  try {
    const start = opened.whole ? 0 : Math.max(0, request.from - (request.lookBehind ?? 0));
    const bytes = await opened.source.read(start, opened.source.size - start);
    return { kind: 'bytes', stamp: opened.stamp, start, bytes, whole: opened.whole };
  } catch (err) {
    return { kind: 'unreadable', message: describeFsError(err) };
  } finally {
    await opened.close();
  }
}
