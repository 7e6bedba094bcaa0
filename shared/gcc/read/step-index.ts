// A log's steps kept as an index of the file, not as strings: ~43 bytes a step in typed arrays against ~1.5 KB for a
// decoded step, each step decoded again from the file's bytes when asked.
import type { ByteRange, Dialect, OtaStep } from '../../types.ts';
import { initialLogState, continueLog } from './log.ts';
import { recordKey, timestampKey, type TimeKey } from './time-key.ts';
import type { TimestampShapeName } from './timestamp.ts';
import { shapeCodeOf, shapeName } from './timestamp-shapes.ts';
import { iterateInRuns, plainShapeOf, PrefixList, sliceBounds, type StepList } from './step-list.ts';
import { headerTimestamp, ONE_BYTE, StaleStepsError, type ByteReader } from './step-bytes-read.ts';

const NO_MERGE = -1;
const F_START = 0;
const F_END = 1;
const F_NUMBER = 2;
const F_SECS = 3;
/** A decoded record's plain shape or timestamp shape not worked out yet. */
const UNKNOWN = -2;
const UNKNOWN_SHAPE = 0xff;

/**
 * Per record its byte range, step number, time key, merge and plain shape; fresh memory is dear (~3 ms a MB on the
 * bench machine), so nothing else is kept: even a timestamp's text is read back from the header line when asked.
 * Records the fast path read (step-scan.ts) are decoded by log.ts's own reader when asked, so a decoded step is exactly
 * what a full parse gives; records only the full reader could read (a damaged or hand-laid record, one after a merge
 * heading the writers did not write: few) are kept decoded. Appends stay invisible until `commit`; `rollback` forgets them.
 */
export class StepIndex implements StepList {
  /** Steps visible to readers. */
  length = 0;
  /** Steps written, committed or not. */
  private written = 0;
  // Every field in one buffer of `capacity` steps: four views, not nine arrays, as each array is a backing store of its
  // own to allocate and later sweep (~40 ms of a cold start on 5,000 logs). Per step i:
  private capacity = 0;
  /** [4i + F_*]: start and end byte, step number, seconds of the time key (NaN: none). */
  private f64 = new Float64Array(0);
  /** [2i]: the time key's nanoseconds; [2i + 1]: the merge's branch id (NO_MERGE). */
  private i32 = new Int32Array(0);
  /** [i]: plain shape, or -1 (a column of its own: plainShapes hands it out). */
  private flags = new Int8Array(0);
  /** [2i]: 1 when the key names a real instant (time travel's key), else 0; [2i + 1]: the timestamp's shape code. */
  private u8 = new Uint8Array(0);
  private readonly mergeNames: string[] = [];
  private readonly decoded = new Map<number, OtaStep>();

  constructor(
    /** Path relative to .GCC/ (the decoded records' diagnostics are not kept). */
    readonly file: string,
    readonly dialect: Dialect | undefined,
    private readonly read: ByteReader,
  ) {}

  /** A record the fast path read (its header is `### Step N — TS`, exactly). */
  pushScanned(start: number, end: number, step: number, key: readonly [number, number], real: boolean, shape: number, mergedFrom: string | undefined, plainShape: number): void {
    const i = this.grow();
    const f = 4 * i;
    this.f64[f + F_START] = start;
    this.f64[f + F_END] = end;
    this.f64[f + F_NUMBER] = step;
    this.f64[f + F_SECS] = key[0];
    this.i32[2 * i] = key[1];
    this.i32[2 * i + 1] = mergedFrom === undefined ? NO_MERGE : this.mergeId(mergedFrom);
    this.u8[2 * i] = real ? 1 : 0;
    this.u8[2 * i + 1] = shape;
    this.flags[i] = plainShape;
  }

  /** A record the full reader read, kept decoded. */
  pushDecoded(s: OtaStep): void {
    const i = this.grow();
    const f = 4 * i;
    this.f64[f + F_START] = s.range.start;
    this.f64[f + F_END] = s.range.end;
    this.f64[f + F_NUMBER] = s.step;
    const key = timestampKey(s.timestamp);
    this.f64[f + F_SECS] = key ? key[0] : Number.NaN;
    this.i32[2 * i] = key ? key[1] : 0;
    this.i32[2 * i + 1] = s.mergedFrom === undefined ? NO_MERGE : this.mergeId(s.mergedFrom);
    // Worked out when first asked (a Lua or Zig log is all decoded records, and its readers ask for neither).
    this.flags[i] = UNKNOWN;
    this.u8[2 * i] = 0;
    this.u8[2 * i + 1] = UNKNOWN_SHAPE;
    this.decoded.set(i, s);
  }

