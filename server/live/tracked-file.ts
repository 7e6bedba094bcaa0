// One append-only file (log.md or commit.md) followed over time: only the bytes after its parser's offset are read, in
// bounded pieces, so memory never holds a whole big file.
import type { PendingBlock, ResumePoint } from '../../shared/gcc/read/chunk.ts';
import type { Diagnostic } from '../../shared/types.ts';
import { ANY_PATH, FileBytes, withPieceBuffer, openTail, prefetched, type ByteSource, type FileStamp, type GccSource } from '../fs/index.ts';
import type { Dormancy, Sleeper } from './dormancy.ts';
import type { RecordKeeper } from './record-keepers.ts';
import { HeldVersionRecords, ListRecords, type VersionRecords } from './version-records.ts';
import { APPEND_READ, CHUNK_BYTES, cutShortDiagnostic, draftAtOnce, MAX_RECORD_BYTES, prefixIntact, readsAtOnce, recordsOf, type Draft, type FileChange, type TrackedFileOptions } from './tracked-reading.ts';

/**
 * Its parser state, its records, and what the last look changed. Pieces are at most CHUNK_BYTES (one grows only while
 * no record ends in it, up to MAX_RECORD_BYTES) and land in reused buffers (piece-buffers.ts). How records are kept is
 * the keeper's (record-keepers.ts); a log's steps are decoded when asked from the bytes file-range.ts gives back.
 */
export class TrackedFile<S extends ResumePoint, L extends { readonly length: number }> implements Sleeper {
  stamp: FileStamp | null = null;
  state: S | null = null;
  /** Null while asleep: rebuilt from the held bytes when next asked for. */
  private list: L | null;
  /** How many records it had when it fell asleep. */
  private sleptCount = 0;
  /** Reads under way: a file never sleeps in the middle of one (its records are compared after each await). */
  private reading = 0;
  private readonly dormancy: Dormancy | undefined;
  /** Diagnostics of the consumed bytes; the pending block's warning is added by `diagnostics`. */
  private consumedDiagnostics: Diagnostic[] = [];
  private pending: PendingBlock | null = null;
  /** Set when the reading stopped before the end of the file (a run of bytes in which no record ends). */
  private cutShort: Diagnostic | null = null;
  /** Set when the file is absent, unreadable or too large (the caller decides whether absence is a problem). */
  problem: { missing: boolean; message: string; code?: string } | null = null;
  private readonly chunkBytes: number;
  private readonly maxRecordBytes: number;
  /** The bytes the records were read from (each reading its own: a reload leaves the old records theirs). */
  private bytes: FileBytes;
  private readonly watched: boolean;
  private readonly source: GccSource;

  constructor(
    readonly path: string,
    private keeper: RecordKeeper<S, L>,
    /** The path diagnostics name (relative to .GCC/); its keeper's records name the same string. */
    readonly relPath: string = path,
    options: TrackedFileOptions = {},
  ) {
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    this.maxRecordBytes = options.maxRecordBytes ?? MAX_RECORD_BYTES;
    this.watched = options.watched ?? true;
    this.source = options.source ?? ANY_PATH;
    this.dormancy = options.dormancy;
    this.bytes = this.newBytes();
    this.list = keeper.create(this.bytes.read);
  }

  /** The records (waking the file when it sleeps). */
  get records(): L {
    const list = this.list ?? this.wake();
    this.dormancy?.touched(this);
    return list;
  }

  /** How many records there are, asleep or awake (a summary never wakes a file). */
  get count(): number {
    return this.list === null ? this.sleptCount : this.list.length;
  }

  get asleep(): boolean {
    return this.list === null;
  }

  /** Drops the records when the bytes they came from are held whole (rebuilding them costs no read of the disk). */
  sleep(): 'asleep' | 'already' | 'busy' | 'never' {
    if (this.list === null) return 'already';
    if (this.reading > 0) return 'busy';
    if (!this.watched || this.state === null || this.bytes.heldPrefix(this.state.consumed) === null) return 'never';
    this.sleptCount = this.list.length;
    this.list = null;
    this.dormancy?.slept(this);
    return 'asleep';
  }

  /** Compresses the held bytes while it sleeps (file-range.ts); the plain bytes that let go (0: it woke meanwhile). */
  async pack(): Promise<number> {
    const bytes = this.bytes;
    if (this.list !== null) return 0;
    return bytes.pack(() => this.list === null && this.bytes === bytes);
  }

