// Each language's trim, as the readers in this folder call it.

// Whitespace sets of each language's trim, as character classes.
// Python str.strip(): str.isspace(), which includes \x1c-\x1f but not U+FEFF.
const PY_SPACE = '\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
// Go strings.TrimSpace and Rust str::trim: Unicode White_Space.
const WS_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const trimmer = (cls: string): ((s: string) => string) => {
  const re = new RegExp(`^[${cls}]+|[${cls}]+$`, 'g');
  return (s) => s.replace(re, '');
};
export const pyStrip = trimmer(PY_SPACE);
export const wsTrim = trimmer(WS_SPACE);
export const jsTrim = (s: string): string => s.trim();
