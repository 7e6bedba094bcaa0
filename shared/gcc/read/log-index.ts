// log.md read into a StepIndex (step-index.ts): the same reading as log.ts's continueLog, record for record, state for
// state, diagnostic for diagnostic, at a fraction of the cost. Each record the standard writers lay out is recognised
// on the bytes (step-scan.ts) and indexed without being decoded; everything else — the file's header, a merge heading
// and the step after it, a record with anything the full reader reports, stray text, the bytes at the end — is handed
// to continueLog from the exact state it would have reached, over the bytes up to the next record boundary, and what it
// reads is kept decoded. A `---` line followed by `### Step ` always ends what comes before it, so the two readers
// never disagree on where a record starts.
//
// Lua and Zig logs (other escapes) and bytes that are not valid UTF-8 are read by continueLog whole.
import type { Diagnostic, Dialect, OtaStep } from '../../types.ts';
import { isValidUtf8 } from './utf8-valid.ts';
import { fingerprintBefore } from './chunk.ts';
import { escapeStyleOf } from './escape.ts';
import { continueLog, initialLogState, type LogHeader, type LogParseResult, type LogState, type MergeMarker } from './log.ts';
import { StepIndex } from './step-index.ts';
import type { MergeSection } from './log-step.ts';
import { compareKeys } from './records.ts';
import { StepScanner, startsWithBytes } from './step-scan.ts';
import { plainShapeOf } from './step-list.ts';

/** Where the records go: a StepIndex, or a test's collector. */
export interface StepSink {
  /** `real`: the key names a real instant (time travel's recordKey equals it); else that reads the text. */
  pushScanned(start: number, end: number, step: number, bytes: Uint8Array, tsStart: number, tsEnd: number, key: readonly [number, number], real: boolean, mergedFrom: string | undefined, plainShape: number): void;
  pushDecoded(step: OtaStep, plainShape: number): void;
}

/** continueLog's result, with the steps given to the sink instead (`steps` counts them). */
export type LogIndexResult = Omit<LogParseResult, 'steps'> & { steps: number };

export interface LogIndexOptions {
  /** A fast check that bytes are valid UTF-8 (the server passes node:buffer's isUtf8); a scan in JS by default. */
  validUtf8?: (bytes: Uint8Array) => boolean;
}

const BOUNDARY = Uint8Array.from('\n---\n### Step ', (c) => c.charCodeAt(0));

/** The start of the next `### Step ` that follows a `\n---\n` line, after `from`; -1 when there is none. */
function nextBoundary(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(0x0a, from); i !== -1; i = bytes.indexOf(0x0a, i + 1)) {
    if (bytes[i + 1] === 0x2d && startsWithBytes(bytes, i, BOUNDARY)) return i + 5;
  }
  return -1;
}

/**
 * timestampKey on a valid timestamp's bytes (Date.UTC's rules, its years 0-99 included), the month's start cached; and
 * whether it names a real instant (time-key.ts isoKey: fields in range, no date rolled over), as time travel reads it.
 */
class TimeKeys {
  private month = -1;
  private monthMs = 0;
  private monthDays = 0;
  readonly key: [number, number] = [0, 0];
  real = false;

  of(b: Uint8Array, s: number): readonly [number, number] {
    const year = two(b, s) * 100 + two(b, s + 2);
    const mon = two(b, s + 5);
    const ym = year * 100 + mon;
    if (ym !== this.month) {
      this.month = ym;
      this.monthMs = Date.UTC(year, mon - 1, 1);
      // Days in the month as Date.UTC counts them (years 0-99 are 1900-1999 to it).
      this.monthDays = mon >= 1 && mon <= 12 ? new Date(Date.UTC(year, mon, 0)).getUTCDate() : 0;
    }
    const day = two(b, s + 8);
    const hour = two(b, s + 11);
    const minute = two(b, s + 14);
    const second = two(b, s + 17);
    let secs = this.monthMs / 1000 + (day - 1) * 86400 + hour * 3600 + minute * 60 + second;
    // 23:59:60 rolls over into the next day, which isoKey refuses like any rolled-over date.
    this.real = day >= 1 && day <= this.monthDays && hour <= 23 && minute <= 59 && second <= 60 && hour * 3600 + minute * 60 + second < 86400;
    let i = s + 19;
    let ns = 0;
    if (b[i] === 0x2e) {
      let digits = 0;
      for (i++; b[i]! >= 48 && b[i]! <= 57; i++) if (digits++ < 9) ns = ns * 10 + (b[i]! - 48);
      for (; digits < 9; digits++) ns *= 10;
    }
    if (b[i] !== 0x5a) {
      const oh = two(b, i + 1);
      const om = two(b, i + 4);
      secs -= (b[i] === 0x2d ? -1 : 1) * (oh * 3600 + om * 60);
      if (oh > 23 || om > 59) this.real = false;
    }
    this.key[0] = secs;
    this.key[1] = ns;
    return this.key;
  }
}

/** The two-digit number at bytes[at]. */
const two = (b: Uint8Array, at: number): number => (b[at]! - 48) * 10 + (b[at + 1]! - 48);

/** Reads `tail` (the file from `state.consumed`) into `sink`. Equals continueLog(state, tail) in everything but its form. */
export function indexLog(state: LogState, tail: Uint8Array, sink: StepSink, options: LogIndexOptions = {}): LogIndexResult {
  if (escapeStyleOf(state.dialect) !== 'standard' || !(options.validUtf8 ?? isValidUtf8)(tail)) return decodeAll(continueLog(state, tail), sink);
  return new LogIndexer(state, tail, sink).run();
}

