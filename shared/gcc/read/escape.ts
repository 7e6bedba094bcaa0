// How values are escaped inside log.md and commit.md, per writer family, and how we undo it: a value's `---` line must not
// cut its record, and each family escapes it its own (imperfect) way.

import type { Dialect } from '../../types.ts';

// The writers (all but Zig and Lua) apply `v.replace(/\n---\n/g, '\n\\---\n')`: a value line that is exactly `---`
// becomes `\---`. Being a non-overlapping replace it misses the second of two consecutive `---` lines, the first line
// and a last line `---`; and a line the agent wrote as `\---` comes back as `---`. Zig escapes nothing. Lua's gsub
// pattern `"\n---\n"` is read by Lua as `\n*? -*? \n`, so it replaces EVERY newline, and any run of dashes that ends a
// line, with `\n\---\n`.
export type EscapeStyle = 'standard' | 'zig' | 'lua';

export function escapeStyleOf(dialect: Dialect | undefined): EscapeStyle {
  if (dialect === 'zig') return 'zig';
  if (dialect === 'lua') return 'lua';
  return 'standard';
}

/** Every field label either file uses; a value line starting with one could be taken for a new field. */
export const FIELD_LABELS = [
  'Observation',
  'Thought',
  'Action',
  'Timestamp',
  'Branch Purpose',
  'Previous Progress Summary',
  "This Commit's Contribution",
] as const;

const LABEL_ALT = FIELD_LABELS.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** A line (not the first) that needs a backslash from us: `\*---` or `\*` + a field label. */
const RISKY_LINE = new RegExp(`\\n(?:\\\\*---(?=\\n|$)|\\\\*\\*\\*(?:${LABEL_ALT}):\\*\\*)`);
/** A line (not the first) that we unescape: `\+---` or `\+` + a field label. */
const ESCAPED_LINE = new RegExp(`\\n\\\\(\\\\*(?:---(?=\\n|$)|\\*\\*(?:${LABEL_ALT}):\\*\\*))`, 'g');
const BARE_DASH_LINE = /\n---(?:\n|$)/;

/** Exactly what Python/TypeScript/Rust/Go/Elixir write for a value. */
export function writerEscape(value: string): string {
  return value.indexOf('\n---\n') === -1 ? value : value.replace(/\n---\n/g, '\n\\---\n');
}

/** Exactly what Lua writes for a value (every newline and line-ending dash run become `\n\---\n`). */
export function luaEscape(value: string): string {
  return value.indexOf('\n') === -1 ? value : value.replace(/-*\n/g, '\n\\---\n');
}

/**
 * Reads a standard-dialect value: on every line but the first, one leading backslash is dropped from
 * `\---` (the writers' escape) and from the extra escapes `serializeValue` adds (`\\---`, `\**Label:**`).
 * This equals the writers' own unescape for everything they write and can represent; it differs only
 * for lines the agent itself began with backslashes before `---` or a label (rare, and lossy for them).
 */
export function unescapeStandard(raw: string): string {
  if (raw.indexOf('\n\\') === -1) return raw;
  return raw.replace(ESCAPED_LINE, '\n$1');
}

/** Lua stores newline N as `\n\---\n`; joining the pieces with `\n` gives what the agent most likely wrote. */
export function luaUnescape(raw: string): string {
  return raw.indexOf('\n\\---\n') === -1 ? raw : raw.split('\n\\---\n').join('\n');
}

/** True when a value read from a Lua file shows Lua's newline corruption. */
export function hasLuaCorruption(raw: string): boolean {
  return raw.indexOf('\n\\---\n') !== -1;
}

/**
 * A value as one of our writers puts it in a record.
 *
 * 'standard': the writers' bytes whenever those read back to the same value (so a record we rewrite
 * is byte-identical to what Contexa would write). The writers' escape cannot represent some values:
 * a second consecutive `---` line, a last line `---` (both end up as bare `---` lines that Contexa's
 * own readers, which split on `---\n` and only rejoin after a trailing `\`, cut the record at), a
 * line the agent wrote as `\---` (read back as `---`), and a line starting with a field label (taken
 * for the next field). For those we escape more, uniformly: every line after the first that is
 * `\*---` or starts with `\*` + a label gets one more leading backslash. No bare `---` line is left,
 * so every trailing-backslash reader still keeps the record whole, and `unescapeStandard` is its exact
 * inverse. Lines that merely END in `---` (`Title---`) are written as every writer writes them: only
 * readers that split on the substring `---\n` (Contexa TypeScript) break on them, and escaping them
 * would change bytes all seven writers agree on.
 *
 * 'zig' and 'lua' reproduce those writers byte for byte (lossy: see the file comment).
 */
export function serializeValue(value: string, style: EscapeStyle): string {
  if (style === 'zig') return value;
  if (style === 'lua') return luaEscape(value);
  const plain = writerEscape(value);
  if (!RISKY_LINE.test(value) && !BARE_DASH_LINE.test(plain)) return plain;
  if (unescapeStandard(plain) === value && !BARE_DASH_LINE.test(plain) && !hasLabelLine(value)) return plain;
  return value.split('\n').map(escapeLine).join('\n');
}

function hasLabelLine(value: string): boolean {
  return new RegExp(`\\n\\\\*\\*\\*(?:${LABEL_ALT}):\\*\\*`).test(value);
}

const NEEDS_BACKSLASH = new RegExp(`^\\\\*(?:---$|\\*\\*(?:${LABEL_ALT}):\\*\\*)`);

function escapeLine(line: string, index: number): string {
  return index > 0 && NEEDS_BACKSLASH.test(line) ? '\\' + line : line;
}

/** Reads a raw value with the unescape of a dialect. */
export function unescapeValue(raw: string, style: EscapeStyle): string {
  if (style === 'zig') return raw;
  if (style === 'lua') return luaUnescape(raw);
  return unescapeStandard(raw);
}
