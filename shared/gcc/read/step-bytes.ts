// The byte-level tests the step scan (step-scan.ts) reads records with: which bytes need a look, the characters a trim
// removes, a word's bytes to look at, and fixed tokens compared a word at a time, each without decoding the bytes.

// Byte classes: 0 is any byte that needs no look.
export const NL = 1;
/** \v \f \x1c-\x1f: line breaks for some reader (Python's splitlines): the record is read, but not proved plain. */
export const ODD = 2;
/** \r: refused (CRLF layouts have their own diagnostics). */
export const CR = 3;
/** Lead bytes of U+0085, U+2028, U+2029 (odd breaks) and of the Unicode spaces a trim removes. */
export const LEAD = 4;
/** `*` (a `:**` may be a label inside a value) and `#` (a `##` may be a header inside a value). */
export const MARK = 5;
export const CLASS = new Uint8Array(256);
CLASS[0x0a] = NL;
for (const b of [0x0b, 0x0c, 0x1c, 0x1d, 0x1e, 0x1f]) CLASS[b] = ODD;
CLASS[0x0d] = CR;
for (const b of [0xc2, 0xe1, 0xe2, 0xe3, 0xef]) CLASS[b] = LEAD;
CLASS[0x2a] = MARK;
CLASS[0x23] = MARK;

/** A string's char codes as bytes (the tokens the scan compares with). */
export const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** A 32-bit word with its bytes in the other order. */
export const swapBytes = (x: number): number => (x >>> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);

/** A word read through an Int32Array with its first byte in its lowest 8 bits, on any machine (lookMask's order). */
export const wordLE: (word: number) => number = LITTLE_ENDIAN ? (x) => x : swapBytes;

export function startsWithBytes(bytes: Uint8Array, at: number, token: Uint8Array): boolean {
  if (at + token.length > bytes.length) return false;
  for (let k = 0; k < token.length; k++) if (bytes[at + k] !== token[k]) return false;
  return true;
}

/**
 * Where the item after the next `boundary` starts (`boundary`: a `\n---\n` line, then how the item opens) whose first
 * newline is at or after `from`; -1 when there is none. Such a line always ends what comes before it, so both readers
 * of a file agree on where a record starts.
 */
export function nextRecordBoundary(bytes: Uint8Array, from: number, boundary: Uint8Array): number {
  for (let i = bytes.indexOf(0x0a, from); i !== -1; i = bytes.indexOf(0x0a, i + 1)) {
    if (bytes[i + 1] === 0x2d && startsWithBytes(bytes, i, boundary)) return i + 5;
  }
  return -1;
}

/**
 * A fixed ASCII token of 4 to 16 bytes as four little-endian 32-bit words, at offsets 0, 4, 8 and 12 moved back so that
 * none passes its end (a shorter token compares some bytes twice): compared four bytes a load, without a loop (a
 * byte loop per token was a sixth of the scan, and a loop inlined at each call site is what the optimiser compiles
 * slowest).
 */
export interface Token {
  readonly length: number;
  readonly o1: number;
  readonly o2: number;
  readonly o3: number;
  readonly w0: number;
  readonly w1: number;
  readonly w2: number;
  readonly w3: number;
}

export function token(s: string): Token {
  const b = ascii(s);
  if (b.length < 4 || b.length > 16 || b.some((c) => c > 0x7f)) throw new RangeError(`a token is 4 to 16 ASCII bytes: ${JSON.stringify(s)}`);
  const view = new DataView(b.buffer);
  const at = (k: number) => Math.min(4 * k, b.length - 4);
  return { length: b.length, o1: at(1), o2: at(2), o3: at(3), w0: view.getInt32(0, true), w1: view.getInt32(at(1), true), w2: view.getInt32(at(2), true), w3: view.getInt32(at(3), true) };
}

/** A view of `bytes` for startsWithToken (and word reads at any offset). */
export const viewOf = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.length);

/** startsWithBytes for a Token, on the bytes' view. */
export function startsWithToken(view: DataView, at: number, t: Token): boolean {
  if (at + t.length > view.byteLength) return false;
  return view.getInt32(at, true) === t.w0 && view.getInt32(at + t.o1, true) === t.w1 && view.getInt32(at + t.o2, true) === t.w2 && view.getInt32(at + t.o3, true) === t.w3;
}

/** The four bytes at `at` as a little-endian 32-bit word, or 0x80000000 (no four bytes: never a word of ASCII bytes) when they pass the end. */
export const wordAt = (view: DataView, at: number): number => (at + 4 <= view.byteLength ? view.getInt32(at, true) : -0x80000000);

/** bytes[i], or -1 past the end (a read past a typed array's end costs the optimised code, not only its answer). */
export const byteAt = (bytes: Uint8Array, i: number): number => (i < bytes.length ? bytes[i]! : -1);

/**
 * A word's bytes the value scan may need to look at, as their top bits: every byte below 0x20 (a newline, CR, a
 * control), 0x80 and up (the lead of a character that may be an odd line break or a space), `*` or `#`, and maybe a
 * byte above one of those (a borrow): bit-twiddling tests that miss none. A byte's top bit after `- 0x20` or after
 * `^ c - 1` is set for the bytes each test is for, and otherwise only for bytes of 0x80 and up, which `| x` flags
 * anyway: the usual `& ~x` of each test is not needed (nine operations a word instead of fifteen).
 */
export function lookMask(x: number): number {
  return ((x - 0x20202020) | x | ((x ^ 0x2a2a2a2a) - 0x01010101) | ((x ^ 0x23232323) - 0x01010101)) & 0x80808080;
}

/** Whether the (multi-byte) character at `at` is one a trim removes: U+0085, U+00A0, U+1680, U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF. */
export function isEdgeChar(bytes: Uint8Array, at: number): boolean {
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
export function hasEdgeSpace(bytes: Uint8Array, s: number, e: number): boolean {
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

/** Whether a byte (or -1) is an ASCII digit. */
export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
