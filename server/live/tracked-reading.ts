// What one reading of a followed file (tracked-file.ts) holds before it becomes the file's state, and its records
// rebuilt from the bytes it held (a file that slept: dormancy.ts).
import type { PendingBlock, ResumePoint } from '../../shared/gcc/read/chunk.ts';
import type { Diagnostic } from '../../shared/types.ts';
import type { FileBytes } from '../fs/index.ts';
import type { RecordKeeper } from './record-keepers.ts';

export const constant =
  <T,>(value: T) =>
  (): T =>
    value;

/** The records of bytes [0, consumed) a reading holds (a sleeping file sleeps only when they are held). */
export function recordsOf<S extends ResumePoint, L extends { readonly length: number }>(keeper: RecordKeeper<S, L>, bytes: FileBytes, consumed: number): L {
  const list = keeper.create(bytes.read);
  if (consumed === 0) return list;
  keeper.reserve?.(list, consumed);
  keeper.parse(null, bytes.heldPrefix(consumed)!, list);
  keeper.commit(list);
  return list;
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
