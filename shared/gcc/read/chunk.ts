// What log.ts and commits-full.ts share about one parse call: the decoded tail, the byte/line maps,
// diagnostics for invalid UTF-8, the fingerprint of the bytes before `consumed`.

import type { ByteRange, Diagnostic, Severity } from '../../types.ts';
import { ByteCursor, LineCounter, bytesOf, countNewlines, decodeUtf8, hexBytes, lineAtByte, type DecodedText, type InvalidUtf8 } from './bytes.ts';
import { skipBlankLines } from './records.ts';

/** How many bytes before `consumed` a state keeps to notice that the file changed there. */
export const FINGERPRINT_BYTES = 64;

/** Where a parse stopped: the offsets any incremental state carries. */
export interface ResumePoint {
  /** Path relative to .GCC/, used in diagnostics. */
  file: string;
  /** Byte offset after the last complete record or marker. */
  consumed: number;
  /** 1-based line number of the byte at `consumed`. */
  line: number;
  /** The (up to 64) bytes just before `consumed`. */
  fingerprint: Uint8Array;
}

/** The bytes after the last complete record, held back until the writer finishes them. */
export interface PendingBlock {
  range: ByteRange;
  /** Why it is held back; null when it is only blank lines. */
  diagnostic: Diagnostic | null;
}

export class Chunk {
  readonly text: string;
  readonly decoded: DecodedText;
  readonly bytes: Uint8Array;
  readonly base: ResumePoint;
  readonly bytesCursor: ByteCursor;
  readonly lines: LineCounter;
  readonly diagnostics: Diagnostic[] = [];

  constructor(base: ResumePoint, tail: Uint8Array) {
    this.bytes = tail;
    this.base = base;
    this.decoded = decodeUtf8(tail);
    this.text = this.decoded.text;
    this.bytesCursor = new ByteCursor(this.decoded, base.consumed);
    this.lines = new LineCounter(this.text, base.line);
    this.lineNo = base.line;
  }

  /** Absolute byte offset of a string index (indices must be asked in increasing order). */
  byteAt(pos: number): number {
    return this.bytesCursor.byteAt(pos);
  }

  /**
   * Byte offset of a record end `end` (just after its closing `---\n`), the record starting at `start`.
   * Fast path: `\n---\n` is ASCII, so its bytes sit at or after the same distance in bytes as in
   * chars; when the record holds no other `\n---\n` (`innerDashLines` empty) the first one found
   * there is it. Skips walking the record's non-ASCII characters one by one.
   */
  byteAtRecordEnd(start: number, end: number, innerDashLines: number): number {
    const cursor = this.bytesCursor;
    if (innerDashLines > 0 || cursor.hasReplacements) return cursor.byteAt(end);
    const b0 = cursor.byteAt(start) - this.base.consumed;
    const bytes = this.bytes;
    let q = b0 + (end - 5 - start);
    for (;;) {
      q = bytes.indexOf(0x0a, q);
      if (q === -1) return cursor.byteAt(end);
      if (bytes[q + 1] === 0x2d && bytes[q + 2] === 0x2d && bytes[q + 3] === 0x2d && bytes[q + 4] === 0x0a) break;
      q++;
    }
    const byte = this.base.consumed + q + 5;
    cursor.jumpTo(end, byte);
    return byte;
  }

  /** Line of a string index: for diagnostics (counts on the text from a moving checkpoint). */
  lineAt(pos: number): number {
    return this.lines.lineAt(pos);
  }

  // Checkpoint of lineOfByte: the line of byte `lineByte` of the tail.
  private lineByte = 0;
  private lineNo: number;

  /**
   * Line of an absolute byte offset, counted on the bytes four at a time: what every parse needs for
   * its resume point and merge markers, ~2 million lines on the big logs, where counting on the text
   * is one indexOf call per line. (A 0x0A byte always decodes to '\n' and only it does: both agree.)
   */
  lineOfByte(byte: number): number {
    const rel = byte - this.base.consumed;
    if (rel < this.lineByte) {
      this.lineByte = 0;
      this.lineNo = this.base.line;
    }
    this.lineNo += countNewlines(this.bytes, this.lineByte, rel);
    this.lineByte = rel;
    return this.lineNo;
  }

  report(pos: number, severity: Severity, code: string, message: string): void {
    this.diagnostics.push({ file: this.base.file, line: this.lineAt(pos), severity, code, message });
  }

  /** Adds an `invalid-utf8` diagnostic for each bad stretch before absolute byte `upTo`. */
  reportInvalidUtf8(upTo: number): void {
    let fromByte = 0;
    let fromLine = this.base.line;
    // Adjacent bad stretches (Elixir's split em dash: 0x80 0x94) make one diagnostic.
    const merged: InvalidUtf8[] = [];
    for (const b of this.decoded.invalid) {
      const last = merged[merged.length - 1];
      if (last && last.offset + last.length === b.offset) last.length += b.length;
      else merged.push({ ...b });
    }
    for (const bad of merged) {
      if (this.base.consumed + bad.offset >= upTo) break;
      fromLine = lineAtByte(this.bytes, bad.offset, fromByte, fromLine);
      fromByte = bad.offset;
      this.diagnostics.push({
        file: this.base.file,
        line: fromLine,
        severity: 'warning',
        code: 'invalid-utf8',
        message:
          `Byte${bad.length > 1 ? 's' : ''} ${hexBytes(this.bytes, bad.offset, bad.length)} at byte ` +
          `${this.base.consumed + bad.offset} ${bad.length > 1 ? 'are' : 'is'} not valid UTF-8; shown as U+FFFD.`,
      });
    }
  }

