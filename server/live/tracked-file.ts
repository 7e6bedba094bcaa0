// One append-only file (log.md or commit.md) followed over time: its parser state, its records, and what the last
// look at the disk changed. Only the bytes after the parser's offset are read, in pieces of at most CHUNK_BYTES (a
// piece grows only while no record ends in it, up to MAX_RECORD_BYTES): memory never holds a whole big file, and the
// records are kept, not the bytes.
import { createHash, type Hash } from 'node:crypto';
import { bytesEqual } from '../../shared/gcc/read/bytes.ts';
import { prefixUnchanged, type PendingBlock, type ResumePoint } from '../../shared/gcc/read/chunk.ts';
import type { Diagnostic } from '../../shared/types.ts';
import { openTail, prefetched, type ByteSource, type FileStamp } from './tail-reader.ts';

/** The part of parseLog / parseCommits results this module needs. */
export interface IncrementalResult<S, T> {
  records: T[];
  pending: PendingBlock | null;
  diagnostics: Diagnostic[];
  state: S;
  needsFullReparse: boolean;
}

export interface IncrementalParser<S extends ResumePoint, T> {
  parse(bytes: Uint8Array): IncrementalResult<S, T>;
  resume(state: S, tail: Uint8Array): IncrementalResult<S, T>;
}

export type FileChange<T> =
  | { kind: 'none' }
  /** `records` were added after index `from`; earlier ones are unchanged. */
  | { kind: 'appended'; from: number; records: T[] }
  /** The file was rewritten, truncated, replaced or removed: every record may have changed. */
  | { kind: 'reloaded' };

export const CHUNK_BYTES = 8 * 2 ** 20;
/** No record is this long: past it, the rest of the file is not read (and said so). */
export const MAX_RECORD_BYTES = 16 * 2 ** 20;

export interface TrackedFileOptions {
  chunkBytes?: number;
  maxRecordBytes?: number;
}

export class TrackedFile<S extends ResumePoint, T> {
  stamp: FileStamp | null = null;
  state: S | null = null;
  records: T[] = [];
  /** Diagnostics of the consumed bytes; the pending block's warning is added by `diagnostics`. */
  private consumedDiagnostics: Diagnostic[] = [];
  private pending: PendingBlock | null = null;
  /** Set when the reading stopped before the end of the file (a run of bytes in which no record ends). */
  private cutShort: Diagnostic | null = null;
  /**
   * Running hash of the bytes before `state.consumed`. When the file is another inode (an atomic save), it proves
   * the old part unchanged, which the parser's 64-byte fingerprint alone cannot; for plain appends the fingerprint
   * is the check, as re-reading a 50 MB log on every append is out of the question.
   */
  private prefixHash: Hash = createHash('sha1');
  /** Set when the file is absent, unreadable or too large (the caller decides whether absence is a problem). */
  problem: { missing: boolean; message: string; code?: string } | null = null;
  private readonly chunkBytes: number;
  private readonly maxRecordBytes: number;

  constructor(
    readonly path: string,
    private parser: IncrementalParser<S, T>,
    private readonly relPath: string = path,
    options: TrackedFileOptions = {},
  ) {
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    this.maxRecordBytes = options.maxRecordBytes ?? MAX_RECORD_BYTES;
  }

  /**
   * Parses the whole file again with another parser (the branch's dialect turned out to need other escape rules).
   * The old records stay in place until the new ones are ready.
   */
  async reparseWith(parser: IncrementalParser<S, T>): Promise<FileChange<T>> {
    this.parser = parser;
    const opened = await openTail(this.path, { from: 0, previous: null });
    if (opened.kind !== 'open') {
      this.reset();
      if (opened.kind === 'unreadable') this.problem = { missing: false, message: opened.message, code: opened.code };
      return { kind: 'reloaded' };
    }
    try {
      this.problem = null;
      await this.reparse(opened.source, opened.stamp);
      return { kind: 'reloaded' };
    } finally {
      await opened.close();
    }
  }

  get diagnostics(): Diagnostic[] {
    const extra = [this.pending?.diagnostic, this.cutShort].filter((d): d is Diagnostic => !!d);
    return extra.length ? [...this.consumedDiagnostics, ...extra] : this.consumedDiagnostics;
  }

  /** Looks at the file and updates the records; says what changed. */
  async refresh(): Promise<FileChange<T>> {
    const state = this.state;
    const opened = await openTail(this.path, { from: state?.consumed ?? 0, previous: this.stamp });
    if (opened.kind === 'unchanged') return { kind: 'none' };
    if (opened.kind !== 'open') {
      const had = this.state !== null || this.records.length > 0;
      this.reset();
      this.problem = opened.kind === 'missing' ? { missing: true, message: 'no such file' } : { missing: false, message: opened.message, code: opened.code };
      // A file too large keeps its stamp: the next look without a change costs one lstat.
      if (opened.kind === 'unreadable' && opened.stamp) this.stamp = opened.stamp;
      return had ? { kind: 'reloaded' } : { kind: 'none' };
    }
    try {
      this.problem = null;
      // One read covers the fingerprint and the first piece (or a small file whole).
      const from = opened.whole || !state ? 0 : Math.max(0, state.consumed - state.fingerprint.length);
      const source = await prefetched(opened.source, from, this.chunkBytes + (state && !opened.whole ? state.fingerprint.length : 0));
      // An append: the bytes before our offset must be the ones we parsed (fingerprint), whether the file is the
      // same inode or another one (an atomic save, or a writer that rewrites the file to append: then the hash too).
      if (state && (await this.prefixIntact(source, state, opened.whole))) {
        const draft = await this.readOn(source, state, this.prefixHash.copy());
        // Committed only onto the state it was read from.
        if (draft && this.state === state) {
          const from = this.records.length;
          this.commit(draft, opened.stamp);
          return draft.records.length > 0 ? { kind: 'appended', from, records: draft.records } : { kind: 'none' };
        }
      }
      return await this.reparse(from === 0 ? source : opened.source, opened.stamp);
    } finally {
      await opened.close();
    }
  }

