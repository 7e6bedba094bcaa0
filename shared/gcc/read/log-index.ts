// log.md read into a StepIndex: the same reading as log.ts's continueLog, record for record and diagnostic for diagnostic,
// at a fraction of the cost.
import type { Diagnostic, Dialect, OtaStep } from '../../types.ts';
import { isValidUtf8 } from './utf8-valid.ts';
import { fingerprintBefore } from './chunk.ts';
import { escapeStyleOf } from './escape.ts';
import { continueLog, initialLogState, type LogHeader, type LogParseResult, type LogState, type MergeMarker } from './log.ts';
import { StepIndex } from './step-index.ts';
import { sectionAfterHeading, type MergeSection } from './log-step.ts';
import { standardLogHeader, standardMergeHeading } from './log-headings.ts';
import { ascii, nextRecordBoundary } from './step-bytes.ts';
import { StepScanner } from './step-scan.ts';
import { TimeKeys } from './time-key.ts';

/** Where the records go: a StepIndex, or a test's collector. */
export interface StepSink {
  /** `real`: the key names a real instant (time travel's recordKey equals it); else that reads the text. `shape`: shapeCode. */
  pushScanned(start: number, end: number, step: number, key: readonly [number, number], real: boolean, shape: number, mergedFrom: string | undefined, plainShape: number): void;
  /** A step only the full reader could read, decoded (its plain shape and timestamp shape are worked out when asked). */
  pushDecoded(step: OtaStep): void;
}

/** continueLog's result, with the steps given to the sink instead (`steps` counts them). */
export type LogIndexResult = Omit<LogParseResult, 'steps'> & { steps: number };

export interface LogIndexOptions {
  /** A fast check that bytes are valid UTF-8 (the server passes node:buffer's isUtf8); a scan in JS by default. */
  validUtf8?: (bytes: Uint8Array) => boolean;
}

/** A `---` line, then a step: where the fast path hands the full reader its bytes up to. */
const BOUNDARY = ascii('\n---\n### Step ');

// Each record the standard writers lay out is recognised on the bytes (step-scan.ts) and indexed undecoded, and so are
// the file's header and a merge heading laid out as they write them (log-headings.ts); everything else (another
// header or heading and the step after it, a record with anything the full reader reports, stray text, the bytes at
// the end) is handed to continueLog from the exact state it would have reached, over the
// bytes up to the next record boundary, and kept decoded. A `---` line followed by `### Step ` always ends what comes
// before it, so the two readers never disagree on where a record starts. Lua and Zig logs (other escapes) and bytes
// that are not valid UTF-8 are read by continueLog whole.
/** Reads `tail` (the file from `state.consumed`) into `sink`. Equals continueLog(state, tail) in everything but its form. */
export function indexLog(state: LogState, tail: Uint8Array, sink: StepSink, options: LogIndexOptions = {}): LogIndexResult {
  if (escapeStyleOf(state.dialect) !== 'standard' || !(options.validUtf8 ?? isValidUtf8)(tail)) return decodeAll(continueLog(state, tail), sink);
  return new LogIndexer(state, tail, sink).run();
}

function decodeAll(r: LogParseResult, sink: StepSink): LogIndexResult {
  if (!r.needsFullReparse) for (const s of r.steps) sink.pushDecoded(s);
  return { ...r, steps: r.steps.length };
}

/** placeStep's answers: the step is the agent's own, a merge's copy, or one the full reader must read (it reports its number). */
const OWN = 0;
const MERGED = 1;
const REFUSED = -1;

/** One for all reads: its month, cached, stays what the last read left (a new one per read changed it each time). */
const TIMES = new TimeKeys();

