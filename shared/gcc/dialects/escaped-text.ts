// Bytes as a string without losing any: the byte-oriented implementations (Go, Lua, Elixir, Zig) return bytes, valid
// UTF-8 or not, and their CONTEXT must come back byte for byte.
import { utf8SequenceAt } from '../read/utf8-valid.ts';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The offset of the first byte that is not part of valid UTF-8, or -1. */
export function firstInvalidByte(bytes: Uint8Array): number {
  try {
    fatal.decode(bytes);
    return -1;
  } catch {
    return walk(bytes, () => {}, true);
  }
}

// Each byte that is not part of a valid sequence becomes the lone surrogate U+DC00 + byte (Python's
// "surrogateescape"), which no reader's trim, split or pattern treats as anything but an ordinary character, and
// which encodeEscaped turns back into that byte.
/** Decodes valid UTF-8 as usual and every invalid byte b as U+DC00 + b. */
export function decodeEscaped(bytes: Uint8Array): string {
  try {
    return fatal.decode(bytes);
  } catch {
    const parts: string[] = [];
    walk(bytes, (piece) => parts.push(piece), false);
    return parts.join('');
  }
}

/** The bytes decodeEscaped read: lone U+DC80..U+DCFF become their byte again, everything else UTF-8. */
export function encodeEscaped(text: string): Uint8Array {
  if (!/[\uDC80-\uDCFF]/.test(text)) return encoder.encode(text);
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const lone = c >= 0xdc80 && c <= 0xdcff && !(i > 0 && isHigh(text.charCodeAt(i - 1)));
    if (lone) out.push(c - 0xdc00);
    else {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of encoder.encode(String.fromCodePoint(cp))) out.push(b);
    }
  }
  return Uint8Array.from(out);
}

/** The text as a browser can show it: each escaped byte as U+FFFD. */
export const showEscaped = (text: string): string => text.replace(/(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g, '\uFFFD');

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/** Walks the bytes, handing out decoded runs and escaped bytes; returns the first invalid offset (stopping there when asked). */
function walk(bytes: Uint8Array, emit: (piece: string) => void, stopAtFirst: boolean): number {
  let first = -1;
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = utf8SequenceAt(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    if (first < 0) first = i;
    if (stopAtFirst) return first;
    if (runStart < i) emit(fatal.decode(bytes.subarray(runStart, i)));
    emit(String.fromCharCode(0xdc00 + bytes[i]!));
    i += 1;
    runStart = i;
  }
  if (runStart < bytes.length) emit(fatal.decode(bytes.subarray(runStart)));
  return first;
}
