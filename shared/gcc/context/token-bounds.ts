// The fewest tokens a text can be, without the tokenizer: what a count cut short (count.ts) or a count that could not
// be made (a token worker that died) says instead. Pure and cheap, so the server's main thread may use it.

/** The longest token of o200k_base, in UTF-8 bytes (count.test.ts checks it against the vocabulary). */
export const LONGEST_TOKEN_BYTES = 128;

/** UTF-8 length of `text` without allocating it (a lone surrogate is written as 3 bytes, like U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Fewest tokens `text` can be: no token is longer than LONGEST_TOKEN_BYTES. */
export function lowerBoundTokens(text: string): number {
  return Math.ceil(utf8Length(text) / LONGEST_TOKEN_BYTES);
}
