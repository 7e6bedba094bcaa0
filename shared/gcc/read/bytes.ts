// UTF-8 decoding that keeps byte offsets: the parsers search one decoded string with the native methods, while record
// ranges and offsets are bytes in the file.

/** A stretch of bytes that is not valid UTF-8; the decoder shows it as one U+FFFD. */
export interface InvalidUtf8 {
  /** Byte offset within the decoded bytes. */
  offset: number;
  length: number;
}

export interface DecodedText {
  text: string;
  /** Invalid sequences, in file order (empty for valid UTF-8). */
  invalid: InvalidUtf8[];
  /** Source byte length of each U+FFFD in `text`, in order; null when `text` has none. */
  replacementWidths: number[] | null;
}

const decoder = new TextDecoder('utf-8');

// TextDecoder decodes (one pass, SIMD in Node); only the non-ASCII runs are walked to map string indices back to bytes,
// and bytes are validated one by one only when the text holds U+FFFD (which may stand for 1-3 invalid bytes).
/** Decodes like TextDecoder (U+FFFD for bad bytes, WHATWG rules) and reports where the bad bytes are. */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  const text = decoder.decode(bytes);
  if (text.indexOf('\uFFFD') === -1) return { text, invalid: [], replacementWidths: null };
  const { invalid, widths } = scanReplacements(bytes);
  return { text, invalid, replacementWidths: widths };
}

/**
 * Walks the bytes with the WHATWG UTF-8 decoder algorithm (the one TextDecoder implements) and records,
 * for every U+FFFD it would emit (a real EF BF BD included), how many source bytes it stands for.
 */
function scanReplacements(bytes: Uint8Array): { invalid: InvalidUtf8[]; widths: number[] } {
  const invalid: InvalidUtf8[] = [];
  const widths: number[] = [];
  let needed = 0;
  let seen = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let start = 0;
  let cp = 0;
  const fail = (at: number, length: number): void => {
    invalid.push({ offset: at, length });
    widths.push(length);
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (needed === 0) {
      if (b < 0x80) {
        i++;
        continue;
      }
      start = i;
      if (b >= 0xc2 && b <= 0xdf) {
        needed = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        needed = 2;
        cp = b & 0x0f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        needed = 3;
        cp = b & 0x07;
      } else {
        fail(i, 1);
      }
      i++;
      continue;
    }
    if (b < lower || b > upper) {
      // The maximal subpart so far becomes one U+FFFD; this byte is decoded again from scratch.
      fail(start, seen + 1);
      needed = seen = cp = 0;
      lower = 0x80;
      upper = 0xbf;
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    seen++;
    i++;
    if (seen === needed) {
      if (cp === 0xfffd) widths.push(3);
      needed = seen = cp = 0;
    }
  }
  if (needed !== 0) fail(start, seen + 1);
  return { invalid, widths };
}

/** UTF-8 length of one UTF-16 code unit that is >= 0x80 (a surrogate counts 2: a pair is 4 bytes). */
function unitWidth(c: number): number {
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c < 0xe000) return 2;
  return 3;
}

/**
 * Maps string indices to byte offsets for a decoded text, for queries in increasing order (the parsers
 * walk forward). ASCII stretches cost nothing: a sticky search jumps from one non-ASCII run to the next.
 */
export class ByteCursor {
  private readonly text: string;
  private readonly widths: number[] | null;
  private widthIndex = 0;
  private readonly nonAscii = /[^\x00-\x7f]+/g;
  private runStart = -1;
  private runEnd = -1;
  private charPos = 0;
  private bytePos: number;

  constructor(decoded: DecodedText, baseByte = 0) {
    this.text = decoded.text;
    this.widths = decoded.replacementWidths;
    this.bytePos = baseByte;
    this.nextRun();
  }

  private nextRun(): void {
    const m = this.nonAscii.exec(this.text);
    if (m) {
      this.runStart = m.index;
      this.runEnd = m.index + m[0].length;
    } else {
      this.runStart = this.runEnd = Number.POSITIVE_INFINITY;
    }
  }

  /** Whether U+FFFD stand for invalid bytes (then only the exact walk knows their width). */
  get hasReplacements(): boolean {
    return this.widths !== null;
  }

  /**
   * Moves the cursor to a mapping the caller established another way (`pos` <-> `byte`). Only valid
   * when the text holds no replacement characters, whose widths the cursor counts in order.
   */
  jumpTo(pos: number, byte: number): void {
    this.charPos = pos;
    this.bytePos = byte;
    this.nonAscii.lastIndex = pos;
    this.runStart = -1;
  }

