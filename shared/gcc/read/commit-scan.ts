// The fast path of commit.md's reader: a commit record recognised on its bytes when it is laid out exactly as the
// standard writers lay it out; anything else is refused here and read by the full reader (commits-full.ts).
import { encodeUtf8 } from './bytes.ts';
import { ascii, byteAt, nextRecordBoundary, startsWithToken, token } from './step-bytes.ts';

/** A fixed token of any length as little-endian words, the last one moved back so that none passes its end. */
interface Words {
  readonly length: number;
  readonly at: readonly number[];
  readonly words: readonly number[];
}

function words(b: Uint8Array): Words {
  const view = new DataView(b.buffer, b.byteOffset, b.length);
  const at: number[] = [];
  for (let o = 0; o < b.length; o += 4) at.push(Math.min(o, b.length - 4));
  return { length: b.length, at, words: at.map((o) => view.getInt32(o, true)) };
}

export function startsWithWords(view: DataView, p: number, t: Words): boolean {
  if (p + t.length > view.byteLength) return false;
  for (let k = 0; k < t.at.length; k++) if (view.getInt32(p + t.at[k]!, true) !== t.words[k]) return false;
  return true;
}

const COMMIT_HEADER = token('## Commit `');
const NEXT_COMMIT = token('## Commit ');
const TIMESTAMP = token('**Timestamp:** ');
const CLOSING = token('---\n');
/** The three values' labels, each with the space the writers put after it. */
const VALUE_LABELS: readonly Words[] = ['**Branch Purpose:** ', '**Previous Progress Summary:** ', "**This Commit's Contribution:** "].map((l) => words(ascii(l)));
/** `# Commit History — branch \``: the file's header up to the branch's name. */
export const FILE_HEADER: Words = words(encodeUtf8('# Commit History — branch `'));

/** Whether a `---` line starts at `s` (the bytes end after it, or a newline does). */
const isDashLine = (bytes: Uint8Array, s: number): boolean =>
  byteAt(bytes, s) === 0x2d && byteAt(bytes, s + 1) === 0x2d && byteAt(bytes, s + 2) === 0x2d && (s + 3 >= bytes.length || bytes[s + 3] === 0x0a);

// Refused: an id that is not printable ASCII, a timestamp TIMESTAMP_RE refuses, a field missing, out of order or
// without the space after its label, a `---` line inside a value, a blank line inside a value followed by `**` (a label,
// maybe) or by a `---` line, a record not followed by the next `## Commit ` (or the end). The reader refuses what only
// the decoded record shows: a CR, invalid UTF-8, a duplicate id, Lua's newlines.
/** Reads canonical commit records on bytes. One instance serves a whole read (no object per record). */
export class CommitScanner {
  /** Byte just after the record's closing `---\n`. */
  end = 0;
  /** The closing `---\n` ends the bytes: the record is complete only if what comes next starts an item (provisional). */
  atEnd = false;
  /** Newlines in the record. */
  lines = 0;
  /** The id is bytes [start + 11, idEnd). */
  idEnd = 0;
  tsStart = 0;
  tsEnd = 0;
  /** Each value's bytes [starts[k], ends[k]), still escaped. */
  readonly starts = [0, 0, 0];
  readonly ends = [0, 0, 0];
  /** Whether value k is one line (no escape can be in it: each writer's escapes a line after a newline). */
  readonly oneLine = [true, true, true];

  constructor(
    private readonly bytes: Uint8Array,
    private readonly view: DataView,
  ) {}

