// log.md: the OTA steps of one branch, read losslessly and incrementally, written like the writers do.

import type { ByteRange, Diagnostic, Dialect, OtaStep } from '../../types.ts';
import { Chunk, initialResumePoint, refreshParse, type PendingBlock, type ResumePoint } from './chunk.ts';
import { escapeStyleOf, hasLuaCorruption, serializeValue, unescapeValue, type EscapeStyle } from './escape.ts';
import {
  TIMESTAMP_RE,
  backticked,
  compareKeys,
  RecordEnd,
  itemStartAt,
  preview,
  probableTimestamp,
  skipBlankLines,
  timestampKey,
  type ItemStarts,
} from './records.ts';
import { FieldSplitter } from './record-fields.ts';

export type { PendingBlock } from './chunk.ts';

/** `# OTA Log — branch \`b\`` at the top of the file. */
export interface LogHeader {
  branch: string | null;
  /** The header line and the blank line after it. */
  range: ByteRange;
}

/** `## Merged from \`b\` (TS)`: the steps after it were copied from branch `b` by a merge. */
export interface MergeMarker {
  branch: string;
  /** Exactly as in the file. */
  timestamp: string;
  /** From the blank line before the heading to the blank line after it (and, for Zig, the copied log header). */
  range: ByteRange;
  line: number;
  /** Zig copies the source log whole, its `# OTA Log` header included. */
  includesSourceHeader: boolean;
}

interface MergeSection {
  branch: string;
  key: [number, number] | null;
  lastStep: number | null;
}

/** Everything needed to continue parsing after `consumed`; small and plain. */
export interface LogState extends ResumePoint {
  dialect: Dialect | undefined;
  headerSeen: boolean;
  /** The merged section the next step may belong to. */
  section: MergeSection | null;
  /** Last step number outside merged sections. */
  ownLastStep: number | null;
  /** The last record was closed by a `---` at the end of the bytes; the next bytes must start an item. */
  provisional: boolean;
  steps: number;
}

export interface LogParseResult {
  /** Present when this call read the file header (a full parse, or a continuation from offset 0). */
  header: LogHeader | null;
  /** New complete steps, in file order. */
  steps: OtaStep[];
  /** New merge markers. */
  merges: MergeMarker[];
  /** Bytes after the last complete record (writer mid-append, or a file that lacks its last `---`). */
  pending: PendingBlock | null;
  /** Problems in the newly consumed bytes (the pending block's warning is in `pending.diagnostic`). */
  diagnostics: Diagnostic[];
  state: LogState;
  /**
   * The new bytes prove that the previous call's last record was not finished after all (a `---` value
   * line at the very end of the bytes, Zig or a trailing `---`): parse the whole file again. Nothing
   * else in the result is meaningful then.
   */
  needsFullReparse: boolean;
}

export interface LogParseOptions {
  /** Path relative to .GCC/, e.g. `branches/main/log.md`. */
  file: string;
  /** Who wrote the file, when known: decides how `---` escapes are undone (Zig: none; Lua: its corruption). */
  dialect?: Dialect;
}

const LOG_LABELS = ['**Observation:**', '**Thought:**', '**Action:**'] as const;
const FIELD_NAMES = ['observation', 'thought', 'action'] as const;
const LOG_STARTS: ItemStarts = {
  afterBlank: ['### Step ', '\n## Merged from ', '## Merged from ', '# OTA Log '],
  direct: LOG_LABELS,
};

export function initialLogState(options: LogParseOptions): LogState {
  return {
    ...initialResumePoint(options.file),
    dialect: options.dialect,
    headerSeen: false,
    section: null,
    ownLastStep: null,
    provisional: false,
    steps: 0,
  };
}

/** Parses a whole log.md. Never throws. */
export function parseLog(bytes: Uint8Array, options: LogParseOptions): LogParseResult {
  return continueLog(initialLogState(options), bytes);
}

/**
 * Continues a parse: `tail` is the file's bytes from `state.consumed` to its end. Returns only what is
 * new. parseLog(whole) equals parseLog(prefix) followed by continueLog on the rest.
 */
export function continueLog(state: LogState, tail: Uint8Array): LogParseResult {
  return new LogReader(state, tail).run();
}

/**
 * Re-reads a log after it changed: continues from `state` when the bytes before `state.consumed` are
 * unchanged (judged by the fingerprint), else parses it whole. `reparsed` says which happened.
 */
