// One append-only file (log.md or commit.md) followed over time: its parser state, its records, and what the last
// look at the disk changed. Only the bytes after the parser's offset are read; the records are kept, not the bytes.
import { createHash, type Hash } from 'node:crypto';
import { bytesEqual } from '../../shared/gcc/read/bytes.ts';
import { FINGERPRINT_BYTES, prefixUnchanged, type PendingBlock, type ResumePoint } from '../../shared/gcc/read/chunk.ts';
import type { Diagnostic } from '../../shared/types.ts';
import { readTail, type FileStamp } from './tail-reader.ts';

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

export class TrackedFile<S extends ResumePoint, T> {
  stamp: FileStamp | null = null;
  state: S | null = null;
  records: T[] = [];
  /** Diagnostics of the consumed bytes; the pending block's warning is added by `diagnostics`. */
  private consumedDiagnostics: Diagnostic[] = [];
  private pending: PendingBlock | null = null;
  /**
   * Running hash of the bytes before `state.consumed`. When we hold the whole file anyway (an atomic save), it proves
   * the old part unchanged, which the parser's 64-byte fingerprint alone cannot; for plain appends the fingerprint
   * is the check, as re-reading a 50 MB log on every append is out of the question.
   */
  private prefixHash: Hash = createHash('sha1');
  /** Set when the file is absent or unreadable (the caller decides whether absence is a problem). */
  problem: { missing: boolean; message: string } | null = null;

  constructor(
    readonly path: string,
    private parser: IncrementalParser<S, T>,
  ) {}

  /**
   * Parses the whole file again with another parser (the branch's dialect turned out to need other escape rules).
   * The old records stay in place until the new ones are ready.
   */
  async reparseWith(parser: IncrementalParser<S, T>): Promise<FileChange<T>> {
    const whole = await readTail(this.path, { from: 0, previous: null });
    this.parser = parser;
    if (whole.kind !== 'bytes') {
      this.reset();
      return { kind: 'reloaded' };
    }
    this.problem = null;
    this.reparse(whole.bytes, whole.stamp);
    return { kind: 'reloaded' };
  }

  get diagnostics(): Diagnostic[] {
    return this.pending?.diagnostic ? [...this.consumedDiagnostics, this.pending.diagnostic] : this.consumedDiagnostics;
  }

  /** Looks at the file and updates the records; says what changed. */
  async refresh(): Promise<FileChange<T>> {
    const state = this.state;
    const read = await readTail(this.path, { from: state?.consumed ?? 0, previous: this.stamp, lookBehind: FINGERPRINT_BYTES });
    if (read.kind === 'unchanged') return { kind: 'none' };
    if (read.kind === 'missing' || read.kind === 'unreadable') {
      const had = this.state !== null || this.records.length > 0;
      this.reset();
      this.problem = read.kind === 'missing' ? { missing: true, message: 'no such file' } : { missing: false, message: read.message };
      return had ? { kind: 'reloaded' } : { kind: 'none' };
    }
    this.problem = null;
    if (state) {
      // An append: the bytes before our offset must be the ones we parsed (fingerprint), whether we got only the
      // tail (same inode) or the whole file (an atomic save, or a writer that rewrites the file to append).
      const behind = read.whole ? state.consumed : state.consumed - read.start;
      const intact = read.whole
        ? prefixUnchanged(state, read.bytes) && this.sameDigest(read.bytes.subarray(0, state.consumed))
        : behind >= state.fingerprint.length && bytesEqual(read.bytes.subarray(behind - state.fingerprint.length, behind), state.fingerprint);
      if (intact) {
        const tail = read.bytes.subarray(behind);
        const result = this.parser.resume(state, tail);
        if (!result.needsFullReparse) {
          this.stamp = read.stamp;
          return this.absorb(result, tail);
        }
      }
      if (!read.whole) {
        const whole = await readTail(this.path, { from: 0, previous: null });
        if (whole.kind !== 'bytes') return this.refresh();
        return this.reparse(whole.bytes, whole.stamp);
      }
    }
    return this.reparse(read.bytes, read.stamp);
  }

  private sameDigest(prefix: Uint8Array): boolean {
    return createHash('sha1').update(prefix).digest().equals(this.prefixHash.copy().digest());
  }

  private reset(): void {
    this.prefixHash = createHash('sha1');
    this.stamp = null;
    this.state = null;
    this.records = [];
    this.consumedDiagnostics = [];
    this.pending = null;
  }

  private reparse(bytes: Uint8Array, stamp: FileStamp): FileChange<T> {
    const hadRecords = this.records.length > 0;
    this.reset();
    this.stamp = stamp;
    const change = this.absorb(this.parser.parse(bytes), bytes);
    // A file seen for the first time (or after it was empty) just gained records: that is an append from 0.
    return hadRecords ? { kind: 'reloaded' } : change;
  }

  /** `bytes` start at the old offset; the part the parser consumed joins the prefix hash. */
  private absorb(result: IncrementalResult<S, T>, bytes: Uint8Array): FileChange<T> {
    const before = this.state?.consumed ?? 0;
    this.prefixHash.update(bytes.subarray(0, result.state.consumed - before));
    this.state = result.state;
    this.pending = result.pending;
    if (result.diagnostics.length > 0) this.consumedDiagnostics = [...this.consumedDiagnostics, ...result.diagnostics];
    if (result.records.length === 0) return { kind: 'none' };
    const from = this.records.length;
    // push, not concat: a 200,000-step log must not be copied on every append.
    for (const r of result.records) this.records.push(r);
    return { kind: 'appended', from, records: result.records };
  }
}
