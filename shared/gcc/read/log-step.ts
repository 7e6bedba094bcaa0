// One step record of log.md (`### Step N — TS` and its three fields) read for log.ts: the parse's hot path, once a record.

import type { OtaStep } from '../../types.ts';
import type { Chunk } from './chunk.ts';
import { hasLuaCorruption, unescapeValue, type EscapeStyle } from './escape.ts';
import { FieldSplitter } from './record-fields.ts';
import { TIMESTAMP_RE, preview, probableTimestamp, RecordEnd, type ItemStarts } from './records.ts';
import { compareTime, timestampKey } from './time-key.ts';

export const LOG_LABELS = ['**Observation:**', '**Thought:**', '**Action:**'] as const;
const FIELD_NAMES = ['observation', 'thought', 'action'] as const;
export const LOG_STARTS: ItemStarts = {
  afterBlank: ['### Step ', '\n## Merged from ', '## Merged from ', '# OTA Log '],
  direct: LOG_LABELS,
};

export function startsWithLabel(text: string, p: number): boolean {
  return text.startsWith(LOG_LABELS[0], p) || text.startsWith(LOG_LABELS[1], p) || text.startsWith(LOG_LABELS[2], p);
}

/** A section of steps a merge copied, from its `## Merged from` heading on. */
export interface MergeSection {
  branch: string;
  key: [number, number] | null;
  lastStep: number | null;
}

/** Reads the step records of one parse in file order, and places each in or after the merged section it follows. */
export class StepReader {
  private readonly c: Chunk;
  private readonly style: EscapeStyle;
  private readonly steps: OtaStep[];
  /** The merged section the next step may belong to. */
  section: MergeSection | null;
  /** Last step number outside merged sections. */
  ownLastStep: number | null;
  private readonly recordEnd = new RecordEnd();
  private readonly fields = new FieldSplitter(LOG_LABELS);
  // Out-values of readStepHeader (kept on the reader: no object per step).
  private hStep = 0;
  private hTimestamp = '';
  private hNumbered = false;
  // The step being read, for messages (a bound method, not a closure per step: keeps the hot path lean).
  private curHasHeader = false;
  private curStep = 0;
  /** Some value of the step being read spans several lines (set by readValue). */
  private sawMultiline = false;
  private readonly label = (): string => (this.curHasHeader ? `Step ${this.curStep}` : 'The step without header');

  constructor(c: Chunk, style: EscapeStyle, steps: OtaStep[], section: MergeSection | null, ownLastStep: number | null) {
    this.c = c;
    this.style = style;
    this.steps = steps;
    this.section = section ? { ...section } : null;
    this.ownLastStep = ownLastStep;
  }

  /** A `## Merged from \`branch\` (timestamp)` heading: the steps after it may be the merge's copies. */
  enterSection(branch: string, timestamp: string): void {
    this.section = sectionAfterHeading(branch, timestamp);
  }

  /** One step record (`hasHeader`: it starts with `### Step `, as run() saw); null while incomplete. */
  read(p: number, hasHeader: boolean): RecordEnd | null {
    const c = this.c;
    const { text } = c;
    const end = this.recordEnd.find(text, p, LOG_STARTS);
    if (end.kind === 'incomplete') return null;
    const close = end.closeAt;
    const range = { start: c.byteAt(p), end: c.byteAtRecordEnd(p, end.end, end.innerDashLines.length) };
    let step = 0;
    let timestamp = '';
    let bodyAt = p;
    let numbered = false;
    if (hasHeader) {
      let nl = text.indexOf('\n', p);
      if (nl === -1 || nl > close) nl = close;
      bodyAt = Math.min(nl + 1, close);
      if (!this.readWrittenStepHeader(p, nl)) this.readStepHeader(p, text.slice(p, nl));
      step = this.hStep;
      timestamp = this.hTimestamp;
      numbered = this.hNumbered;
    } else {
      c.report(p, 'warning', 'missing-step-header', 'A block without a `### Step N — TS` header: kept as a step numbered 0 with no timestamp.');
    }
    const split = this.fields.split(text, bodyAt, close);
    this.curHasHeader = hasHeader;
    this.curStep = step;
    const label = this.label;
    const v = split.values;
    this.sawMultiline = false;
    let observation = v[0] === null ? '' : this.readValue(v[0]!, p, label, 0);
    const thought = v[1] === null ? '' : this.readValue(v[1]!, p, label, 1);
    const action = v[2] === null ? '' : this.readValue(v[2]!, p, label, 2);
    if (split.stray !== null) {
      if (v[0] === null) observation = unescapeValue(split.stray, this.style);
      c.report(p, 'warning', 'unlabelled-text', `${label()} has text before its first field label: ${preview(split.stray)}${v[0] === null ? ' (kept as the observation)' : ''}.`);
    }
    if (v[0] === null || v[1] === null || v[2] === null) this.reportMissing(p, label(), split);
    if (split.crlf) c.report(p, 'info', 'crlf-line-endings', `${label()} uses CRLF line endings between its fields.`);
    if (split.oddEnding) c.report(p, 'info', 'nonstandard-layout', `${label()} does not end with the blank line writers put before \`---\`.`);
    // A label line after a blank line needs a value of several lines (most steps have none).
    if (this.sawMultiline && split.ambiguous()) c.report(p, 'info', 'ambiguous-field-boundary', `${label()} has a value line that looks like a field label after a blank line; the first one was taken as the label.`);
    for (const at of end.innerDashLines) {
      c.report(at, 'info', 'unescaped-separator', this.style === 'zig'
        ? `A \`---\` line inside ${label().toLowerCase()} (Zig writes no escapes): kept as part of the value.`
        : `A bare \`---\` line inside ${label().toLowerCase()} (the writers' escape misses a second consecutive or a last \`---\`): kept as part of the value.`);
    }
    const mergedFrom = hasHeader ? this.placeStep(p, step, timestamp, numbered, label) : this.section?.branch;
    const record: OtaStep = { step, timestamp, observation, thought, action, range };
    if (mergedFrom !== undefined) record.mergedFrom = mergedFrom;
    this.steps.push(record);
    return end;
  }