export function refreshLog(state: LogState, file: Uint8Array): LogParseResult & { reparsed: boolean } {
  return refreshParse(state, file, continueLog, (bytes) => parseLog(bytes, { file: state.file, dialect: state.dialect }));
}

class LogReader {
  private readonly c: Chunk;
  private readonly state: LogState;
  private readonly style: EscapeStyle;
  private readonly steps: OtaStep[] = [];
  private readonly merges: MergeMarker[] = [];
  private header: LogHeader | null = null;
  private section: MergeSection | null;
  private ownLastStep: number | null;
  private headerSeen: boolean;
  private provisional: boolean;
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

  constructor(state: LogState, tail: Uint8Array) {
    this.state = state;
    this.c = new Chunk(state, tail);
    this.style = escapeStyleOf(state.dialect);
    this.section = state.section ? { ...state.section } : null;
    this.ownLastStep = state.ownLastStep;
    this.headerSeen = state.headerSeen;
    this.provisional = state.provisional;
  }

  run(): LogParseResult {
    const { text } = this.c;
    if (this.state.provisional && text.length > 0) {
      const next = itemStartAt(text, 0, LOG_STARTS);
      if (next === 'no') return this.reparse();
      if (next === 'maybe') return this.finish(0, true);
      // Confirmed: the previous record did end there.
      this.provisional = false;
    }
    let pos = 0;
    for (;;) {
      const p = skipBlankLines(text, pos);
      if (p >= text.length) break;
      let next: number;
      // Step headers first: they are nearly every item, and no other item's token can match at p.
      if (text.startsWith('### Step ', p)) next = this.readStep(p, true);
      else if (!this.headerSeen && text.startsWith('# OTA Log', p)) next = this.readHeader(p);
      else if (text.startsWith('\n## Merged from ', p - 1) || text.startsWith('## Merged from ', p))
        next = this.readMarker(pos, p);
      else if (startsWithLabel(text, p)) next = this.readStep(p, false);
      else next = this.readStray(p);
      if (next === -1) break;
      this.headerSeen = true;
      pos = next;
    }
    return this.finish(pos, false);
  }

  private reparse(): LogParseResult {
    const r = this.finish(0, true);
    return { ...r, needsFullReparse: true };
  }

  private finish(pos: number, keepProvisional: boolean): LogParseResult {
    const c = this.c;
    const pending = c.pendingFrom(pos, () => 'The last block of the log is incomplete.');
    const resume = c.resumeAt(pos);
    c.reportInvalidUtf8(resume.consumed);
    c.diagnostics.sort((a, b) => a.line - b.line);
    const state: LogState = {
      ...resume,
      dialect: this.state.dialect,
      headerSeen: this.headerSeen,
      section: this.section,
      ownLastStep: this.ownLastStep,
      provisional: keepProvisional ? this.state.provisional : this.provisional,
      steps: this.state.steps + this.steps.length,
    };
    return {
      header: this.header,
      steps: this.steps,
      merges: this.merges,
      pending,
      diagnostics: c.diagnostics,
      state,
      needsFullReparse: false,
    };
  }

  /** `# OTA Log — branch \`b\`` and one blank line; -1 while incomplete. */
  private readHeader(p: number): number {
    const { text } = this.c;
    const nl = text.indexOf('\n', p);
    if (nl === -1) return -1;
    let end = nl + 1;
    if (text.charCodeAt(end) === 10) end++;
    else if (end >= text.length) return -1;
    const line = text.slice(p, nl).replace(/\r$/, '');
    const branch = backticked(line);
    if (!line.startsWith('# OTA Log — branch `') || branch === null) {
      this.c.report(p, 'info', 'nonstandard-log-header', `Log header ${preview(line)} is not \`# OTA Log — branch \`name\`\`.`);
    }
    this.header = { branch, range: { start: this.c.byteAt(p), end: this.c.byteAt(end) } };
    this.provisional = false;
    return end;
  }

