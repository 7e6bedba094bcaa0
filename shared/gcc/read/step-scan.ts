// The fast path of log.md's reader: a step record recognised on its bytes, without decoding it, when it is exactly as
// the standard writers lay it out; anything else is refused here and read by log.ts's full reader.
import { byteAt, CLASS, CR, hasEdgeSpace, isDigit, LEAD, lookMask, MARK, NL, ODD, startsWithToken, token, viewOf, wordAt, wordLE, type Token } from './step-bytes.ts';
import type { TimeKeys } from './time-key.ts';

/** Which fields of a plain step are empty (reader-tally.ts's shapes): observation or thought told, only an action, none. */
export const SHAPE_TOLD = 0;
export const SHAPE_ACTION_ONLY = 1;
export const SHAPE_EMPTY = 2;

const STEP_HEADER = token('### Step ');
const OBSERVATION = token('**Observation:**');
const THOUGHT = token('**Thought:**');
const ACTION = token('**Action:**');
const MERGED_FROM = token('\n## Merged from ');
/** ` — ` before a step's timestamp: its first four bytes as a word (wordAt), then a space. */
const EM_DASH_WORD = 0x9480e220 | 0;
/** A closing `---\n` line as a word. */
const CLOSING_WORD = 0x0a2d2d2d;
const LABELS: readonly Token[] = [OBSERVATION, THOUGHT, ACTION];
/** What may follow a record's closing `---` line (records.ts itemStartAt), the rarer first (see startsItem). */
const ITEM_STARTS: readonly Token[] = [MERGED_FROM, STEP_HEADER];

// The scan's code is optimised by the engine after the first few hundred records, from what those did: a path first
// taken later (a read past the end, a merge heading, a byte rare so far) throws the optimised code away and the scan
// runs slowly until it is made again (~40 ms of a 205,000-step log). So no read goes past the end (byteAt), and
// the common and the rare case share their code where they can (startsItem).

/** Whether a record's closing `---` line is followed by the start of an item: one loop, for the common and the rare. */
function startsItem(view: DataView, at: number): boolean {
  for (let k = 0; k < ITEM_STARTS.length; k++) if (startsWithToken(view, at, ITEM_STARTS[k]!)) return true;
  return false;
}

/** Everything the reader decides about one record, filled in by StepScanner.scan. */
export interface ScannedStep {
  /** Byte just after the record's closing `---\n`. */
  end: number;
  /** The closing `---\n` ends the bytes: the record is complete only if what comes next starts an item (provisional). */
  atEnd: boolean;
  step: number;
  /** Newlines in the record. */
  lines: number;
  /** Shape (SHAPE_*) when every line reader is proved to read the record back unchanged, else -1. */
  plainShape: number;
}

// Refused: a missing field, CRLF, a blank or label line inside a value, a bare `---` line, Lua's newline pattern, a step
// header in a value; refusing costs only time. Decided from the bytes: where the record ends, its number, timestamp
// and time key, how many lines it spans, and whether every Contexa line reader reads it back unchanged (isPlainStep,
// proved conservatively). One loop walks each byte once (a class table picks out the few bytes that matter): ~35 ms
// for a 50 MB log, against ~1 s for decoding and reading every record into strings.
/** Reads canonical step records on bytes. One instance serves a whole scan (no object per record). */
export class StepScanner implements ScannedStep {
  end = 0;
  atEnd = false;
  step = 0;
  lines = 0;
  plainShape = -1;
  /** The bytes as 32-bit words from their first 4-aligned byte (`wordFrom`), to skip four plain bytes at a time. */
  private readonly words: Int32Array<ArrayBufferLike>;
  private readonly wordFrom: number;
  /** The bytes as a DataView: tokens and fixed words compared four bytes a load. */
  private readonly view: DataView;
  // Per value: proved plain so far, and whether it was empty (1).
  private plain = true;
  private readonly empty = new Uint8Array(3);

