// Whether bytes are valid UTF-8, in plain JS: the default check of log-index.ts's fast path (the server passes
// node:buffer's isUtf8, which is native and ~30× faster; the page and the tests use this).

/** Length of the valid UTF-8 sequence at i, or 0 when the byte there starts none (strict: no overlongs, surrogates). */
export function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) n = 2;
  else if (b >= 0xe0 && b <= 0xef) {
    n = 3;
    if (b === 0xe0) lo = 0xa0;
    if (b === 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4;
    if (b === 0xf0) lo = 0x90;
    if (b === 0xf4) hi = 0x8f;
  } else return 0;
  for (let k = 1; k < n; k++) {
    const c = bytes[i + k];
    if (c === undefined) return 0;
    if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return 0;
  }
  return n;
}

/** Whether bytes are well-formed UTF-8 (what TextDecoder decodes without a U+FFFD of its own). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    // ASCII, the usual byte, without a call.
    if (bytes[i]! < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceAt(bytes, i);
    if (length === 0) return false;
    i += length;
  }
  return true;
}