  /** `\n## Merged from \`b\` (TS)\n\n` (+ Zig's copied `# OTA Log` header); -1 while incomplete. */
  private readMarker(pos: number, p: number): number {
    const { text } = this.c;
    const start = text.startsWith('\n## Merged from ', p - 1) && p - 1 >= pos ? p - 1 : p;
    const nl = text.indexOf('\n', p);
    if (nl === -1) return -1;
    let end = nl + 1;
    if (end >= text.length) return -1;
    if (text.charCodeAt(end) === 10) end++;
    const line = text.slice(p, nl).replace(/\r$/, '');
    const branch = backticked(line) ?? '';
    const open = line.lastIndexOf('(');
    const close = line.lastIndexOf(')');
    const timestamp = open !== -1 && close > open ? line.slice(open + 1, close) : '';
    let includesSourceHeader = false;
    const h = end;
    if (text.startsWith('# OTA Log', h)) {
      const hn = text.indexOf('\n', h);
      if (hn === -1 || hn + 1 >= text.length) return -1;
      end = hn + 1;
      if (text.charCodeAt(end) === 10) end++;
      includesSourceHeader = true;
    } else if (h < text.length && h + 9 > text.length && '# OTA Log'.startsWith(text.slice(h))) {
      return -1;
    } else if (h >= text.length && this.state.dialect === 'zig') {
      // Zig's copied log header may still be on its way.
      return -1;
    }
    if (!branch || !timestamp) {
      this.c.report(p, 'warning', 'malformed-merge-header', `Merge heading ${preview(line)} lacks a \`branch\` or a (timestamp).`);
    }
    const range = { start: this.c.byteAt(start), end: this.c.byteAt(end) };
    // The heading's line, from the bytes (start is p, or the newline just before it).
    const markerLine = this.c.lineOfByte(range.start) + (start < p ? 1 : 0);
    this.merges.push({ branch, timestamp, range, line: markerLine, includesSourceHeader });
    const key = timestampKey(timestamp) ?? keyOfProbable(timestamp);
    this.section = { branch, key, lastStep: null };
    this.provisional = false;
    return end;
  }

  /** One step record (`hasHeader`: it starts with `### Step `, as run() saw); -1 while incomplete. */
  private readStep(p: number, hasHeader: boolean): number {
    const c = this.c;
    const { text } = c;
    const end = this.recordEnd.find(text, p, LOG_STARTS);
    if (end.kind === 'incomplete') return -1;
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
    this.provisional = end.provisional;
    return end.end;
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
        const cmp = compareKeys(key, s.key);
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

  /** Text that is no record: skipped up to the next `---` line or step header, reported. */
  private readStray(p: number): number {
    const { text } = this.c;
    const candidates = [text.indexOf('\n---\n', p), text.indexOf('\n### Step ', p), text.indexOf('\n## Merged from ', p)];
    let stop = -1;
    for (const x of candidates) if (x !== -1 && (stop === -1 || x < stop)) stop = x;
    if (stop === -1) return -1;
    const end = text.startsWith('\n---\n', stop) ? stop + 5 : stop + 1;
    this.c.report(p, 'warning', 'unrecognized-text', `Text that is not part of any step was skipped: ${preview(text.slice(p, end))}.`);
    return end;
  }
}

function startsWithLabel(text: string, p: number): boolean {
  return text.startsWith(LOG_LABELS[0], p) || text.startsWith(LOG_LABELS[1], p) || text.startsWith(LOG_LABELS[2], p);
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
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

/** Exactly the bytes a writer of `dialect` appends for a step (see escape.ts for the escaping). */
export function serializeStep(step: Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action'>, dialect?: Dialect): string {
  const style = escapeStyleOf(dialect);
  return (
    `### Step ${step.step} — ${step.timestamp}\n` +
    `**Observation:** ${serializeValue(step.observation, style)}\n\n` +
    `**Thought:** ${serializeValue(step.thought, style)}\n\n` +
    `**Action:** ${serializeValue(step.action, style)}\n\n` +
    `---\n`
  );
}

/** The heading a merge appends before the copied steps. Zig also copies the source log's header. */
export function serializeMergeHeader(branch: string, timestamp: string, dialect?: Dialect): string {
  const head = `\n## Merged from \`${branch}\` (${timestamp})\n\n`;
  return dialect === 'zig' ? head + serializeLogHeader(branch) : head;
}

/** The first bytes of a new log.md. */
export function serializeLogHeader(branch: string): string {
  return `# OTA Log — branch \`${branch}\`\n\n`;
}

/** All diagnostics of a result, the pending block's warning included. */
export function allDiagnostics(result: { diagnostics: Diagnostic[]; pending: PendingBlock | null }): Diagnostic[] {
  return result.pending?.diagnostic ? [...result.diagnostics, result.pending.diagnostic] : result.diagnostics;
}