  /**
   * A scanner of `bytes` (one per piece read: what is set once is set here, not on the scan's path); `times` reads each
   * record's timestamp, and holds its key until the next.
   */
  constructor(
    private readonly bytes: Uint8Array,
    readonly times: TimeKeys,
  ) {
    // Word k holds bytes [wordFrom + 4k, wordFrom + 4k + 4) (wordLE puts the first in its lowest byte).
    this.wordFrom = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
    const count = (bytes.length - this.wordFrom) >> 2;
    this.words = count > 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + this.wordFrom, count) : new Int32Array(0);
    this.view = viewOf(bytes);
  }

  /** Whether the bytes at `p` are one canonical step record (the fields above are then set). */
  scan(p: number): boolean {
    const bytes = this.bytes;
    const view = this.view;
    if (!startsWithToken(view, p, STEP_HEADER)) return false;
    let i = p + 9;
    let n = 0;
    for (; i < bytes.length && isDigit(bytes[i]!); i++) n = n * 10 + (bytes[i]! - 0x30);
    // Up to 15 digits the running sum is exactly Number(digits).
    if (i === p + 9 || i - p - 9 > 15) return false;
    if (wordAt(view, i) !== EM_DASH_WORD || byteAt(bytes, i + 4) !== 0x20) return false;
    const tsStart = i + 5;
    const nl = this.times.read(view, bytes, tsStart);
    if (nl === -1 || byteAt(bytes, nl) !== 0x0a) return false;
    this.step = n;
    this.lines = 1;
    this.plain = true;
    let at = nl + 1;
    // The first label; scanValue makes sure of the next one.
    if (!startsWithToken(view, at, OBSERVATION)) return false;
    for (let k = 0; k < 3; k++) {
      let v = at + LABELS[k]!.length;
      if (byteAt(bytes, v) === 0x20) v++;
      // A value that starts like a step header is reported by the full reader (step-header-in-value).
      if (byteAt(bytes, v) === 0x23 && startsWithToken(view, v, STEP_HEADER)) return false;
      const valueEnd = this.scanValue(v, k);
      if (valueEnd < 0) return false;
      // valueEnd is the newline ending the value; a blank line follows.
      this.lines += 2;
      at = valueEnd + 2;
    }
    // After the action's blank line: the closing `---` line.
    if (wordAt(view, at) !== CLOSING_WORD) return false;
    this.lines += 1;
    const end = at + 4;
    this.end = end;
    // What follows decides that this `---` closes the record (records.ts RecordEnd, itemStartAt).
    this.atEnd = end === bytes.length;
    if (!this.atEnd && !startsItem(view, end)) return false;
    const empty = this.empty;
    this.plainShape = !this.plain ? -1 : empty[0] === 0 || empty[1] === 0 ? SHAPE_TOLD : empty[2] === 0 ? SHAPE_ACTION_ONLY : SHAPE_EMPTY;
    return true;
  }

  /**
   * One field's value from `v`: returns the newline that ends it (followed by a blank line and the next label, or the
   * closing `---` for the action), or -1 when the value is not one the full reader reads without a diagnostic.
   */
  // One piece: the per-byte loop and the per-line rules share their state (line start, dash lines, Lua's pattern).
  private scanValue(v: number, k: number): number {
    const bytes = this.bytes;
    const len = bytes.length;
    const words = this.words;
    const count = words.length;
    const wordFrom = this.wordFrom;
    // The bytes that need a look, from `v` on: the words in which none does are skipped four bytes at a time, and in a
    // word that has some, its flags (m) are visited in order, lowest first (wordLE puts a word's first byte lowest); a
    // flag may be false, never missing: CLASS decides. A word's flags are taken once, however many it holds. A value
    // starts past the first 1-3 bytes (before the first word); the 1-3 after the last word are not looked at: a value
    // that is read ends at least 6 bytes before the end (its newline, a blank line, `---\n`), so one that reaches
    // them is refused whatever they hold.
    if (v < wordFrom) return -1;
    let w = (v - wordFrom) >> 2;
    if (w >= count) return -1;
    let m = lookMask(wordLE(words[w]!)) & (-1 << (((v - wordFrom) & 3) << 3));
    let lineStart = v;
    let lineNo = 0;
    let prevDashes = false;
    // Lines 1, 3, 5… all `\---` with content between: Contexa Lua's newlines, which the reader reports (looksLuaCorrupted).
    let luaPattern = true;
    let plain = true;
    let extraLines = 0;
    for (;;) {
      while (m === 0) {
        if (++w >= count) return -1;
        m = lookMask(wordLE(words[w]!));
      }
      const j = wordFrom + (w << 2) + ((31 - Math.clz32(m & -m)) >> 3);
      m &= m - 1;
      const b = bytes[j]!;
      const cls = CLASS[b]!;
      if (cls === 0) continue;
      if (cls === NL) {
        // The line [lineStart, j).
        const width = j - lineStart;
        if (width === 0) {
          // An empty first line is an empty value (only when the blank line and the next label follow), any other a blank line.
          if (lineNo !== 0) return -1;
        } else {
          // Printable ASCII at both ends (the usual line) needs no closer look.
          const first = bytes[lineStart]!;
          const last = bytes[j - 1]!;
          if (plain && !(first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80) && hasEdgeSpace(bytes, lineStart, j)) plain = false;
          // A line ending in `---`: only an escaped `\---` line (the writers' escape of `---`) between other lines is plain.
          const dashEnd = width >= 3 && last === 0x2d && bytes[j - 2] === 0x2d && bytes[j - 3] === 0x2d;
          const escapedDashes = dashEnd && width === 4 && first === 0x5c && lineNo > 0;
          if (dashEnd && (!escapedDashes || prevDashes)) plain = false;
          prevDashes = escapedDashes;
          if ((lineNo & 1) === 1 && !escapedDashes) luaPattern = false;
        }
        if (byteAt(bytes, j + 1) === 0x0a) {
          // A blank line: the value ends here when the next field's label (or the closing `---`) follows.
          const next = k < 2 ? startsWithToken(this.view, j + 2, LABELS[k + 1]!) : byteAt(bytes, j + 2) === 0x2d;
          if (!next) return -1;
          if (width === 0 && lineNo === 0) {
            this.empty[k] = 1;
          } else {
            this.empty[k] = 0;
            // The last line may not be a dash line (the escape cannot end a value), nor end with Lua's pattern.
            if (prevDashes) plain = false;
            if (luaPattern && lineNo >= 4 && (lineNo & 1) === 0) return -1;
          }
          if (!plain) this.plain = false;
          this.lines += extraLines;
          return j;
        }
        if (width === 0) return -1;
        // The next line: nothing the reader would act on (a step header, a label, a bare `---` line).
        const s = j + 1;
        const c = byteAt(bytes, s);
        if (c === 0x23 && startsWithToken(this.view, s, STEP_HEADER)) return -1;
        if (c === 0x2a) for (let t = 0; t < LABELS.length; t++) if (startsWithToken(this.view, s, LABELS[t]!)) return -1;
        if (c === 0x2d && byteAt(bytes, s + 1) === 0x2d && byteAt(bytes, s + 2) === 0x2d && (s + 3 >= len || bytes[s + 3] === 0x0a)) return -1;
        extraLines++;
        lineNo++;
        lineStart = s;
        continue;
      }
      if (cls === CR) return -1;
      if (cls === ODD) plain = false;
      else if (cls === LEAD) {
        const c1 = byteAt(bytes, j + 1);
        if ((b === 0xc2 && c1 === 0x85) || (b === 0xe2 && c1 === 0x80 && (byteAt(bytes, j + 2) === 0xa8 || byteAt(bytes, j + 2) === 0xa9))) plain = false;
      } else if (b === 0x2a) {
        if (byteAt(bytes, j + 1) === 0x2a && bytes[j - 1] === 0x3a) plain = false;
      } else if (byteAt(bytes, j + 1) === 0x23) plain = false;
    }
  }
}
