// A path taken as given (no .GCC/ root), read whole or from where a tail read stopped: what the file-system tests call.
import { ANY_PATH, MAX_SMALL_FILE_BYTES } from '../fs/disk-source.ts';
import { describeFsError } from '../fs/fs-errors.ts';
import type { FileStamp, ReadResult } from '../fs/gcc-source.ts';
import { MAX_TRACKED_FILE_BYTES, openTail, type TailOpen, type TailRequest } from '../fs/tail-reader.ts';

export type { FileStamp };

/** A whole small file, as the store reads main.md and metadata.yaml. */
export function readBytes(path: string, limit = MAX_SMALL_FILE_BYTES): Promise<ReadResult> {
  return ANY_PATH.read(path, limit);
}

export type TailRead =
  | Exclude<TailOpen, { kind: 'open' }>
  /** `bytes` are the file from `start` to EOF (`start` is 0 when `whole`). */
  | { kind: 'bytes'; stamp: FileStamp; start: number; bytes: Uint8Array; whole: boolean };

/** openTail, then the bytes from `from` (less `lookBehind`) to EOF in one piece. */
export async function readTail(path: string, request: TailRequest & { lookBehind?: number }, limit = MAX_TRACKED_FILE_BYTES): Promise<TailRead> {
  const opened = openTail(ANY_PATH, path, request, limit);
  if (opened.kind !== 'open') return opened;
  try {
    const start = opened.whole ? 0 : Math.max(0, request.from - (request.lookBehind ?? 0));
    const bytes = await opened.source.read(start, opened.source.size - start);
    return { kind: 'bytes', stamp: opened.stamp, start, bytes, whole: opened.whole };
  } catch (err) {
    return { kind: 'unreadable', message: describeFsError(err) };
  } finally {
    opened.close();
  }
}
