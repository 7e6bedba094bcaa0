// The fast path of log.md's reader: a step record recognised on its bytes, without decoding it, when it is exactly as
// the standard writers lay it out; anything else is refused here and read by log.ts's full reader.

/** Which fields of a plain step are empty (reader-tally.ts's shapes): observation or thought told, only an action, none. */
export const SHAPE_TOLD = 0;
export const SHAPE_ACTION_ONLY = 1;
export const SHAPE_EMPTY = 2;

// Byte classes: 0 is any byte that needs no look.
const NL = 1;
/** \v \f \x1c-\x1f: line breaks for some reader (Python's splitlines): the record is read, but not proved plain. */
const ODD = 2;
/** \r: refused (CRLF layouts have their own diagnostics). */
const CR = 3;
/** Lead bytes of U+0085, U+2028, U+2029 (odd breaks) and of the Unicode spaces a trim removes. */
const LEAD = 4;
/** `*` (a `:**` may be a label inside a value) and `#` (a `##` may be a header inside a value). */
const MARK = 5;
const CLASS = new Uint8Array(256);
CLASS[0x0a] = NL;
for (const b of [0x0b, 0x0c, 0x1c, 0x1d, 0x1e, 0x1f]) CLASS[b] = ODD;
CLASS[0x0d] = CR;
for (const b of [0xc2, 0xe1, 0xe2, 0xe3, 0xef]) CLASS[b] = LEAD;
CLASS[0x2a] = MARK;
CLASS[0x23] = MARK;

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const STEP_HEADER = ascii('### Step ');
const OBSERVATION = ascii('**Observation:**');
const THOUGHT = ascii('**Thought:**');
const ACTION = ascii('**Action:**');
const MERGED_FROM = ascii('\n## Merged from ');
const LABELS = [OBSERVATION, THOUGHT, ACTION];
/** What may follow a record's closing `---` line (records.ts itemStartAt), the rarer first (see startsItem). */
const ITEM_STARTS = [MERGED_FROM, STEP_HEADER];

export function startsWithBytes(bytes: Uint8Array, at: number, token: Uint8Array): boolean {
  if (at + token.length > bytes.length) return false;
  for (let k = 0; k < token.length; k++) if (bytes[at + k] !== token[k]) return false;
  return true;
}

// The scan's code is optimised by the engine after the first few hundred records, from what those did: a path first
// taken later (a read past the end, a merge heading, a byte rare so far) throws the optimised code away and the scan
// runs slowly until it is made again (~40 ms of a 205,000-step log). So no read goes past the end (byteAt), and
// the common and the rare case share their code where they can (startsItem).

/** bytes[i], or -1 past the end (a read past a typed array's end costs the optimised code, not only its answer). */
const byteAt = (bytes: Uint8Array, i: number): number => (i < bytes.length ? bytes[i]! : -1);

/** Whether a record's closing `---` line is followed by the start of an item: one loop, for the common and the rare. */
function startsItem(bytes: Uint8Array, at: number): boolean {
  for (let k = 0; k < ITEM_STARTS.length; k++) if (startsWithBytes(bytes, at, ITEM_STARTS[k]!)) return true;
  return false;
}

/**
 * A word's bytes the value scan may need to look at, as their top bits: every byte below 0x20 (a newline, CR, a
 * control), 0x80 and up (the lead of a character that may be an odd line break or a space), `*` or `#`, and maybe a
 * byte above one of those (a borrow): bit-twiddling tests that miss none.
 */
function lookMask(x: number): number {
  const star = x ^ 0x2a2a2a2a;
  const hash = x ^ 0x23232323;
  return (((x - 0x20202020) & ~x) | x | ((star - 0x01010101) & ~star) | ((hash - 0x01010101) & ~hash)) & 0x80808080;
}

/** Whether the (multi-byte) character at `at` is one a trim removes: U+0085, U+00A0, U+1680, U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF. */
function isEdgeChar(bytes: Uint8Array, at: number): boolean {
  const a = bytes[at]!;
  const b = byteAt(bytes, at + 1);
  const c = byteAt(bytes, at + 2);
  if (a === 0xc2) return b === 0x85 || b === 0xa0;
  if (a === 0xe1) return b === 0x9a && c === 0x80;
  if (a === 0xe2) return (b === 0x80 && (c <= 0x8a || c === 0xa8 || c === 0xa9 || c === 0xaf)) || (b === 0x81 && c === 0x9f);
  if (a === 0xe3) return b === 0x80 && c === 0x80;
  if (a === 0xef) return b === 0xbb && c === 0xbf;
  return false;
}