function decodeAll(r: LogParseResult, sink: StepSink): LogIndexResult {
  if (!r.needsFullReparse) for (const s of r.steps) sink.pushDecoded(s, plainShapeOf(s));
  return { ...r, steps: r.steps.length };
}

class LogIndexer {
  private readonly scanner = new StepScanner();
  private readonly times = new TimeKeys();
  private readonly base: number;
  // The state at `pos`, kept in parts (no object per record).
  private pos = 0;
  private line: number;
  private headerSeen: boolean;
  private provisional: boolean;
  private section: MergeSection | null;
  private ownLastStep: number | null;
  private count = 0;
  private header: LogHeader | null = null;
  private readonly merges: MergeMarker[] = [];
  private readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly start: LogState,
    private readonly tail: Uint8Array,
    private readonly sink: StepSink,
  ) {
    this.base = start.consumed;
    this.line = start.line;
    this.headerSeen = start.headerSeen;
    this.provisional = start.provisional;
    this.section = start.section ? { ...start.section } : null;
    this.ownLastStep = start.ownLastStep;
  }

  run(): LogIndexResult {
    const bytes = this.tail;
    const n = bytes.length;
    while (this.pos < n) {
      if (this.fastRecord()) continue;
      // Not one the fast path reads: the full reader takes it, up to the next record boundary (or to the end).
      const p = this.skipBlank(this.pos);
      const boundary = p < n ? nextBoundary(bytes, p + 1) : -1;
      const r = this.decode(boundary === -1 ? n : boundary + 9);
      if (r.needsFullReparse) return { ...r, steps: 0 };
      if (boundary === -1 || r.state.consumed !== this.base + boundary) return this.finish(r);
    }
    return this.finish(null);
  }

  private skipBlank(from: number): number {
    const bytes = this.tail;
    let p = from;
    for (;;) {
      let q = p;
      while (bytes[q] === 0x20 || bytes[q] === 0x09 || bytes[q] === 0x0d) q++;
      if (bytes[q] === 0x0a) p = q + 1;
      else return p;
    }
  }

  /** One canonical record at `pos` (after blank lines), indexed; false when the full reader must read what is there. */
  private fastRecord(): boolean {
    const bytes = this.tail;
    if (!this.headerSeen) return false;
    const p = this.skipBlank(this.pos);
    // After a provisional close the next bytes must start an item: a step header confirms it.
    if (this.provisional && p !== this.pos) return false;
    const s = this.scanner;
    if (!s.scan(bytes, p)) return false;
    const key = this.times.of(bytes, s.tsStart);
    const merged = this.place(s.step, key);
    if (merged === false) return false;
    this.sink.pushScanned(this.base + p, this.base + s.end, s.step, bytes, s.tsStart, s.tsEnd, key, this.times.real, merged ?? undefined, s.plainShape);
    this.count++;
    this.line += s.lines + (p === this.pos ? 0 : countLines(bytes, this.pos, p));
    this.provisional = s.atEnd;
    this.pos = s.end;
    return true;
  }

  /**
   * log-step.ts placeStep for a numbered step: the merged section it belongs to (null: its own), or false when the full
   * reader would report its number (the record is then read by it, from the same state).
   */
  private place(step: number, key: readonly [number, number]): string | null | false {
    const s = this.section;
    let inSection = false;
    if (s) {
      let decided: boolean | null = null;
      if (s.key) {
        const cmp = compareKeys(key as [number, number], s.key);
        if (cmp < 0) decided = true;
        else if (cmp > 0) decided = false;
      }
      if (decided === null) decided = s.lastStep === null || step === s.lastStep + 1 || !(this.ownLastStep !== null && step > this.ownLastStep);
      inSection = decided;
    }
    const prev = inSection ? s!.lastStep : this.ownLastStep;
    if (prev !== null && step <= prev) return false;
    if (inSection) {
      s!.lastStep = step;
      return s!.branch;
    }
    this.section = null;
    this.ownLastStep = step;
    return null;
  }

  /** The state continueLog would hold at `pos`. */
  private stateHere(): LogState {
    const consumed = this.base + this.pos;
    return {
      file: this.start.file,
      consumed,
      line: this.line,
      fingerprint: fingerprintBefore(this.start, this.tail, consumed),
      dialect: this.start.dialect,
      headerSeen: this.headerSeen,
      section: this.section ? { ...this.section } : null,
      ownLastStep: this.ownLastStep,
      provisional: this.provisional,
      steps: this.start.steps + this.count,
    };
  }

  /** continueLog over [pos, end), its steps kept decoded; the state moves to where it stopped. */
  private decode(end: number): LogParseResult {
    const r = continueLog(this.stateHere(), this.tail.subarray(this.pos, end));
    if (r.needsFullReparse) return r;
    for (const s of r.steps) this.sink.pushDecoded(s, plainShapeOf(s));
    this.count += r.steps.length;
    if (r.header) this.header = r.header;
    for (const m of r.merges) this.merges.push(m);
    for (const d of r.diagnostics) this.diagnostics.push(d);
    const st = r.state;
    this.pos = st.consumed - this.base;
    this.line = st.line;
    this.headerSeen = st.headerSeen;
    this.provisional = st.provisional;
    this.section = st.section ? { ...st.section } : null;
    this.ownLastStep = st.ownLastStep;
    return r;
  }

  /** The result: the last full read's pending block (it read to the end), or none (the fast path did). */
  private finish(last: LogParseResult | null): LogIndexResult {
    const state = this.stateHere();
    const pending = last && last.state.consumed === state.consumed ? last.pending : null;
    return { header: this.header, merges: this.merges, pending, diagnostics: this.diagnostics, state, needsFullReparse: false, steps: this.count };
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