  private async prefixIntact(source: ByteSource, state: S, whole: boolean): Promise<boolean> {
    const fp = state.fingerprint;
    if (source.size < state.consumed) return false;
    if (!bytesEqual(await source.read(state.consumed - fp.length, fp.length), fp)) return false;
    if (!whole) return true;
    const hash = createHash('sha1');
    for (let at = 0; at < state.consumed; at += this.chunkBytes) hash.update(await source.read(at, Math.min(this.chunkBytes, state.consumed - at)));
    return hash.digest().equals(this.prefixHash.copy().digest());
  }

  /**
   * Parses from `start`'s offset (null: byte 0) to the end of the file, piece by piece, into a draft that only
   * `commit` makes visible: readers between two pieces see the records as they were. Null when the parser asks for
   * a parse from byte 0.
   */
  private async readOn(source: ByteSource, start: S | null, hash: Hash): Promise<Draft<S, T> | null> {
    const draft: Draft<S, T> = { state: start, pending: null, records: [], diagnostics: [], cutShort: null, hash };
    let pos = start?.consumed ?? 0;
    let piece = this.chunkBytes;
    for (;;) {
      const bytes = await source.read(pos, Math.min(piece, source.size - pos));
      const result = draft.state ? this.parser.resume(draft.state, bytes) : this.parser.parse(bytes);
      if (result.needsFullReparse) return null;
      absorb(draft, result, bytes, pos);
      const state = result.state;
      if (pos + bytes.length >= source.size) return draft;
      if (state.consumed === pos) {
        // No record ended in this piece: a longer one, up to the limit of one record.
        if (bytes.length >= this.maxRecordBytes) {
          draft.cutShort = cutShortDiagnostic(this.relPath, state, source.size, this.maxRecordBytes);
          return draft;
        }
        piece = Math.min(piece * 2, this.maxRecordBytes);
      } else piece = this.chunkBytes;
      pos = state.consumed;
    }
  }

  /** Makes a draft the file's state (synchronously: records and state change together). */
  private commit(draft: Draft<S, T>, stamp: FileStamp): void {
    this.stamp = stamp;
    this.state = draft.state;
    this.pending = draft.pending;
    this.cutShort = draft.cutShort;
    this.prefixHash = draft.hash;
    // push, not concat: a 200,000-step log must not be copied on every append.
    for (const d of draft.diagnostics) this.consumedDiagnostics.push(d);
    for (const r of draft.records) this.records.push(r);
  }

  private reset(): void {
    this.prefixHash = createHash('sha1');
    this.stamp = null;
    this.state = null;
    this.records = [];
    this.consumedDiagnostics = [];
    this.pending = null;
    this.cutShort = null;
  }

  private async reparse(source: ByteSource, stamp: FileStamp): Promise<FileChange<T>> {
    let draft = await this.readOn(source, null, createHash('sha1'));
    if (!draft) {
      // A piece ended on a `---` line the next piece proved to be value text: parse the file in one piece.
      const bytes = await source.read(0, source.size);
      draft = { state: null, pending: null, records: [], diagnostics: [], cutShort: null, hash: createHash('sha1') };
      absorb(draft, this.parser.parse(bytes), bytes, 0);
    }
    const hadRecords = this.records.length > 0;
    this.reset();
    this.commit(draft, stamp);
    // A file seen for the first time (or after it was empty) just gained records: that is an append from 0.
    if (hadRecords) return { kind: 'reloaded' };
    return draft.records.length > 0 ? { kind: 'appended', from: 0, records: draft.records } : { kind: 'none' };
  }
}

/** What a read of the disk found, before it becomes the file's state. */
interface Draft<S, T> {
  state: S | null;
  pending: PendingBlock | null;
  records: T[];
  diagnostics: Diagnostic[];
  cutShort: Diagnostic | null;
  hash: Hash;
}

/** `bytes` start at byte `at`; the part the parser consumed joins the prefix hash. */
function absorb<S extends ResumePoint, T>(draft: Draft<S, T>, result: IncrementalResult<S, T>, bytes: Uint8Array, at: number): void {
  draft.hash.update(bytes.subarray(0, result.state.consumed - at));
  draft.state = result.state;
  draft.pending = result.pending;
  for (const d of result.diagnostics) draft.diagnostics.push(d);
  for (const r of result.records) draft.records.push(r);
}

function cutShortDiagnostic(file: string, state: ResumePoint, size: number, limit: number): Diagnostic {
  return {
    file,
    line: state.line,
    severity: 'error',
    code: 'record-too-large',
    message: `No record ends in the ${limit >= 2 ** 20 ? `${(limit / 2 ** 20).toFixed(0)} MB` : `${limit} bytes`} after byte ${state.consumed} (line ${state.line}); the remaining ${size - state.consumed} bytes of the file are not read.`,
  };
}