  /** Whether it holds its bytes compressed. */
  get packed(): boolean {
    return this.bytes.isPacked;
  }

  /** The records parsed again from the held bytes, as the reading that made them left them. */
  private wake(): L {
    const list = recordsOf(this.keeper, this.bytes, this.state?.consumed ?? 0);
    this.bytes.ownBytes();
    this.list = list;
    return list;
  }

  /**
   * The records of the file as it is now, parsed when first asked: while the file is this version they are its
   * records (appends included, as a list held awake grows); after a reload, the ones this version had.
   */
  recordsNow(): VersionRecords<L> {
    const consumed = this.state?.consumed ?? 0;
    // Bytes not held (a big file, which never sleeps): the list itself is the version's records.
    if (this.list && this.bytes.heldPrefix(consumed) === null) return new ListRecords(this.list);
    return new HeldVersionRecords(this, this.bytes, this.keeper, consumed);
  }

  /** Whether the records come from `bytes` (the reading they were read in is still the file's). */
  readFrom(bytes: FileBytes): boolean {
    return this.bytes === bytes;
  }

  /**
   * Reads the whole file again with another keeper (the branch's dialect turned out to need other escape rules).
   * The old records stay in place until the new ones are ready.
   */
  async rereadWith(keeper: RecordKeeper<S, L>): Promise<FileChange> {
    this.reading += 1;
    try {
      return await this.rereadWithOnce(keeper);
    } finally {
      this.reading -= 1;
    }
  }