  /** Whether the bytes at `p` are one canonical commit record (the fields above are then set). */
  scan(p: number): boolean {
    const bytes = this.bytes;
    const view = this.view;
    if (!startsWithToken(view, p, COMMIT_HEADER)) return false;
    let i = p + 11;
    for (; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === 0x60 || b < 0x21 || b > 0x7e) break;
    }
    if (i === p + 11 || byteAt(bytes, i) !== 0x60 || byteAt(bytes, i + 1) !== 0x0a) return false;
    this.idEnd = i;
    let at = i + 2;
    if (!startsWithToken(view, at, TIMESTAMP)) return false;
    const ts = at + TIMESTAMP.length;
    const tsEnd = timestampEnd(bytes, ts);
    if (tsEnd === -1 || byteAt(bytes, tsEnd) !== 0x0a || byteAt(bytes, tsEnd + 1) !== 0x0a) return false;
    this.tsStart = ts;
    this.tsEnd = tsEnd;
    this.lines = 3;
    at = tsEnd + 2;
    for (let k = 0; k < 3; k++) {
      const label = VALUE_LABELS[k]!;
      if (!startsWithWords(view, at, label)) return false;
      const v = at + label.length;
      const lines = this.lines;
      const j = this.scanValue(v, k);
      if (j === -1) return false;
      this.starts[k] = v;
      this.ends[k] = j;
      // Its newline and the blank line's: two.
      this.oneLine[k] = this.lines - lines === 2;
      at = j + 2;
    }
    // scanValue saw the closing `---\n` at `at`.
    this.lines += 1;
    const end = at + 4;
    this.end = end;
    this.atEnd = end === bytes.length;
    return this.atEnd || startsWithToken(view, end, NEXT_COMMIT);
  }

  /**
   * Value k from `v`: the newline that ends it (a blank line and the next label, or the closing `---` line, follow), or
   * -1 when the full reader might read it otherwise or report it.
   */
  private scanValue(v: number, k: number): number {
    const bytes = this.bytes;
    const n = bytes.length;
    let i = v;
    for (;;) {
      // A loop, not indexOf: a typed array's indexOf is a call into the runtime, slower than a short value's bytes.
      let j = i;
      while (j < n && bytes[j] !== 0x0a) j++;
      if (j === n) return -1;
      this.lines++;
      if (byteAt(bytes, j + 1) === 0x0a) {
        const s = j + 2;
        if (k < 2 ? startsWithWords(this.view, s, VALUE_LABELS[k + 1]!) : startsWithToken(this.view, s, CLOSING)) {
          this.lines++;
          return j;
        }
        if ((byteAt(bytes, s) === 0x2a && byteAt(bytes, s + 1) === 0x2a) || isDashLine(bytes, s)) return -1;
      } else if (isDashLine(bytes, j + 1)) return -1;
      i = j + 1;
    }
  }
}

/** `0000-00-00T00:00:00`: where the digits go (0), and the marks between them. */
const SHAPE = ascii('0000-00-00T00:00:00');

/**
 * Where a timestamp TIMESTAMP_RE accepts (`YYYY-MM-DDTHH:MM:SS(.f+)?(Z|±HH:MM)`) that starts at bytes[s] ends, or -1.
 * Only its shape: a commit's time key is read from the string when it is asked for (text-time-key.ts).
 */
function timestampEnd(bytes: Uint8Array, s: number): number {
  const n = bytes.length;
  if (s + 20 > n) return -1;
  for (let k = 0; k < 19; k++) {
    const c = bytes[s + k]!;
    const want = SHAPE[k]!;
    if (want === 0x30 ? c < 0x30 || c > 0x39 : c !== want) return -1;
  }
  let i = s + 19;
  if (bytes[i] === 0x2e) {
    const f = ++i;
    while (i < n && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) i++;
    if (i === f) return -1;
  }
  const zone = byteAt(bytes, i);
  if (zone === 0x5a) return i + 1;
  if ((zone !== 0x2b && zone !== 0x2d) || i + 6 > n) return -1;
  for (let k = 1; k < 6; k++) {
    const c = bytes[i + k]!;
    if (k === 3 ? c !== 0x3a : c < 0x30 || c > 0x39) return -1;
  }
  return i + 6;
}

const BOUNDARY = ascii('\n---\n## Commit ');

/** The start of the next `## Commit ` that follows a `\n---\n` line whose newline is at or after `from`; -1 when none. */
export const nextCommitBoundary = (bytes: Uint8Array, from: number): number => nextRecordBoundary(bytes, from, BOUNDARY);
