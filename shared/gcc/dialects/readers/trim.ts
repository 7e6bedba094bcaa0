// Each language's trim, as the readers in this folder call it.

// Whitespace sets of each language's trim, as character classes.
// Python str.strip(): str.isspace(), which includes \x1c-\x1f but not U+FEFF.
const PY_SPACE = '\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
// Go strings.TrimSpace and Rust str::trim: Unicode White_Space.
const WS_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
// Scanned from both ends, not `/^[…]+|[…]+$/g`: that regex retries `[…]+$` at every space of an inner run, so a
// value with a long run of spaces or blank lines took quadratic time (8,000 spaces: 0.45 s per read; found by the
// format fuzz). Every character of the classes is a single UTF-16 unit, so testing one unit at a time is exact.
const trimmer = (cls: string): ((s: string) => string) => {
  const space = new RegExp(`^[${cls}]$`);
  return (s) => {
    let start = 0;
    let end = s.length;
    while (start < end && space.test(s[start]!)) start++;
    while (end > start && space.test(s[end - 1]!)) end--;
    return start === 0 && end === s.length ? s : s.slice(start, end);
  };
};
export const pyStrip = trimmer(PY_SPACE);
export const wsTrim = trimmer(WS_SPACE);
export const jsTrim = (s: string): string => s.trim();