/** Whether the line [s, e) starts or ends with a character some trim removes (an empty line does too). */
function hasEdgeSpace(bytes: Uint8Array, s: number, e: number): boolean {
  if (e <= s) return true;
  const first = bytes[s]!;
  if (first <= 0x20 || (first >= 0xc2 && isEdgeChar(bytes, s))) return true;
  const last = bytes[e - 1]!;
  if (last <= 0x20) return true;
  if (last < 0x80) return false;
  // The last character's lead byte: two or three bytes back (four-byte characters are never spaces).
  if (e - 2 >= s && bytes[e - 2]! >= 0xc0) return isEdgeChar(bytes, e - 2);
  if (e - 3 >= s && bytes[e - 3]! >= 0xe0) return isEdgeChar(bytes, e - 3);
  return false;
}

/** StepScanner.nextLook on a big-endian machine: byte by byte. */
function nextLookByByte(bytes: Uint8Array, j: number): number {
  for (; j < bytes.length; j++) if (CLASS[bytes[j]!] !== 0) return j;
  return bytes.length;
}

/** Whether a byte (or -1) is an ASCII digit. */
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/**
 * Where a timestamp that TIMESTAMP_RE accepts (`YYYY-MM-DDTHH:MM:SS(.f+)?(Z|±HH:MM)`) and that starts at `s` ends, or
 * -1. A fraction longer than 20 digits is refused (the full reader reads such a rarity).
 */
export function timestampEnd(b: Uint8Array, s: number): number {
  if (s + 20 > b.length) return -1;
  for (let k = 0; k < 19; k++) {
    const want = SHAPE[k]!;
    const c = b[s + k]!;
    if (want === 0 ? c < 0x30 || c > 0x39 : c !== want) return -1;
  }
  const len = b.length;
  let i = s + 19;
  if (b[i] === 0x2e) {
    const f = ++i;
    while (i < len && i - f <= 20 && isDigit(b[i]!)) i++;
    if (i === f || i - f > 20) return -1;
  }
  const zone = byteAt(b, i);
  if (zone === 0x5a) return i + 1;
  if ((zone !== 0x2b && zone !== 0x2d) || i + 6 > len) return -1;
  return isDigit(b[i + 1]!) && isDigit(b[i + 2]!) && b[i + 3] === 0x3a && isDigit(b[i + 4]!) && isDigit(b[i + 5]!) ? i + 6 : -1;
}

/** `YYYY-MM-DDTHH:MM:SS`: 0 where a digit goes, else the byte itself. */
const SHAPE = Uint8Array.from('0000-00-00T00:00:00', (c) => (c === '0' ? 0 : c.charCodeAt(0)));

/** Everything the reader decides about one record, filled in by StepScanner.scan. */
export interface ScannedStep {
  /** Byte just after the record's closing `---\n`. */
  end: number;
  /** The closing `---\n` ends the bytes: the record is complete only if what comes next starts an item (provisional). */
  atEnd: boolean;
  step: number;
  /** The timestamp's bytes [tsStart, tsEnd). */
  tsStart: number;
  tsEnd: number;
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
  tsStart = 0;
  tsEnd = 0;
  lines = 0;
  plainShape = -1;
  /** The bytes as 32-bit words from their first 4-aligned byte (`wordFrom`), to skip four plain bytes at a time. */
  private readonly words: Int32Array<ArrayBufferLike>;
  private readonly wordFrom: number;
  // Per value: proved plain so far, and whether it was empty (1).
  private plain = true;
  private readonly empty = new Uint8Array(3);

