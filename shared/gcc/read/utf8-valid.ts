// Whether bytes are valid UTF-8, in plain JS: the default check of log-index.ts's fast path (the server passes
// node:buffer's isUtf8, which is native and ~30× faster; the page and the tests use this).
/** Whether bytes are well-formed UTF-8 (what TextDecoder decodes without a U+FFFD of its own). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      else if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      else if (b === 0xf4) upper = 0x8f;
    } else return false;
    const c = bytes[i + 1];
    if (c === undefined || c < lower || c > upper) return false;
    for (let k = 2; k <= need; k++) {
      const d = bytes[i + k];
      if (d === undefined || d < 0x80 || d > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}