  /**
   * Room for the steps of `bytes` more bytes: records of 80 bytes (the shortest) for a big read, whose untouched pages
   * cost nothing (growing by copies would touch them all, ~3 ms a MB here); 256 for a small one, zeroed whole.
   */
  reserveFor(bytes: number): void {
    this.ensureCapacity(this.written + (bytes > 2 ** 20 ? Math.ceil(bytes / 80) : Math.ceil(bytes / 256) + 8));
  }

  private grow(): number {
    this.ensureCapacity(this.written + 1);
    return this.written++;
  }

  private ensureCapacity(want: number): void {
    if (want <= this.capacity) return;
    const n = Math.max(32, Math.ceil(this.capacity * 1.5), want);
    const buffer = new ArrayBuffer(43 * n);
    const f64 = new Float64Array(buffer, 0, 4 * n);
    const i32 = new Int32Array(buffer, 32 * n, 2 * n);
    const flags = new Int8Array(buffer, 40 * n, n);
    const u8 = new Uint8Array(buffer, 41 * n, 2 * n);
    // Step i's fields sit at the same places in a view of any capacity: each view's old contents go first.
    if (this.capacity > 0) {
      f64.set(this.f64);
      i32.set(this.i32);
      flags.set(this.flags);
      u8.set(this.u8);
    }
    [this.f64, this.i32, this.flags, this.u8] = [f64, i32, flags, u8];
    this.capacity = n;
  }

  private mergeId(branch: string): number {
    const last = this.mergeNames.length - 1;
    if (last >= 0 && this.mergeNames[last] === branch) return last;
    let id = this.mergeNames.lastIndexOf(branch);
    if (id === -1) id = this.mergeNames.push(branch) - 1;
    return id;
  }

  /** Steps written since the last commit. */
  get uncommitted(): number {
    return this.written - this.length;
  }

  commit(): void {
    this.length = this.written;
  }

  /** Forgets the steps written since the last commit. */
  rollback(): void {
    for (let i = this.length; i < this.written; i++) this.decoded.delete(i);
    this.written = this.length;
  }

  stepAt(i: number): number {
    return this.f64[4 * this.checked(i) + F_NUMBER]!;
  }

  timestampAt(i: number): string {
    return this.timestamps(this.checked(i), i + 1)[0]!;
  }

  timestampShapes(from: number, to: number): (TimestampShapeName | null)[] {
    const out: (TimestampShapeName | null)[] = [];
    for (let i = this.checkedFrom(from, to); i < to; i++) {
      if (this.u8[2 * i + 1] === UNKNOWN_SHAPE) this.u8[2 * i + 1] = shapeCodeOf(this.decoded.get(i)!.timestamp);
      out.push(shapeName(this.u8[2 * i + 1]!));
    }
    return out;
  }

  /** The timestamps of steps [from, to), each run of scanned records read back at once (their header lines). */
  timestamps(from: number, to: number): string[] {
    const out: string[] = [];
    let i = from;
    while (i < to) {
      const d = this.decoded.get(i);
      if (d) {
        out.push(d.timestamp);
        i++;
        continue;
      }
      let j = i + 1;
      while (j < to && !this.decoded.has(j)) j++;
      const start = this.startOf(i);
      // One byte a character: offsets in the text are offsets in the bytes (the timestamps are ASCII).
      const text = ONE_BYTE.decode(this.read(start, j - i === 1 ? Math.min(this.endOf(i), start + 96) : this.endOf(j - 1)));
      for (let k = i; k < j; k++) out.push(headerTimestamp(text, this.startOf(k) - start, this.file));
      i = j;
    }
    return out;
  }

  timeKeyAt(i: number): [number, number] | null {
    const secs = this.f64[4 * this.checked(i) + F_SECS]!;
    return Number.isNaN(secs) ? null : [secs, this.i32[2 * i]!];
  }