  private async rereadWithOnce(keeper: RecordKeeper<S, L>): Promise<FileChange> {
    this.keeper = keeper;
    const opened = openTail(this.source, this.path, { from: 0, previous: null });
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
      opened.close();
    }
  }

  get diagnostics(): Diagnostic[] {
    const extra = [this.pending?.diagnostic, this.cutShort].filter((d): d is Diagnostic => !!d);
    return extra.length ? [...this.consumedDiagnostics, ...extra] : this.consumedDiagnostics;
  }

  /** Looks at the file and updates the records; says what changed. */
  async refresh(): Promise<FileChange> {
    this.reading += 1;
    try {
      return await this.refreshOnce();
    } finally {
      this.reading -= 1;
    }
  }

  private async refreshOnce(): Promise<FileChange> {
    const state = this.state;
    const opened = openTail(this.source, this.path, { from: state?.consumed ?? 0, previous: this.stamp });
    if (opened.kind === 'unchanged') return { kind: 'none' };
    if (opened.kind !== 'open') {
      const had = this.state !== null || this.count > 0;
      this.reset();
      this.problem = opened.kind === 'missing' ? { missing: true, message: 'no such file' } : { missing: false, message: opened.message, code: opened.code };
      // A file too large keeps its stamp: the next look without a change costs one lstat.
      if (opened.kind === 'unreadable' && opened.stamp) this.stamp = opened.stamp;
      return had ? { kind: 'reloaded' } : { kind: 'none' };
    }
    try {
      this.problem = null;
      // An append: the bytes before our offset must be the ones we parsed (fingerprint; for another inode, an atomic
      // save, the bytes held: prefixIntact). The usual append: one read covers the fingerprint and what was appended.
      const source = state && !opened.whole ? await prefetched(opened.source, Math.max(0, state.consumed - state.fingerprint.length), APPEND_READ) : opened.source;
      if (state && this.watched && (await prefixIntact(source, state, opened.whole, this.bytes))) {
        const records = this.records;
        const draft = await this.readOn(source, state, records, this.bytes);
        // Committed only onto the state it was read from.
        if (draft && this.state === state && this.records === records) {
          const from = records.length;
          this.commit(draft, opened.stamp);
          const count = records.length - from;
          return count > 0 ? { kind: 'appended', from, count } : { kind: 'none' };
        }
        this.keeper.rollback(records);
      }
      return await this.reparse(opened.source, opened.stamp);
    } finally {
      opened.close();
    }
  }

  /** A reading's bytes: a file read once holds none (it is read from the disk if a step is decoded). */
  private newBytes(): FileBytes {
    return new FileBytes(this.path, this.relPath, this.watched ? undefined : 0, this.source);
  }

  /**
   * Parses from `start`'s offset (null: byte 0) to the end of the file, piece by piece, onto `list` uncommitted: only
   * `commit` makes the records visible, so readers between two pieces see them as they were. Null when the parser
   * asks for a parse from byte 0.
   */
  // One piece: the piece loop, its growth while no record ends, and the cut-short case share the position and state.
  private async readOn(source: ByteSource, start: S | null, list: L, held: FileBytes): Promise<Draft<S> | null> {
    const draft: Draft<S> = { state: start, pending: null, diagnostics: [], cutShort: null, pieces: [], from: start?.consumed ?? 0 };
    const keep = held.holds(source.size - (start?.consumed ?? 0));
    let pos = start?.consumed ?? 0;
    let piece = this.chunkBytes;
    this.keeper.reserve?.(list, source.size - pos);
    for (;;) {
      const want = Math.min(piece, source.size - pos);
      const done = await withPieceBuffer(want, async (buffer) => {
        const bytes = await source.read(pos, want, buffer);
        const result = this.keeper.parse(draft.state, bytes, list);
        if (result.needsFullReparse) return 'reparse';
        const consumed = bytes.subarray(0, result.state.consumed - pos);
        // A pooled buffer is reused by the next read: its bytes are copied; a read of its own is kept as it is.
        if (keep) draft.pieces.push(buffer ? consumed.slice() : consumed);
        draft.state = result.state;
        draft.pending = result.pending;
        for (const d of result.diagnostics) draft.diagnostics.push(d);
        return pos + bytes.length >= source.size ? 'end' : bytes.length;
      });
      if (done === 'reparse') return null;
      if (done === 'end') return draft;
      const state = draft.state!;
      if (state.consumed === pos) {
        // No record ended in this piece: a longer one, up to the limit of one record.
        if (done >= this.maxRecordBytes) {
          draft.cutShort = cutShortDiagnostic(this.relPath, state, source.size, this.maxRecordBytes);
          return draft;
        }
        piece = Math.min(piece * 2, this.maxRecordBytes);
      } else piece = this.chunkBytes;
      pos = state.consumed;
    }
  }

  /** Makes a draft the file's state (synchronously: records and state change together). */
  private commit(draft: Draft<S>, stamp: FileStamp): void {
    this.stamp = stamp;
    this.bytes.commit(draft.pieces, draft.from, draft.state?.consumed ?? draft.from, stamp);
    this.state = draft.state;
    this.pending = draft.pending;
    this.cutShort = draft.cutShort;
    for (const d of draft.diagnostics) this.consumedDiagnostics.push(d);
    this.keeper.commit(this.records);
  }

  /** Forgets the reading; `held` and `list`: the next reading's, already made. */
  private reset(held?: FileBytes, list?: L): void {
    this.stamp = null;
    this.state = null;
    this.bytes = held ?? this.newBytes();
    this.list = list ?? this.keeper.create(this.bytes.read);
    this.consumedDiagnostics = [];
    this.pending = null;
    this.cutShort = null;
  }

  private async reparse(source: ByteSource, stamp: FileStamp): Promise<FileChange> {
    let held = this.newBytes();
    let list = this.keeper.create(held.read);
    // A small file at hand is read at once (a start reads thousands), any other in pieces.
    let draft = (readsAtOnce(source, this.chunkBytes) ? draftAtOnce(this.keeper, source, held, list) : null) ?? (await this.readOn(source, null, list, held));
    if (!draft) {
      // A piece ended on a `---` line the next piece proved to be value text: parse the file in one piece.
      held = this.newBytes();
      list = this.keeper.create(held.read);
      const bytes = await source.read(0, source.size);
      const result = this.keeper.parse(null, bytes, list);
      const consumed = bytes.subarray(0, result.state.consumed);
      draft = { state: result.state, pending: result.pending, diagnostics: result.diagnostics, cutShort: null, pieces: [consumed], from: 0 };
    }
    const hadRecords = this.count > 0;
    this.reset(held, list);
    this.commit(draft, stamp);
    // A file seen for the first time (or after it was empty) just gained records: that is an append from 0.
    if (hadRecords) return { kind: 'reloaded' };
    return list.length > 0 ? { kind: 'appended', from: 0, count: list.length } : { kind: 'none' };
  }
}