  /**
   * Where a parse stopped at string index `pos`: its resume point, and the bytes after it held back as pending; the
   * diagnostics are complete (invalid UTF-8 reported) and in line order.
   */
  stopAt(pos: number, describePending: () => string): { resume: ResumePoint; pending: PendingBlock | null } {
    // The resume point first: the pending block's line is then counted on from it, on the bytes.
    const resume = this.resumeAt(pos);
    const pending = this.pendingFrom(pos, describePending);
    this.reportInvalidUtf8(resume.consumed);
    this.diagnostics.sort((a, b) => a.line - b.line);
    return { resume, pending };
  }

  /**
   * Reads item after item, each from its first non-blank line (`read(p, pos)`: the item's end, -1 while it is
   * incomplete), until the text ends or an item is incomplete; returns where the reading stopped.
   */
  readItems(read: (p: number, pos: number) => number): number {
    const { text } = this;
    let pos = 0;
    for (;;) {
      const p = skipBlankLines(text, pos);
      if (p >= text.length) return pos;
      const next = read(p, pos);
      if (next === -1) return pos;
      pos = next;
    }
  }

  /** A file's header line at `p` and the one blank line after it: its text, its end; null while incomplete. */
  headerLine(p: number): { line: string; end: number } | null {
    const { text } = this;
    const nl = text.indexOf('\n', p);
    if (nl === -1) return null;
    let end = nl + 1;
    if (text.charCodeAt(end) === 10) end++;
    else if (end >= text.length) return null;
    return { line: text.slice(p, nl).replace(/\r$/, ''), end };
  }

  /**
   * Text that is no record, skipped up to the next `---` line or the first of `starts` (each searched for after a
   * newline) and reported as not part of any `what`; -1 while nothing ends it yet.
   */
  skipStray(p: number, starts: readonly string[], what: string, preview: (s: string) => string): number {
    const { text } = this;
    let stop = text.indexOf('\n---\n', p);
    for (const start of starts) {
      const x = text.indexOf(`\n${start}`, p);
      if (x !== -1 && (stop === -1 || x < stop)) stop = x;
    }
    if (stop === -1) return -1;
    const end = text.startsWith('\n---\n', stop) ? stop + 5 : stop + 1;
    this.report(p, 'warning', 'unrecognized-text', `Text that is not part of any ${what} was skipped: ${preview(text.slice(p, end))}.`);
    return end;
  }

  /** The resume point after string index `pos` (a record boundary). */
  resumeAt(pos: number): ResumePoint {
    const consumed = this.byteAt(pos);
    const line = this.lineOfByte(consumed);
    return { file: this.base.file, consumed, line, fingerprint: fingerprintBefore(this.base, this.bytes, consumed) };
  }

  /** The bytes from `pos` to the end, if any, as a pending block (ask after resumeAt(pos)). */
  pendingFrom(pos: number, describe: () => string): PendingBlock | null {
    if (pos >= this.text.length) return null;
    const start = this.byteAt(pos);
    const end = this.base.consumed + this.bytes.length;
    const rest = this.text.slice(pos);
    if (rest.trim() === '') return { range: { start, end }, diagnostic: null };
    const firstLine = pos + (rest.length - rest.trimStart().length);
    const cutUtf8 = this.decoded.invalid.some((b) => this.base.consumed + b.offset + b.length === end);
    const message =
      describe() +
      (cutUtf8 ? ' The file ends inside a UTF-8 sequence.' : '') +
      ' It is held back until the writer finishes it; if the file is complete, the record lacks its closing `---` line.';
    return {
      range: { start, end },
      diagnostic: {
        file: this.base.file,
        // On the bytes from the resume point (resumeAt is asked first): counting on the text from the start of the
        // tail would walk every line of a big piece that ends mid-record.
        line: this.lineOfByte(this.byteAt(firstLine)),
        severity: 'warning',
        code: 'incomplete-record',
        message,
      },
    };
  }
}

export function fingerprintBefore(base: ResumePoint, tail: Uint8Array, consumed: number): Uint8Array {
  const fromTail = consumed - base.consumed;
  if (fromTail >= FINGERPRINT_BYTES) {
    // A copy through a view, not slice (which looks up a species constructor: a cost per file read at start).
    const out = new Uint8Array(FINGERPRINT_BYTES);
    out.set(bytesOf(tail, fromTail - FINGERPRINT_BYTES, fromTail));
    return out;
  }
  const need = FINGERPRINT_BYTES - fromTail;
  const old = base.fingerprint.subarray(Math.max(0, base.fingerprint.length - need));
  const out = new Uint8Array(old.length + fromTail);
  out.set(old, 0);
  out.set(tail.subarray(0, fromTail), old.length);
  return out;
}

/** No bytes: the fingerprint before byte 0, shared (it is only ever compared). */
export const NO_BYTES: Uint8Array = new Uint8Array(0);

export function initialResumePoint(file: string): ResumePoint {
  return { file, consumed: 0, line: 1, fingerprint: NO_BYTES };
}