class LogIndexer {
  private readonly scanner: StepScanner;
  private readonly base: number;
  // The state at `pos`, kept in plain numbers (one shape for the optimiser, no object per record); NaN stands for
  // null, and a field that may hold a fraction starts with one (a field that changes its kind of number costs the
  // optimised code: see step-scan.ts).
  private pos = 0;
  private line: number;
  private headerSeen: boolean;
  private provisional: boolean;
  /** The open merge section's branch, as an index into `branches`; -1: none. */
  private secBranch = -1;
  private readonly branches: string[] = [];
  /** The section's time key; NaN when it has none. */
  private secKey0 = Number.NaN;
  private secKey1 = Number.NaN;
  private secLast = Number.NaN;
  private ownLast: number;
  private count = 0;
  private header: LogHeader | null = null;
  private readonly merges: MergeMarker[] = [];
  private readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly start: LogState,
    private readonly tail: Uint8Array,
    private readonly sink: StepSink,
  ) {
    this.scanner = new StepScanner(tail, TIMES);
    this.base = start.consumed;
    this.line = start.line;
    this.headerSeen = start.headerSeen;
    this.provisional = start.provisional;
    this.ownLast = start.ownLastStep ?? Number.NaN;
    this.takeSection(start.section);
  }

  private takeSection(section: MergeSection | null): void {
    this.secBranch = section ? this.branches.push(section.branch) - 1 : -1;
    this.secKey0 = section?.key ? section.key[0] : Number.NaN;
    this.secKey1 = section?.key ? section.key[1] : Number.NaN;
    this.secLast = section?.lastStep ?? Number.NaN;
  }

  run(): LogIndexResult {
    const bytes = this.tail;
    const n = bytes.length;
    while (this.pos < n) {
      // Blank lines before a record are skipped here, not in the hot loop. After a provisional close the next bytes
      // must start an item: a step header right there confirms it.
      const p = skipBlank(bytes, this.pos);
      const unconfirmed = this.provisional && p !== this.pos;
      if (!unconfirmed && this.headerSeen && this.fastRun(p, countLines(bytes, this.pos, p)) > 0) continue;
      if (!this.provisional && this.readHeading(p)) continue;
      // Not one the fast path reads: the full reader takes it, up to the next record boundary (or to the end). A close
      // not confirmed is decided by what comes after, maybe past that boundary: the full reader reads on to the end.
      const boundary = p < n && !unconfirmed ? nextRecordBoundary(bytes, p + 1, BOUNDARY) : -1;
      const r = this.decode(boundary === -1 ? n : boundary + 9);
      if (r.needsFullReparse) return { ...r, steps: 0 };
      if (boundary === -1) return this.finish(r);
      if (r.state.consumed !== this.base + boundary) {
        // It stopped short of the boundary (an item it could not finish there): it reads on to the end.
        const rest = this.decode(n);
        return rest.needsFullReparse ? { ...rest, steps: 0 } : this.finish(rest);
      }
    }
    return this.finish(null);
  }

  /**
   * Indexes canonical records from `p` (after `blankLines` blank lines from `pos`) for as long as they follow one
   * another; returns how many. The hot path of a 205,000-step log: its first call runs long enough to be optimised
   * while it runs, so the code before the loop and after it never runs before that (see step-scan.ts): all it reads
   * is read in the loop, and the state is written back record by record.
   */
  private fastRun(p: number, blankLines: number): number {
    let skipped = blankLines;
    let count = 0;
    while (p < this.tail.length) {
      const s = this.scanner;
      const bytes = this.tail;
      if (!s.scan(p)) break;
      // The scan read the timestamp into TIMES.
      const key = TIMES.key;
      const placed = this.place(s.step, key[0], key[1]);
      if (placed === REFUSED) break;
      const base = this.base;
      this.sink.pushScanned(base + p, base + s.end, s.step, key, TIMES.real, TIMES.shape, placed === MERGED ? this.branches[this.secBranch]! : undefined, s.plainShape);
      count++;
      this.count++;
      this.line += s.lines + skipped;
      skipped = 0;
      this.provisional = s.atEnd;
      p = s.end;
      this.pos = p;
    }
    return count;
  }

  /** The file's header or a merge heading at `p`, read as log.ts reads it when it is as the writers write it. */
  private readHeading(p: number): boolean {
    const bytes = this.tail;
    const header = this.headerSeen ? null : standardLogHeader(bytes, p);
    if (header) {
      this.header = { branch: header.branch, range: { start: this.base + p, end: this.base + header.end } };
      this.passHeading(header.end);
      return true;
    }
    const m = standardMergeHeading(bytes, p);
    if (!m) return false;
    // The range starts at the newline before the heading when there is one (readMarker); the heading's line is after it.
    const start = p - 1 >= this.pos && bytes[p - 1] === 0x0a ? p - 1 : p;
    const line = this.line + countLines(bytes, this.pos, start) + (start < p ? 1 : 0);
    this.merges.push({ branch: m.branch, timestamp: m.timestamp, range: { start: this.base + start, end: this.base + m.end }, line, includesSourceHeader: false });
    this.takeSection(sectionAfterHeading(m.branch, m.timestamp));
    this.passHeading(m.end);
    return true;
  }

  private passHeading(end: number): void {
    this.line += countLines(this.tail, this.pos, end);
    this.pos = end;
    this.headerSeen = true;
    this.provisional = false;
  }

  /**
   * log-step.ts placeStep for a numbered step: OWN, MERGED (into the current section), or REFUSED (it reports the
   * number). Every comparison is made whether a section is open or not (no section: NaN keys and last step), and only
   * their answers are chosen between, so a merge section, rare, runs the same code as the common case.
   */
  private place(step: number, key0: number, key1: number): number {
    const branch = this.secBranch;
    const secLast = this.secLast;
    const ownLast = this.ownLast;
    // By time: copied steps were written before the merge, the target's own later steps after it.
    const d0 = key0 - this.secKey0;
    const d1 = key1 - this.secKey1;
    const cmp = d0 !== 0 ? d0 : d1;
    const before = cmp < 0;
    const after = cmp > 0;
    // By number, when the times do not tell: the section's next step, or not past the agent's own last.
    const noLast = secLast !== secLast;
    const follows = step === secLast + 1;
    const noOwn = ownLast !== ownLast;
    const pastOwn = step > ownLast;
    const byNumber = noLast || follows || noOwn || !pastOwn;
    const inSection = branch !== -1 && (before || (!after && byNumber));
    const prev = inSection ? secLast : ownLast;
    const notAfterPrev = step <= prev;
    if (prev === prev && notAfterPrev) return REFUSED;
    this.secLast = inSection ? step : secLast;
    this.ownLast = inSection ? ownLast : step;
    this.secBranch = inSection ? branch : -1;
    return inSection ? MERGED : OWN;
  }

  /** The state continueLog would hold at `pos`. */
  private stateHere(): LogState {
    const consumed = this.base + this.pos;
    const section: MergeSection | null =
      this.secBranch === -1
        ? null
        : { branch: this.branches[this.secBranch]!, key: Number.isNaN(this.secKey0) ? null : [this.secKey0, this.secKey1], lastStep: Number.isNaN(this.secLast) ? null : this.secLast };
    return {
      file: this.start.file,
      consumed,
      line: this.line,
      fingerprint: fingerprintBefore(this.start, this.tail, consumed),
      dialect: this.start.dialect,
      headerSeen: this.headerSeen,
      section,
      ownLastStep: Number.isNaN(this.ownLast) ? null : this.ownLast,
      provisional: this.provisional,
      steps: this.start.steps + this.count,
    };
  }

  /** continueLog over [pos, end), its steps kept decoded; the state moves to where it stopped. */
  private decode(end: number): LogParseResult {
    const r = continueLog(this.stateHere(), this.tail.subarray(this.pos, end));
    if (r.needsFullReparse) return r;
    for (const s of r.steps) this.sink.pushDecoded(s);
    this.count += r.steps.length;
    if (r.header) this.header = r.header;
    for (const m of r.merges) this.merges.push(m);
    for (const d of r.diagnostics) this.diagnostics.push(d);
    const st = r.state;
    this.pos = st.consumed - this.base;
    this.line = st.line;
    this.headerSeen = st.headerSeen;
    this.provisional = st.provisional;
    this.takeSection(st.section);
    this.ownLast = st.ownLastStep ?? Number.NaN;
    return r;
  }

  /** The result: the last full read's pending block (it read to the end), or none (the fast path did). */
  private finish(last: LogParseResult | null): LogIndexResult {
    const state = this.stateHere();
    const pending = last && last.state.consumed === state.consumed ? last.pending : null;
    return { header: this.header, merges: this.merges, pending, diagnostics: this.diagnostics, state, needsFullReparse: false, steps: this.count };
  }
}

/** records.ts skipBlankLines on bytes: lines of spaces, tabs and CRs. */
function skipBlank(bytes: Uint8Array, from: number): number {
  let p = from;
  for (;;) {
    let q = p;
    while (bytes[q] === 0x20 || bytes[q] === 0x09 || bytes[q] === 0x0d) q++;
    if (bytes[q] === 0x0a) p = q + 1;
    else return p;
  }
}

function countLines(bytes: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (bytes[i] === 0x0a) n++;
  return n;
}

/** A whole log's bytes read into an index that decodes from those bytes (one-shot readers, tests). */
export function indexWholeLog(bytes: Uint8Array, file: string, dialect: Dialect | undefined, options: LogIndexOptions = {}): { index: StepIndex; result: LogIndexResult } {
  const index = new StepIndex(file, dialect, (start, end) => bytes.subarray(start, end));
  index.reserveFor(bytes.length);
  const result = indexLog(initialLogState({ file, dialect }), bytes, index, options);
  index.commit();
  return { index, result };
}