  /** Byte offset of string index `pos`; `pos` must not be smaller than in the previous call. */
  byteAt(pos: number): number {
    if (pos < this.charPos) throw new RangeError('ByteCursor only moves forward');
    if (pos > this.charPos && this.runStart === -1) this.nextRun();
    while (this.charPos < pos) {
      if (this.runStart >= pos) {
        this.bytePos += pos - this.charPos;
        this.charPos = pos;
        break;
      }
      if (this.charPos < this.runStart) {
        this.bytePos += this.runStart - this.charPos;
        this.charPos = this.runStart;
      }
      const stop = Math.min(pos, this.runEnd);
      for (let k = this.charPos; k < stop; k++) {
        const c = this.text.charCodeAt(k);
        this.bytePos += c === 0xfffd && this.widths ? (this.widths[this.widthIndex++] ?? 3) : unitWidth(c);
      }
      this.charPos = stop;
      if (stop === this.runEnd) this.nextRun();
      else this.runStart = stop;
    }
    return this.bytePos;
  }
}

/** 1-based line numbers of string indices, counted lazily from a moving checkpoint. */
export class LineCounter {
  private readonly text: string;
  private pos = 0;
  private line: number;

  constructor(text: string, baseLine = 1) {
    this.text = text;
    this.line = baseLine;
  }

  lineAt(target: number): number {
    const t = this.text;
    if (target >= this.pos) {
      let i = t.indexOf('\n', this.pos);
      while (i !== -1 && i < target) {
        this.line++;
        i = t.indexOf('\n', i + 1);
      }
    } else {
      let i = t.indexOf('\n', target);
      while (i !== -1 && i < this.pos) {
        this.line--;
        i = t.indexOf('\n', i + 1);
      }
    }
    this.pos = target;
    return this.line;
  }
}

/** UTF-8 byte length of a string (exact for well-formed strings). */
export function utf8Length(s: string): number {
  let n = s.length;
  const re = /[^\x00-\x7f]+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const run = m[0];
    for (let k = 0; k < run.length; k++) n += unitWidth(run.charCodeAt(k)) - 1;
  }
  return n;
}

/**
 * Number of 0x0A bytes in bytes[from, to). Reads four bytes at a time (a whole-log scan at the end of
 * a parse would otherwise be one indexOf call per line: ~2 million on the big logs).
 */
export function countNewlines(bytes: Uint8Array, from: number, to: number): number {
  let n = 0;
  let i = from;
  // Byte by byte up to a 4-aligned address, then whole words, then the rest.
  while (i < to && (bytes.byteOffset + i) % 4 !== 0) if (bytes[i++] === 0x0a) n++;
  const words = (to - i) >> 2;
  if (words > 0) {
    const w = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let k = 0; k < words; k++) {
      // Zero-byte detection on x = word XOR 0x0a0a0a0a: the high bit of each byte of z is set iff
      // that byte of x is zero (exact, no false positives: the carry cannot cross bytes).
      const x = w[k]! ^ 0x0a0a0a0a;
      let z = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
      while (z !== 0) {
        n++;
        z &= z - 1;
      }
    }
    i += words << 2;
  }
  while (i < to) if (bytes[i++] === 0x0a) n++;
  return n;
}

/** 1-based line of a byte offset: one plus the newlines before it. */
export function lineAtByte(bytes: Uint8Array, offset: number, from = 0, fromLine = 1): number {
  let line = fromLine;
  let i = bytes.indexOf(0x0a, from);
  while (i !== -1 && i < offset) {
    line++;
    i = bytes.indexOf(0x0a, i + 1);
  }
  return line;
}

/** Whether two byte arrays are equal. */
/** bytes[from, to) without subarray (which looks up a species constructor a call: a cost per record or file). */
export const bytesOf = (bytes: Uint8Array, from: number, to: number): Uint8Array => new Uint8Array(bytes.buffer, bytes.byteOffset + from, to - from);

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const encoder = new TextEncoder();
export function encodeUtf8(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Describes bytes for a message, e.g. `0x80 0x94`. */
export function hexBytes(bytes: Uint8Array, offset: number, length: number): string {
  const out: string[] = [];
  for (let i = offset; i < offset + length && i < bytes.length; i++) {
    out.push('0x' + bytes[i]!.toString(16).toUpperCase().padStart(2, '0'));
  }
  return out.join(' ');
}

/** The parts one after the other, in new bytes (a single part is given back as it is). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