  private reportMissing(p: number, label: string, split: FieldSplitter): void {
    const missing = FIELD_NAMES.filter((_, k) => split.values[k] === null && !(k === 0 && split.stray !== null));
    if (missing.length > 0 && missing.length < 3) {
      this.c.report(p, 'info', 'missing-field', `${label} has no ${missing.map((m) => `**${cap(m)}:**`).join(', ')} field; read as empty.`);
    }
  }

  /**
   * The header exactly as every writer puts it (`### Step N — TS`, N digits, a valid timestamp), read
   * without slicing the line: nothing to report then. False (nothing set) for anything else, which
   * readStepHeader then reads and reports on.
   */
  private readWrittenStepHeader(p: number, nl: number): boolean {
    const { text } = this.c;
    let i = p + 9;
    let n = 0;
    for (; i < nl; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
    }
    // Up to 15 digits the running sum is exactly Number(digits).
    if (i === p + 9 || i - p - 9 > 15 || i + 3 > nl) return false;
    if (text.charCodeAt(i) !== 32 || text.charCodeAt(i + 1) !== 0x2014 || text.charCodeAt(i + 2) !== 32) return false;
    if (text.charCodeAt(nl - 1) === 13) return false;
    const timestamp = text.slice(i + 3, nl);
    if (!TIMESTAMP_RE.test(timestamp)) return false;
    this.hStep = n;
    this.hTimestamp = timestamp;
    this.hNumbered = true;
    return true;
  }

  private readStepHeader(p: number, line: string): void {
    const c = this.c;
    let h = line;
    if (h.charCodeAt(h.length - 1) === 13) h = h.slice(0, -1);
    let i = 9;
    while (i < h.length && h.charCodeAt(i) >= 48 && h.charCodeAt(i) <= 57) i++;
    const numbered = i > 9;
    const step = numbered ? Number(h.slice(9, i)) : 0;
    let timestamp: string;
    if (h.startsWith(' — ', i)) timestamp = h.slice(i + 3);
    else {
      const rest = h.slice(i);
      if (/^(?: - |-| ?— ?)/.test(rest)) {
        timestamp = rest.replace(/^(?: - |-| ?— ?)/, '');
        c.report(p, 'info', 'legacy-step-header', `Step header ${preview(line)} uses an old separator instead of \` — \`.`);
      } else {
        timestamp = rest.trim();
        c.report(p, 'warning', 'malformed-step-header', `Step header ${preview(line)} is not \`### Step N — TS\`.`);
      }
    }
    if (!numbered) c.report(p, 'warning', 'malformed-step-header', `Step header ${preview(line)} has no step number; read as 0.`);
    if (!TIMESTAMP_RE.test(timestamp)) {
      const probable = probableTimestamp(timestamp);
      if (probable !== null && probable !== timestamp) {
        c.report(p, 'warning', 'corrupted-timestamp', `Step ${step}'s timestamp ${preview(timestamp)} has stray characters (Elixir's step-header regex splits the em dash); probably ${probable}.`);
      } else if (probable === null) {
        c.report(p, 'warning', 'invalid-timestamp', `Step ${step}'s timestamp ${preview(timestamp)} is not an ISO-8601 time.`);
      }
    }
    this.hStep = step;
    this.hTimestamp = timestamp;
    this.hNumbered = numbered;
  }

