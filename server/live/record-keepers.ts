// How a followed file keeps its records: commits decoded in an array, a log's steps as an index of the file (a
// 205,000-step log is ~12 MB of typed arrays instead of ~300 MB of strings). A keeper a file: classes, not closures.
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

/**
 * The drafts of every array keeper's lists: one table for the process (a list is its keeper's alone), where a WeakMap
 * and four closures a keeper cost ~700 bytes a file, ~7 MB of an idle server on 5,000 branches.
 */
const drafts = new WeakMap<readonly unknown[], unknown[]>();

/** Records kept decoded in an array; a piece's records wait beside it until committed. */
export class ArrayKeeper<S extends ResumePoint, T> implements RecordKeeper<S, T[]> {
  constructor(private readonly parser: IncrementalParser<S, T>) {}

  create(): T[] {
    return [];
  }

  parse(state: S | null, bytes: Uint8Array, list: T[]): PieceResult<S> {
    const r = state ? this.parser.resume(state, bytes) : this.parser.parse(bytes);
    if (!r.needsFullReparse) {
      const draft = (drafts.get(list) ?? []) as T[];
      for (const record of r.records) draft.push(record);
      drafts.set(list, draft);
    }
    return r;
  }

  commit(list: T[]): void {
    // push, not concat: the list is the one readers hold.
    for (const record of (drafts.get(list) ?? []) as T[]) list.push(record);
    drafts.delete(list);
  }

  rollback(list: T[]): void {
    drafts.delete(list);
  }
}

/** log.md's steps as an index of the file. */
export class IndexKeeper implements RecordKeeper<LogState, StepIndex> {
  constructor(
    private readonly file: string,
    private readonly dialect: Dialect | undefined,
  ) {}

  create(read: ByteReader): StepIndex {
    return new StepIndex(this.file, this.dialect, read);
  }

  parse(state: LogState | null, bytes: Uint8Array, list: StepIndex): PieceResult<LogState> {
    return indexLog(state ?? initialLogState({ file: this.file, dialect: this.dialect }), bytes, list, { validUtf8: isUtf8 });
  }

  commit(list: StepIndex): void {
    list.commit();
  }

  rollback(list: StepIndex): void {
    list.rollback();
  }

  reserve(list: StepIndex, bytes: number): void {
    list.reserveFor(bytes);
  }
}
