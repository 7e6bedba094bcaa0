// A followed file's terms (tracked-file.ts): what a look at it tells, its options and the sizes it reads in, what one
// reading holds before it becomes the file's state, its records rebuilt from held bytes (a file that slept), and the
// check that an append did not rewrite what was read.
import { bytesEqual } from '../../shared/gcc/read/bytes.ts';
import type { PendingBlock, ResumePoint } from '../../shared/gcc/read/chunk.ts';
import type { Diagnostic } from '../../shared/types.ts';
import { POOLED_FROM, type ByteSource, type FileBytes, type GccSource } from '../fs/index.ts';
import type { Dormancy } from './dormancy.ts';
import type { RecordKeeper } from './record-keepers.ts';

export type FileChange =
  | { kind: 'none' }
  /** `count` records were added after index `from`; earlier ones are unchanged. */
  | { kind: 'appended'; from: number; count: number }
  /** The file was rewritten, truncated, replaced or removed: every record may have changed. */
  | { kind: 'reloaded' };

export const CHUNK_BYTES = 8 * 2 ** 20;
/** What the first read of an append covers; a longer append reads on in pieces. */
export const APPEND_READ = 256 * 1024;
/** No record is this long: past it, the rest of the file is not read (and said so). */
export const MAX_RECORD_BYTES = 16 * 2 ** 20;

export interface TrackedFileOptions {
  chunkBytes?: number;
  maxRecordBytes?: number;
  /**
   * False for a file read once (a one-shot command): nothing is kept to judge a later look by; a later refresh reads
   * it whole again.
   */
  watched?: boolean;
  /** Where the file's bytes come from (default: `path` taken as given on disk). */
  source?: GccSource;
  /** Lets the file drop its records while nobody looks at them (dormancy.ts); none: always awake. */
  dormancy?: Dormancy;
}

/** The records of bytes [0, consumed) a reading holds (a sleeping file sleeps only when they are held). */
export function recordsOf<S extends ResumePoint, L extends { readonly length: number }>(keeper: RecordKeeper<S, L>, bytes: FileBytes, consumed: number): L {
  const list = keeper.create(bytes.read);
  if (consumed === 0) return list;
  keeper.reserve?.(list, consumed);
  keeper.parse(null, bytes.heldPrefix(consumed)!, list);
  keeper.commit(list);
  return list;
}

/** Whether draftAtOnce reads the file: one piece, too small for a pooled buffer, its bytes at hand. */
export function readsAtOnce(source: ByteSource, chunkBytes: number): source is ByteSource & Required<Pick<ByteSource, 'readSync'>> {
  return source.readSync !== undefined && source.size <= chunkBytes && source.size < POOLED_FROM;
}

/**
 * A first reading of a file readsAtOnce takes, made at once: the draft the piece loop would make of it (a start reads
 * thousands of small files; the loop's awaits cost ~7 promises a file). Null when the parse asks for another.
 */
export function draftAtOnce<S extends ResumePoint, L extends { readonly length: number }>(keeper: RecordKeeper<S, L>, source: ByteSource & Required<Pick<ByteSource, 'readSync'>>, held: FileBytes, list: L): Draft<S> | null {
  keeper.reserve?.(list, source.size);
  // Read straight into the slab commit would copy the bytes into (a source whose bytes are at hand ignores it).
  const room = held.room(source.size);
  const bytes = source.readSync(0, source.size, room);
  if (room && bytes.buffer !== room.buffer) held.giveBack(room);
  const result = keeper.parse(null, bytes, list);
  // A first parse never asks for another; the loop's answer is kept in case.
  if (result.needsFullReparse) {
    if (room) held.giveBack(room);
    keeper.rollback(list);
    return null;
  }
  const pieces = held.holds(source.size) ? [bytes.subarray(0, result.state.consumed)] : [];
  return { state: result.state, pending: result.pending, diagnostics: result.diagnostics, cutShort: null, pieces, from: 0 };
}

/** What a read of the disk found, before it becomes the file's state (the records wait in the keeper's list). */
export interface Draft<S> {
  state: S | null;
  pending: PendingBlock | null;
  diagnostics: Diagnostic[];
  cutShort: Diagnostic | null;
  /** The consumed bytes, copied, when the file is small enough to hold or they are few (file-range.ts), from byte `from`. */
  pieces: Uint8Array[];
  from: number;
}

export function cutShortDiagnostic(file: string, state: ResumePoint, size: number, limit: number): Diagnostic {
  return {
    file,
    line: state.line,
    severity: 'error',
    code: 'record-too-large',
    message: `No record ends in the ${limit >= 2 ** 20 ? `${(limit / 2 ** 20).toFixed(0)} MB` : `${limit} bytes`} after byte ${state.consumed} (line ${state.line}); the remaining ${size - state.consumed} bytes of the file are not read.`,
  };
}

/**
 * Whether the file still holds the bytes before `state.consumed`: the fingerprint for the same inode (an append-only
 * file); for another inode (an atomic save) the bytes themselves, held for a small file; a big file replaced is read
 * whole again (hashing every log as it is read, to tell, cost 36 ms a 50 MB log at start).
 */
export async function prefixIntact(source: ByteSource, state: ResumePoint, whole: boolean, held: FileBytes): Promise<boolean> {
  const fp = state.fingerprint;
  if (source.size < state.consumed) return false;
  if (!bytesEqual(await source.read(state.consumed - fp.length, fp.length), fp)) return false;
  if (!whole) return true;
  const prefix = held.heldPrefix(state.consumed);
  return prefix !== null && bytesEqual(await source.read(0, state.consumed), prefix);
}