  private readValue(raw: string, p: number, labelOf: () => string, k: number): string {
    // Most values are one line: one search then rules out a step-header line after the first and
    // every escape (ours, the writers', Lua's), which all are lines starting with a backslash.
    const multiline = raw.indexOf('\n') !== -1;
    if (multiline) this.sawMultiline = true;
    // startsWith is slow on these strings (~45 ns): the first character rules out nearly all values.
    if ((raw.charCodeAt(0) === 35 && raw.startsWith('### Step ')) || (multiline && raw.indexOf('\n### Step ') !== -1)) {
      const at = raw.startsWith('### Step ') ? 0 : raw.indexOf('\n### Step ') + 1;
      this.c.report(this.fields.starts[k]! + at, 'info', 'step-header-in-value', `${labelOf()}'s ${FIELD_NAMES[k]} contains a line that looks like a step header; it is part of the value, not a new step.`);
    }
    if (!multiline || raw.indexOf('\n\\') === -1) return raw;
    const value = unescapeValue(raw, this.style);
    const field = FIELD_NAMES[k]!;
    const label = labelOf();
    if (this.style === 'lua' && hasLuaCorruption(raw)) {
      this.c.report(p, 'warning', 'lua-escape-corruption',
        `${label}'s ${field} was written by Contexa Lua, which turns every newline (and dashes that end a line) into \`\\n\\---\\n\`. ` +
        `Read as ${preview(value)}; dashes at line ends may have been lost. On disk: ${preview(raw)}.`);
    } else if (this.style === 'standard' && looksLuaCorrupted(raw)) {
      this.c.report(p, 'info', 'possible-lua-corruption',
        `${label}'s ${field} alternates every line with \`\\---\`, as Contexa Lua writes newlines; if Lua wrote it, it probably was ${preview(raw.split('\n\\---\n').join('\n'))}.`);
    }
    return value;
  }

  /** Decides whether a numbered step belongs to the current merged section, and checks its number. */
  private placeStep(p: number, step: number, timestamp: string, numbered: boolean, labelOf: () => string): string | undefined {
    const s = this.section;
    let inSection = false;
    if (s) {
      const key = timestampKey(timestamp) ?? keyOfProbable(timestamp);
      let decided: boolean | null = null;
      // Copied steps were written before the merge; the target's own later steps after it.
      if (key && s.key) {
        const cmp = compareTime(key, s.key);
        if (cmp < 0) decided = true;
        else if (cmp > 0) decided = false;
      }
      if (decided === null) {
        if (s.lastStep === null || step === s.lastStep + 1) decided = true;
        else if (this.ownLastStep !== null && step > this.ownLastStep) decided = false;
        else decided = true;
      }
      inSection = decided;
      if (!inSection) this.section = null;
    }
    if (numbered) {
      const prev = inSection ? s!.lastStep : this.ownLastStep;
      if (prev !== null && step <= prev) {
        const where = inSection ? ` in the section merged from \`${s!.branch}\`` : '';
        if (step === prev) this.c.report(p, 'warning', 'duplicate-step-number', `${labelOf()} repeats the previous step's number${where}.`);
        else this.c.report(p, 'warning', 'step-number-not-increasing', `${labelOf()} comes after step ${prev}${where}.`);
      }
      if (inSection) s!.lastStep = step;
      else this.ownLastStep = step;
    }
    return inSection ? s!.branch : undefined;
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The section a merge heading opens: its branch, its time (read leniently), no step yet. */
export function sectionAfterHeading(branch: string, timestamp: string): MergeSection {
  return { branch, key: timestampKey(timestamp) ?? keyOfProbable(timestamp), lastStep: null };
}

function keyOfProbable(ts: string): [number, number] | null {
  const p = probableTimestamp(ts);
  return p ? timestampKey(p) : null;
}

/** Every newline of the value starts Lua's `\n\---\n`, at least twice (a single one is ambiguous). */
function looksLuaCorrupted(raw: string): boolean {
  let seps = 0;
  let nl = raw.indexOf('\n');
  while (nl !== -1) {
    if (!raw.startsWith('\\---\n', nl + 1)) return false;
    seps++;
    nl = raw.indexOf('\n', nl + 6);
  }
  return seps >= 2;
}
