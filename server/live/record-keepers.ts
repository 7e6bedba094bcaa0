// How a followed file keeps its records: commits decoded in an array, a log's steps as an index of the file (a
// 205,000-step log is ~12 MB of typed arrays instead of ~300 MB of strings).
import { isUtf8 } from 'node:buffer';
import type { PendingBlock, ResumePoint } from '../../shared/gcc/read/chunk.ts';
import { indexLog } from '../../shared/gcc/read/log-index.ts';
import { initialLogState, type LogState } from '../../shared/gcc/read/log.ts';
import type { ByteReader } from '../../shared/gcc/read/step-bytes-read.ts';
import { StepIndex } from '../../shared/gcc/read/step-index.ts';
import type { Diagnostic, Dialect } from '../../shared/types.ts';

/** What one piece of the file told, besides its records. */
export interface PieceResult<S> {
  pending: PendingBlock | null;
  diagnostics: Diagnostic[];
  state: S;
  needsFullReparse: boolean;
}

/** Records parsed onto a list stay invisible until `commit`, so a read of the disk becomes visible only when complete. */
export interface RecordKeeper<S extends ResumePoint, L extends { readonly length: number }> {
  /** An empty list; `read` gives back the file's bytes as of its records (for a list that decodes on demand). */
  create(read: ByteReader): L;
  /** Parses `bytes` (the file from `state.consumed`, or from byte 0 when `state` is null) onto `list`, uncommitted. */
  parse(state: S | null, bytes: Uint8Array, list: L): PieceResult<S>;
  /** Makes what was parsed onto `list` since its last commit visible. */
  commit(list: L): void;
  /** Forgets it. */
  rollback(list: L): void;
  /** Room for the records of about `bytes` more bytes. */
  reserve?(list: L, bytes: number): void;
}

/** A parser of whole files and of continuations (commits.ts, log.ts). */
export interface IncrementalParser<S extends ResumePoint, T> {
  parse(bytes: Uint8Array): PieceResult<S> & { records: T[] };
  resume(state: S, tail: Uint8Array): PieceResult<S> & { records: T[] };
}

/** Records kept decoded in an array; a piece's records wait beside it until committed. */
export function arrayKeeper<S extends ResumePoint, T>(parser: IncrementalParser<S, T>): RecordKeeper<S, T[]> {
  const drafts = new WeakMap<T[], T[]>();
  return {
    create: () => [],
    parse(state, bytes, list) {
      const r = state ? parser.resume(state, bytes) : parser.parse(bytes);
      if (!r.needsFullReparse) {
        const draft = drafts.get(list) ?? [];
        for (const record of r.records) draft.push(record);
        drafts.set(list, draft);
      }
      return r;
    },
    commit(list) {
      // push, not concat: the list is the one readers hold.
      for (const record of drafts.get(list) ?? []) list.push(record);
      drafts.delete(list);
    },
    rollback: (list) => drafts.delete(list),
  };
}

/** log.md's steps as an index of the file. */
export function indexKeeper(file: string, dialect: Dialect | undefined): RecordKeeper<LogState, StepIndex> {
  return {
    create: (read) => new StepIndex(file, dialect, read),
    parse(state, bytes, list) {
      const r = indexLog(state ?? initialLogState({ file, dialect }), bytes, list, { validUtf8: isUtf8 });
      return r;
    },
    commit: (list) => list.commit(),
    rollback: (list) => list.rollback(),
    reserve: (list, bytes) => list.reserveFor(bytes),
  };
}
