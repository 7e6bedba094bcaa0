// Reads what a file gained since the last look: a stat first (most re-checks stop there), then only the bytes from
// the given offset, plus a few before it so the caller can tell an append from a rewrite of the same length.
import { open, lstat } from 'node:fs/promises';
import { describeFsError } from './gcc-dir.ts';

/** What identifies a version of a file without reading it. */
export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export type TailRead =
  | { kind: 'missing' }
  | { kind: 'unreadable'; message: string }
  /** Same inode, size and times as `previous`: nothing to read. */
  | { kind: 'unchanged'; stamp: FileStamp }
  /**
   * `bytes` are the file from `start` to EOF. `whole` when the file must be parsed again from 0 (another inode —
   * an atomic save — or shorter than the offset: truncated); then `start` is 0.
   */
  | { kind: 'bytes'; stamp: FileStamp; start: number; bytes: Uint8Array; whole: boolean };

export interface TailRequest {
  /** Where the caller's parse stopped. */
  from: number;
  /** The stamp of the caller's last read, null for a first read. */
  previous: FileStamp | null;
  /** How many bytes before `from` to include (clamped at 0), for the caller's rewrite check. */
  lookBehind?: number;
}

function stampOf(info: { ino: number; size: number; mtimeMs: number; ctimeMs: number }): FileStamp {
  return { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
}

export function sameStamp(a: FileStamp | null, b: FileStamp): boolean {
  return a !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

export async function readTail(path: string, request: TailRequest): Promise<TailRead> {
  let handle;
  try {
    // lstat before open: a symlinked file inside a branch folder is never followed.
    const link = await lstat(path);
    if (link.isSymbolicLink()) return { kind: 'unreadable', message: 'is a symbolic link; not followed' };
    if (!link.isFile()) return { kind: 'unreadable', message: 'is not a regular file' };
    if (sameStamp(request.previous, stampOf(link))) return { kind: 'unchanged', stamp: stampOf(link) };
    handle = await open(path, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', message: describeFsError(err) };
  }
  try {
    // The descriptor's own stat: the file we read is the one we judge, even if the path was swapped meanwhile.
    const stamp = stampOf(await handle.stat());
    const previous = request.previous;
    const whole = previous === null || previous.ino !== stamp.ino || stamp.size < request.from;
    const start = whole ? 0 : Math.max(0, request.from - (request.lookBehind ?? 0));
    const length = Math.max(0, stamp.size - start);
    const bytes = new Uint8Array(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await handle.read(bytes, got, length - got, start + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return { kind: 'bytes', stamp, start, bytes: got === length ? bytes : bytes.subarray(0, got), whole };
  } catch (err) {
    return { kind: 'unreadable', message: describeFsError(err) };
  } finally {
    await handle.close();
  }
}
