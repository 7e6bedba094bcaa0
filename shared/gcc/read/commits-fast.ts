// commit.md's fast reading: each record laid out as the standard writers lay it out is recognised on its bytes
// (commit-scan.ts) and decoded as one string; everything else goes to the full reader (commits-full.ts).

import type { Commit, Diagnostic } from '../../types.ts';
import { bytesOf } from './bytes.ts';
import { fingerprintBefore } from './chunk.ts';
import { CommitScanner, FILE_HEADER, nextCommitBoundary, startsWithWords } from './commit-scan.ts';
import type { CommitHeader, CommitsParseResult, CommitsState } from './commits.ts';
import { continueCommitsFully } from './commits-full.ts';
import { escapeStyleOf, hasLuaCorruption, unescapeValue, type EscapeStyle } from './escape.ts';
import { viewOf } from './step-bytes.ts';

/** A record's bytes never start with a BOM; the decoder must not drop one either. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });
/** Fast runs refused in one read before the full reader reads the rest whole (a file of odd records stays linear). */
const MAX_SPANS = 8;

// Each record the standard writers lay out is recognised on the bytes (commit-scan.ts) and decoded as one string (a
// one-byte string when it is ASCII); everything else (a header not as the writers write it, a record with anything the
// full reader reports, stray text, the bytes at the end) is handed to the full reader from the exact state it would
// have reached, over the bytes up to the next `---` line followed by `## Commit `, which always ends what comes before.
export class CommitsScan {
  private readonly base: number;
  private readonly style: EscapeStyle;
  private readonly scanner: CommitScanner;
  private readonly view: DataView;
  private pos = 0;
  private line: number;
  private headerSeen: boolean;
  private branch: string;
  private provisional: boolean;
  private header: CommitHeader | null = null;
  private readonly commits: Commit[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly seen: Set<string>;
  private spans = 0;
  /** The bytes from `textAt` decoded (decodeRest), or null; -1: not decoded yet. */
  private text: string | null = null;
  private textAt = -1;

  constructor(
    private readonly start: CommitsState,
    private readonly tail: Uint8Array,
  ) {
    this.base = start.consumed;
    this.style = escapeStyleOf(start.dialect);
    this.view = viewOf(tail);
    this.scanner = new CommitScanner(tail, this.view);
    this.line = start.line;
    this.headerSeen = start.headerSeen;
    this.branch = start.branch;
    this.provisional = start.provisional;
    this.seen = new Set(start.seenIds);
  }

  run(): CommitsParseResult {
    const n = this.tail.length;
    while (this.pos < n) {
      if (this.spans < MAX_SPANS && this.fastRun()) continue;
      // Not one the fast path reads: the full reader takes it, up to the next record boundary (or to the end).
      const boundary = this.spans++ < MAX_SPANS ? nextCommitBoundary(this.tail, this.pos + 1) : -1;
      const r = this.decode(boundary === -1 ? n : boundary + 10);
      if (r.needsFullReparse) return r;
      if (boundary === -1) return this.finish(r);
      // It stopped short of the boundary (an item it could not finish there): it reads on to the end.
      if (r.state.consumed !== this.base + boundary) return this.finish(this.decode(n));
    }
    return this.finish(null);
  }

  /** Reads canonical items from `pos` for as long as they follow one another; whether it read any. */
  private fastRun(): boolean {
    const from = this.pos;
    // The full reader takes a `# ` line before any item for the file's header.
    if (!this.headerSeen && this.tail[from] === 0x23 && this.tail[from + 1] === 0x20 && !this.fastHeader()) return false;
    const tail = this.tail;
    const s = this.scanner;
    while (this.pos < tail.length && s.scan(this.pos) && this.take(this.pos)) {
      this.line += s.lines;
      this.provisional = s.atEnd;
      this.pos = s.end;
    }
    return this.pos !== from;
  }

  /** The file's header as the writers write it (`# Commit History — branch \`name\``, a blank line) at `pos`, read. */
  private fastHeader(): boolean {
    const tail = this.tail;
    const p = this.pos;
    if (!startsWithWords(this.view, p, FILE_HEADER)) return false;
    const from = p + FILE_HEADER.length;
    let i = from;
    let ascii = true;
    for (; i < tail.length; i++) {
      const b = tail[i]!;
      if (b === 0x60 || b < 0x20) break;
      if (b >= 0x80) ascii = false;
    }
    if (i === from || tail[i] !== 0x60 || tail[i + 1] !== 0x0a || tail[i + 2] !== 0x0a) return false;
    let name = this.branch;
    if (!ascii || !sameAscii(tail, from, i, name)) {
      name = UTF8.decode(tail.subarray(from, i));
      // A name other than the folder's is reported (branch-mismatch); invalid UTF-8 too.
      if ((this.branch !== '' && name !== this.branch) || name.indexOf('\uFFFD') !== -1) return false;
    }
    this.header = { branch: name, range: { start: this.base + p, end: this.base + i + 3 } };
    this.branch = name;
    this.headerSeen = true;
    this.line += 2;
    this.pos = i + 3;
    return true;
  }

  /** The record the scanner recognised at `p`, decoded and kept; false when only the full reader may read it. */
  private take(p: number): boolean {
    const s = this.scanner;
    const tail = this.tail;
    const end = s.end;
    if (this.textAt === -1) this.decodeRest(p);
    // Offsets in `rec` are the bytes' less `at` when it is ASCII; else less the bytes that start no UTF-16 unit too
    // (the lines between the values are ASCII: only the values can hold others).
    let rec = this.text;
    let at = this.textAt;
    let ascii = true;
    if (rec === null) {
      rec = UTF8.decode(bytesOf(tail, p, end));
      // A CR (CRLF layouts have their own diagnostics), invalid UTF-8: the full reader's (memchr on the string).
      if (rec.indexOf('\r') !== -1 || rec.indexOf('\uFFFD') !== -1) return false;
      at = p;
      ascii = rec.length === end - p;
    }
    const commitId = rec.slice(p + 11 - at, s.idEnd - at);
    if (this.seen.has(commitId)) return false;
    let extra = 0;
    let purpose = '';
    let previous = '';
    let contribution = '';
    for (let k = 0; k < 3; k++) {
      const vs = s.starts[k]!;
      const ve = s.ends[k]!;
      const cs = vs - at - extra;
      if (!ascii) extra += unitless(tail, vs, ve);
      const raw = rec.slice(cs, ve - at - extra);
      let value = raw;
      if (!s.oneLine[k]) {
        if (this.style === 'lua' && hasLuaCorruption(raw)) return false;
        value = unescapeValue(raw, this.style);
      }
      if (k === 0) purpose = value;
      else if (k === 1) previous = value;
      else contribution = value;
    }
    this.seen.add(commitId);
    this.commits.push({
      commitId,
      branchName: this.branch,
      branchPurpose: purpose,
      previousProgressSummary: previous,
      thisCommitContribution: contribution,
      timestamp: rec.slice(s.tsStart - at, s.tsEnd - at),
      range: { start: this.base + p, end: this.base + end },
    });
    this.headerSeen = true;
    return true;
  }

  /**
   * The bytes from `p` to the end as one string when they are ASCII without a CR (one decoder call a file, a one-byte
   * string); else each record is decoded alone (the records with none of another kind still one-byte strings).
   */
  private decodeRest(p: number): void {
    this.textAt = p;
    if (!asciiFrom(this.tail, p)) return;
    const text = UTF8.decode(bytesOf(this.tail, p, this.tail.length));
    if (text.indexOf('\r') === -1) this.text = text;
  }

  /** The state the full reader would hold at `pos`. */
  private stateHere(seenIds: string[]): CommitsState {
    const consumed = this.base + this.pos;
    return {
      file: this.start.file,
      consumed,
      line: this.line,
      fingerprint: fingerprintBefore(this.start, this.tail, consumed),
      dialect: this.start.dialect,
      headerSeen: this.headerSeen,
      branch: this.branch,
      givenBranch: this.start.givenBranch,
      seenIds,
      provisional: this.provisional,
      commits: this.start.commits + this.commits.length,
    };
  }

  /** The full reader over [pos, end); the state moves to where it stopped. */
  private decode(end: number): CommitsParseResult {
    const r = continueCommitsFully(this.stateHere([...this.seen]), this.tail.subarray(this.pos, end));
    if (r.needsFullReparse) return r;
    for (const c of r.commits) {
      this.commits.push(c);
      this.seen.add(c.commitId);
    }
    if (r.header) this.header = r.header;
    for (const d of r.diagnostics) this.diagnostics.push(d);
    const st = r.state;
    this.pos = st.consumed - this.base;
    this.line = st.line;
    this.headerSeen = st.headerSeen;
    this.branch = st.branch;
    this.provisional = st.provisional;
    return r;
  }

  /** The result: the last full read's pending block (it read to the end), or none (the fast path did). */
  private finish(last: CommitsParseResult | null): CommitsParseResult {
    const state = this.stateHere(this.commits.length ? [...this.seen] : this.start.seenIds);
    const pending = last && last.state.consumed === state.consumed ? last.pending : null;
    return { header: this.header, commits: this.commits, pending, diagnostics: this.diagnostics, state, needsFullReparse: false };
  }
}

/** Whether bytes [from, to) are the char codes of `s`. */
function sameAscii(bytes: Uint8Array, from: number, to: number, s: string): boolean {
  if (to - from !== s.length) return false;
  for (let i = from; i < to; i++) if (bytes[i] !== s.charCodeAt(i - from)) return false;
  return true;
}

/** How many of bytes [from, to) of valid UTF-8 start no UTF-16 unit: continuation bytes, less one a 4-byte lead. */
function unitless(bytes: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) n += b < 0xc0 ? 1 : b >= 0xf0 ? -1 : 0;
  }
  return n;
}

/** Whether bytes [from, end) are all ASCII: four at a time. */
function asciiFrom(bytes: Uint8Array, from: number): boolean {
  let i = from;
  const n = bytes.length;
  while (i < n && ((bytes.byteOffset + i) & 3) !== 0) if (bytes[i++]! >= 0x80) return false;
  const count = (n - i) >> 2;
  if (count > 0) {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset + i, count);
    let high = 0;
    for (let k = 0; k < count; k++) high |= words[k]!;
    if ((high & 0x80808080) !== 0) return false;
    i += count << 2;
  }
  while (i < n) if (bytes[i++]! >= 0x80) return false;
  return true;
}