  /** A scanner of `bytes` (one per piece read: what is set once is set here, not on the scan's path). */
  constructor(private readonly bytes: Uint8Array) {
    // Word k holds bytes [wordFrom + 4k, wordFrom + 4k + 4), the first in its lowest byte on a little-endian machine
    // (a big-endian one looks at every byte).
    this.wordFrom = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
    const count = (bytes.length - this.wordFrom) >> 2;
    this.words = count > 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + this.wordFrom, count) : new Int32Array(0);
  }

  /** Whether the bytes at `p` are one canonical step record (the fields above are then set). */
  scan(p: number): boolean {
    const bytes = this.bytes;
    if (!startsWithBytes(bytes, p, STEP_HEADER)) return false;
    let i = p + 9;
    let n = 0;
    for (; i < bytes.length && isDigit(bytes[i]!); i++) n = n * 10 + (bytes[i]! - 0x30);
    // Up to 15 digits the running sum is exactly Number(digits).
    if (i === p + 9 || i - p - 9 > 15) return false;
    if (i + 5 > bytes.length || bytes[i] !== 0x20 || bytes[i + 1] !== 0xe2 || bytes[i + 2] !== 0x80 || bytes[i + 3] !== 0x94 || bytes[i + 4] !== 0x20) return false;
    const tsStart = i + 5;
    const nl = timestampEnd(bytes, tsStart);
    if (nl === -1 || byteAt(bytes, nl) !== 0x0a) return false;
    this.step = n;
    this.tsStart = tsStart;
    this.tsEnd = nl;
    this.lines = 1;
    this.plain = true;
    let at = nl + 1;
    // The first label; scanValue makes sure of the next one.
    if (!startsWithBytes(bytes, at, OBSERVATION)) return false;
    for (let k = 0; k < 3; k++) {
      let v = at + LABELS[k]!.length;
      if (byteAt(bytes, v) === 0x20) v++;
      // A value that starts like a step header is reported by the full reader (step-header-in-value).
      if (byteAt(bytes, v) === 0x23 && startsWithBytes(bytes, v, STEP_HEADER)) return false;
      const valueEnd = this.scanValue(v, k);
      if (valueEnd < 0) return false;
      // valueEnd is the newline ending the value; a blank line follows.
      this.lines += 2;
      at = valueEnd + 2;
    }
    // After the action's blank line: the closing `---` line.
    if (at + 4 > bytes.length || bytes[at] !== 0x2d || bytes[at + 1] !== 0x2d || bytes[at + 2] !== 0x2d || bytes[at + 3] !== 0x0a) return false;
    this.lines += 1;
    const end = at + 4;
    this.end = end;
    // What follows decides that this `---` closes the record (records.ts RecordEnd, itemStartAt).
    this.atEnd = end === bytes.length;
    if (!this.atEnd && !startsItem(bytes, end)) return false;
    const empty = this.empty;
    this.plainShape = !this.plain ? -1 : empty[0] === 0 || empty[1] === 0 ? SHAPE_TOLD : empty[2] === 0 ? SHAPE_ACTION_ONLY : SHAPE_EMPTY;
    return true;
  }

  /**
   * The first byte at or after `j` whose class is not 0, or the length: the words in which no byte needs a look are
   * skipped four bytes at a time, and in a word that has one, the flagged bytes are visited in order (on a
   * little-endian machine, the lowest flag is the first byte; a flag may be false, never missing: CLASS decides).
   * The 1-3 bytes after the last whole word are not looked at: a value that is read ends at least 6 bytes before the
   * end (its newline, a blank line, `---\n`), so one that reaches them is refused whatever they hold.
   */
  private nextLook(j: number): number {
    const bytes = this.bytes;
    const len = bytes.length;
    const words = this.words;
    const wordFrom = this.wordFrom;
    if (!LITTLE_ENDIAN) return nextLookByByte(bytes, j);
    // Before the first word: the first 1-3 bytes of the bytes, which a value never starts in.
    for (; j < wordFrom; j++) if (CLASS[bytes[j]!] !== 0) return j;
    const count = words.length;
    let w = (j - wordFrom) >> 2;
    // The bytes of the first word before `j` are not looked at again.
    let m = w < count ? lookMask(words[w]!) & (-1 << (((j - wordFrom) & 3) << 3)) : 0;
    for (;;) {
      while (m !== 0) {
        const at = wordFrom + (w << 2) + ((31 - Math.clz32(m & -m)) >> 3);
        if (CLASS[bytes[at]!] !== 0) return at;
        m &= m - 1;
      }
      if (++w >= count) return len;
      m = lookMask(words[w]!);
    }
  }

  /**
   * One field's value from `v`: returns the newline that ends it (followed by a blank line and the next label, or the
   * closing `---` for the action), or -1 when the value is not one the full reader reads without a diagnostic.
   */
  // One piece: the per-byte loop and the per-line rules share their state (line start, dash lines, Lua's pattern).
  private scanValue(v: number, k: number): number {
    const bytes = this.bytes;
    const len = bytes.length;
    let lineStart = v;
    let lineNo = 0;
    let prevDashes = false;
    // Lines 1, 3, 5… all `\---` with content between: Contexa Lua's newlines, which the reader reports (looksLuaCorrupted).
    let luaPattern = true;
    let plain = true;
    let extraLines = 0;
    // One call of nextLook (its code is copied into this function's where it is called).
    for (let j = v - 1; ; ) {
      j = this.nextLook(j + 1);
      if (j >= len) return -1;
      const b = bytes[j]!;
      const cls = CLASS[b]!;
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
          const next = k < 2 ? startsWithBytes(bytes, j + 2, LABELS[k + 1]!) : byteAt(bytes, j + 2) === 0x2d;
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
        if (c === 0x23 && startsWithBytes(bytes, s, STEP_HEADER)) return -1;
        if (c === 0x2a) for (let t = 0; t < LABELS.length; t++) if (startsWithBytes(bytes, s, LABELS[t]!)) return -1;
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
