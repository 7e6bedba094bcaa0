// log.md: the OTA steps of one branch, read losslessly and incrementally: the file's items here, one step record
// in log-step.ts. Written like the writers do by ../write/log-write.ts.

import type { ByteRange, Diagnostic, Dialect, OtaStep } from '../../types.ts';
import { Chunk, NO_BYTES, type PendingBlock, type ResumePoint } from './chunk.ts';
import { escapeStyleOf } from './escape.ts';
import { LOG_STARTS, StepReader, startsWithLabel, type MergeSection } from './log-step.ts';
import { backticked, mergeHeadingParts, preview, provisionalEnd } from './records.ts';

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

export function initialLogState(options: LogParseOptions): LogState {
  return {
    // Fields, not a spread of initialResumePoint: V8 built a spread object ~10x slower (a cost per file at start).
    file: options.file,
    consumed: 0,
    line: 1,
    fingerprint: NO_BYTES,
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


class LogReader {
  private readonly c: Chunk;
  private readonly state: LogState;
  private readonly steps: OtaStep[] = [];
  private readonly merges: MergeMarker[] = [];
  private header: LogHeader | null = null;
  private headerSeen: boolean;
  private provisional: boolean;
  private readonly stepReader: StepReader;

  constructor(state: LogState, tail: Uint8Array) {
    this.state = state;
    this.c = new Chunk(state, tail);
    this.stepReader = new StepReader(this.c, escapeStyleOf(state.dialect), this.steps, state.section, state.ownLastStep);
    this.headerSeen = state.headerSeen;
    this.provisional = state.provisional;
  }

  run(): LogParseResult {
    const { text } = this.c;
    const ended = provisionalEnd(this.state.provisional, text, LOG_STARTS);
    if (ended === 'disproved') return this.reparse();
    if (ended === 'undecided') return this.finish(0, true);
    if (ended === 'confirmed') this.provisional = false;
    return this.finish(this.c.readItems(this.readItem), false);
  }

  private readonly readItem = (p: number, pos: number): number => {
    const { text } = this.c;
    let next: number;
    // Step headers first: they are nearly every item, and no other item's token can match at p.
    if (text.startsWith('### Step ', p)) next = this.readStep(p, true);
    else if (!this.headerSeen && text.startsWith('# OTA Log', p)) next = this.readHeader(p);
    else if (text.startsWith('\n## Merged from ', p - 1) || text.startsWith('## Merged from ', p)) next = this.readMarker(pos, p);
    else if (startsWithLabel(text, p)) next = this.readStep(p, false);
    else next = this.readStray(p);
    if (next !== -1) this.headerSeen = true;
    return next;
  };

  private reparse(): LogParseResult {
    const r = this.finish(0, true);
    return { ...r, needsFullReparse: true };
  }

  private finish(pos: number, keepProvisional: boolean): LogParseResult {
    const c = this.c;
    const { resume, pending } = c.stopAt(pos, () => 'The last block of the log is incomplete.');
    const state: LogState = {
      file: resume.file,
      consumed: resume.consumed,
      line: resume.line,
      fingerprint: resume.fingerprint,
      dialect: this.state.dialect,
      headerSeen: this.headerSeen,
      section: this.stepReader.section,
      ownLastStep: this.stepReader.ownLastStep,
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
    const header = this.c.headerLine(p);
    if (!header) return -1;
    const { line, end } = header;
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
    const { branch, timestamp } = mergeHeadingParts(line);
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
    this.stepReader.enterSection(branch, timestamp);
    this.provisional = false;
    return end;
  }

  /** One step record (log-step.ts); -1 while incomplete. */
  private readStep(p: number, hasHeader: boolean): number {
    const end = this.stepReader.read(p, hasHeader);
    if (end === null) return -1;
    this.provisional = end.provisional;
    return end.end;
  }

  /** Text that is no record: skipped up to the next `---` line or step header, reported. */
  private readStray(p: number): number {
    return this.c.skipStray(p, ['### Step ', '## Merged from '], 'step', preview);
  }
}

/** All diagnostics of a result, the pending block's warning included. */
export function allDiagnostics(result: { diagnostics: Diagnostic[]; pending: PendingBlock | null }): Diagnostic[] {
  return result.pending?.diagnostic ? [...result.diagnostics, result.pending.diagnostic] : result.diagnostics;
}