  /** The first step of [from, to) with the newest time key (timestampKey's order) newer than `after`, or -1. */
  newestIndex(from: number, to: number, after: readonly [number, number] | null): number {
    let best = -1;
    let s0 = after ? after[0] : Number.NEGATIVE_INFINITY;
    let n0 = after ? after[1] : 0;
    for (let i = from; i < to; i++) {
      const s = this.f64[4 * i + F_SECS]!;
      const n = this.i32[2 * i]!;
      // NaN (no key) never compares greater.
      if (s > s0 || (s === s0 && n > n0)) {
        best = i;
        s0 = s;
        n0 = n;
      }
    }
    return best;
  }

  instantAt(i: number): TimeKey | null {
    if (this.u8[2 * this.checked(i)] === 1) return [this.f64[4 * i + F_SECS]!, this.i32[2 * i]!];
    return recordKey(this.timestampAt(i));
  }

  mergedFromAt(i: number): string | undefined {
    const id = this.i32[2 * this.checked(i) + 1]!;
    return id === NO_MERGE ? undefined : this.mergeNames[id];
  }

  rangeAt(i: number): ByteRange {
    return { start: this.startOf(this.checked(i)), end: this.endOf(i) };
  }

  plainShapeAt(i: number): number {
    if (this.flags[this.checked(i)] === UNKNOWN) this.flags[i] = plainShapeOf(this.decoded.get(i)!);
    return this.flags[i]!;
  }

  plainShapes(from: number, to: number): Int8Array {
    for (const i of this.decoded.keys()) if (i >= from && i < to) this.plainShapeAt(i);
    return this.flags.subarray(this.checkedFrom(from, to), to);
  }

  rawBytes(from: number, to: number): Uint8Array | null {
    return from >= to ? null : this.read(this.startOf(this.checked(from)), this.endOf(this.checked(to - 1)));
  }

  private startOf(i: number): number {
    return this.f64[4 * i + F_START]!;
  }

  private endOf(i: number): number {
    return this.f64[4 * i + F_END]!;
  }

  /** `from`, when [from, to) is a range of visible steps. */
  private checkedFrom(from: number, to: number): number {
    if (!(from >= 0 && from <= to && to <= this.length)) throw new RangeError(`steps [${from}, ${to}) of ${this.length}`);
    return from;
  }

  private checked(i: number): number {
    if (!(i >= 0 && i < this.length)) throw new RangeError(`step ${i} of ${this.length}`);
    return i;
  }

  at(i: number): OtaStep | undefined {
    const k = i < 0 ? this.length + i : i;
    return k >= 0 && k < this.length ? this.slice(k, k + 1)[0] : undefined;
  }

  slice(from?: number, to?: number): OtaStep[] {
    const [a, b] = sliceBounds(this.length, from, to);
    const out: OtaStep[] = [];
    let i = a;
    while (i < b) {
      const d = this.decoded.get(i);
      if (d) {
        out.push(d);
        i++;
        continue;
      }
      // A run of records the fast path read: contiguous in the file (only blank lines between them), decoded at once.
      let j = i + 1;
      while (j < b && !this.decoded.has(j)) j++;
      this.decodeRun(i, j, out);
      i = j;
    }
    return out;
  }

  /** Decodes records [i, j), all read by the fast path, with the full reader, and checks they are the indexed ones. */
  private decodeRun(i: number, j: number, out: OtaStep[]): void {
    const start = this.startOf(i);
    const bytes = this.read(start, this.endOf(j - 1));
    const state = { ...initialLogState({ file: this.file, dialect: this.dialect }), consumed: start, headerSeen: true };
    const r = continueLog(state, bytes);
    if (r.steps.length !== j - i) throw new StaleStepsError(this.file, start);
    for (let k = 0; k < r.steps.length; k++) {
      const s = r.steps[k]!;
      if (s.range.start !== this.startOf(i + k) || s.range.end !== this.endOf(i + k) || s.step !== this.f64[4 * (i + k) + F_NUMBER]) throw new StaleStepsError(this.file, s.range.start);
      const merged = this.mergedFromAt(i + k);
      if (merged !== undefined) s.mergedFrom = merged;
      else delete s.mergedFrom;
      out.push(s);
    }
  }

  prefix(n: number): StepList {
    return n >= this.length ? this : new PrefixList(this, Math.max(0, n));
  }

  [Symbol.iterator](): Iterator<OtaStep> {
    return iterateInRuns(this);
  }
}
