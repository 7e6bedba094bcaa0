// Whether one writer's `key: value` entry stands at a place in a metadata.yaml, decided without writing the entry: a
// start-up asks this of seven writers for every entry of every branch (writersOf in metadata-write.ts).

import type { Dialect } from '../../types.ts';
import { elixirQuotes, luaQuotes } from './yaml-emit/hand-written.ts';
import { BASE60, goNeedsQuotes, JS_YAML_DEPRECATED_BOOLEANS, jsYamlAmbiguous, pyyamlResolvesAsNonString, rustNeedsQuotes, YAML11_WORDS } from './yaml-emit/resolvers.ts';

// The three ways a value is written on its line: as itself, in '…' with each ' doubled, or in "…" with " and \
// escaped (the only escapes a value of printable ASCII gets).
const PLAIN = 0;
const SINGLE = 1;
const DOUBLE = 2;
type Form = typeof PLAIN | typeof SINGLE | typeof DOUBLE;

/**
 * A value of printable ASCII (U+0020–U+007E) on one line, as the ported emitters (yaml-emit/) see it. For such a
 * value they all write one of the three forms on one line, with no escape but `\"` and `\\`:
 * - analyzeScalar (PyYAML's and libyaml's) finds no special character, no line break, so no break next to a space:
 *   single quotes are allowed, and plain is allowed unless `blockPlain` below is false;
 * - js-yaml finds every character printable and no line break: plain or single quotes unless the value is longer
 *   than its line width (78), when it folds;
 * - PyYAML folds only at a space past column 80: a line of at most 80 columns is written as it is.
 */
export interface AsciiValue {
  /** How many `'` it holds (each written twice inside single quotes). */
  quotes: number;
  /** analyzeScalar's blockPlainAllowed: no space at either end, no `---`/`...` start, no indicator first, no `: `, no ` #`. */
  blockPlain: boolean;
  /** js-yaml's plain-safety (isPlainSafeFirst, isPlainSafe, the last character): its resolvers decide the rest. */
  jsPlain: boolean;
  /**
   * No resolver of the four libraries takes it for anything but text: it starts with a letter and is none of
   * YAML11_WORDS. Every other implicit type they know (numbers, dates, `.inf`, `<<`, `=`, `~`, `!&*`) starts with
   * a digit, a sign, a dot, `_` or a symbol.
   */
  onlyText: boolean;
  /**
   * Every one of the seven writers writes it plain, after any key: 1 to 66 characters (PyYAML's 80 columns after
   * the longest key, `created_from: `), a letter first (no indicator, no space, no `---`), none of YAML11_WORDS, no
   * `:`, `#` or `'` (Lua and Elixir quote those), no space last.
   */
  plainForAll: boolean;
  /** An ISO 8601 date and time as the writers stamp them (ISO_TIMESTAMP): what each resolver makes of it is known. */
  isoTimestamp: boolean;
}

const SPACE = 0x20;
const HASH = 0x23;
const QUOTE = 0x27;
const COLON = 0x3a;
const LINE_FEED = 0x0a;

// First characters that make analyzeScalar see a block indicator (`?`, `:`, `-` only when a space or the end follows).
const LIBYAML_INDICATOR_FIRST = new Set('#,[]{}&*!|>\'"%@`'.split('').map((ch) => ch.charCodeAt(0)));
// First characters js-yaml's isPlainSafeFirst refuses (besides white space).
const JS_UNSAFE_FIRST = new Set('-?:,[]{}#&*!|=>\'"%@`'.split('').map((ch) => ch.charCodeAt(0)));

// created_at and merged_at as the writers stamp them, a real month and day: PyYAML's and js-yaml's timestamp
// resolvers and yaml.v3's (which checks the month and the day) take it for a time; serde_yaml's looks for null,
// booleans and numbers only; js-yaml's deprecated booleans and base-60 numbers do not match it (a `-` follows digits).
const ISO_TIMESTAMP = /^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:Z|[-+][0-9]{2}:[0-9]{2})$/;
/** What a library's resolver says of the value, asked only when the facts do not already tell. */
function resolvedAs(facts: AsciiValue, value: string, ask: (value: string) => boolean, ofIsoTimestamp: boolean): boolean {
  if (facts.onlyText) return false;
  return facts.isoTimestamp ? ofIsoTimestamp : ask(value);
}

const isLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** The facts of `value` when it is printable ASCII on one line; null otherwise (the emitters are asked then). */
export function asciiValue(value: string): AsciiValue | null {
  const n = value.length;
  let quotes = 0;
  let colonSpace = false;
  let spaceHash = false;
  let colonOrHash = false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < SPACE || c > 0x7e) return null;
    if (c === COLON || c === HASH) colonOrHash = true;
    if (c === QUOTE) quotes++;
    else if (c === SPACE && i > 0 && value.charCodeAt(i - 1) === COLON) colonSpace = true;
    else if (c === HASH && i > 0 && value.charCodeAt(i - 1) === SPACE) spaceHash = true;
  }
  if (n === 0) return { quotes, blockPlain: true, jsPlain: false, onlyText: false, plainForAll: false, isoTimestamp: false };
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(n - 1);
  // analyzeScalar: a `?`, `:` or `-` first is an indicator when a blank (space or the end) follows it; a `:` further
  // on when a blank follows it (`: ` inside, or a `:` last); a `#` further on when a space comes before it.
  const secondBlank = n === 1 || value.charCodeAt(1) === SPACE;
  const blockIndicators =
    value.startsWith('---') ||
    value.startsWith('...') ||
    LIBYAML_INDICATOR_FIRST.has(first) ||
    ((first === 0x3f || first === COLON || first === 0x2d) && secondBlank) ||
    colonSpace ||
    (n > 1 && last === COLON) ||
    spaceHash;
  const blockPlain = first !== SPACE && last !== SPACE && !blockIndicators;
  // js-yaml: isPlainSafe refuses a `#` after a space and a space after a `:`; the last character may be neither a
  // space nor a `:`.
  const jsPlain = first !== SPACE && !JS_UNSAFE_FIRST.has(first) && last !== SPACE && last !== COLON && !colonSpace && !spaceHash;
  const onlyText = isLetter(first) && !YAML11_WORDS.has(value);
  const plainForAll = onlyText && n <= 66 && quotes === 0 && !colonOrHash && last !== SPACE;
  return { quotes, blockPlain, jsPlain, onlyText, plainForAll, isoTimestamp: isoTimestamp(value) };
}

/** asciiValue(value)?.plainForAll === true, without its facts: asked of every name and purpose at a start. */
export function plainForAll(value: string): boolean {
  const n = value.length;
  if (n === 0 || n > 66 || !isLetter(value.charCodeAt(0)) || value.charCodeAt(n - 1) === SPACE) return false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < SPACE || c > 0x7e || c === QUOTE || c === COLON || c === HASH) return false;
  }
  return !YAML11_WORDS.has(value);
}

/** asciiValue(value)?.isoTimestamp === true: ISO_TIMESTAMP holds printable ASCII only, a digit first. */
export function isoTimestamp(value: string): boolean {
  const first = value.charCodeAt(0);
  return first >= 0x30 && first <= 0x39 && ISO_TIMESTAMP.test(value);
}

/** How `dialect`'s emitter writes a printable-ASCII value after `key: `; null when it would fold the line. */
function asciiForm(key: string, value: string, facts: AsciiValue, dialect: Dialect): Form | null {
  switch (dialect) {
    case 'python': {
      const form = resolvedAs(facts, value, pyyamlResolvesAsNonString, true) || !facts.blockPlain ? SINGLE : PLAIN;
      const width = key.length + 2 + value.length + (form === SINGLE ? 2 + facts.quotes : 0);
      return width <= 80 ? form : null;
    }
    case 'typescript':
    case 'unknown':
      if (value.length > 78) return null;
      if (value === '' || resolvedAs(facts, value, jsYamlDeprecated, false)) return SINGLE;
      return facts.jsPlain && !resolvedAs(facts, value, jsYamlAmbiguous, true) ? PLAIN : SINGLE;
    case 'go':
      if (resolvedAs(facts, value, goNeedsQuotes, true)) return DOUBLE;
      return facts.blockPlain ? PLAIN : SINGLE;
    case 'rust':
      return resolvedAs(facts, value, rustNeedsQuotes, false) || !facts.blockPlain ? SINGLE : PLAIN;
    default:
      return null;
  }
}

/** js-yaml's first test: a YAML 1.1 boolean or a base-60 number is written in single quotes, unescaped. */
const jsYamlDeprecated = (value: string): boolean => JS_YAML_DEPRECATED_BOOLEANS.has(value) || BASE60.test(value);

/** Where `value` written in `form` ends when it stands at `at` in `text`; -1 when it does not stand there. */
function formEnd(text: string, at: number, value: string, form: Form): number {
  if (form === PLAIN) return text.startsWith(value, at) ? at + value.length : -1;
  const mark = form === SINGLE ? QUOTE : 0x22;
  if (text.charCodeAt(at) !== mark) return -1;
  let p = at + 1;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (form === SINGLE ? c === QUOTE : c === 0x22 || c === 0x5c) {
      // '' inside single quotes; \" and \\ inside double quotes
      if (text.charCodeAt(p) !== (form === SINGLE ? QUOTE : 0x5c)) return -1;
      p++;
    }
    if (text.charCodeAt(p) !== c) return -1;
    p++;
  }
  return text.charCodeAt(p) === mark ? p + 1 : -1;
}

/** The form of the hand-written writers (Lua, Elixir, Zig) for any value; null for the emitters. */
function handWrittenForm(value: string, dialect: Dialect): Form | null {
  switch (dialect) {
    case 'zig':
      return PLAIN;
    case 'lua':
      return value === '' || luaQuotes(value) ? SINGLE : PLAIN;
    case 'elixir':
      return value === '' || elixirQuotes(value) ? SINGLE : PLAIN;
    default:
      return null;
  }
}

/**
 * What the writers share while one file is judged: each value's facts, found once, and where each entry that every
 * writer writes plain ends (found by the first writer that reaches it, then reused by the others).
 */
export class SharedFacts {
  // By key number (METADATA_KEYS): a key's value is the same for every writer.
  private readonly ascii: (AsciiValue | null | undefined)[] = [];
  private readonly plainAt: number[] = [];
  private readonly plainEnd: number[] = [];

  asciiOf(keyIndex: number, value: string): AsciiValue | null {
    let found = this.ascii[keyIndex];
    if (found === undefined) {
      found = asciiValue(value);
      this.ascii[keyIndex] = found;
    }
    return found;
  }

  /** Where `value` written plain ends at `start`, the value of key number `keyIndex` (-1: it does not stand there). */
  plainEndOf(text: string, start: number, keyIndex: number, value: string): number {
    if (this.plainAt[keyIndex] !== start) {
      this.plainAt[keyIndex] = start;
      this.plainEnd[keyIndex] = formEnd(text, start, value, PLAIN);
    }
    return this.plainEnd[keyIndex]!;
  }
}

/**
 * Where `dialect`'s entry for `key: value` ends when it stands at `at` in `text` (-1 when it does not), found
 * without writing it; undefined when the value is not one this decides (then write the entry and compare). `key` is
 * key number `keyIndex` of METADATA_KEYS (its value is the same for every writer).
 */
export function entryEnd(text: string, at: number, key: string, keyIndex: number, value: string | null, dialect: Dialect, facts: SharedFacts): number | undefined {
  // Every writer's entry starts `key: ` (its emitters write a space before any value).
  const start = at + key.length + 2;
  if (!text.startsWith(key, at) || text.charCodeAt(start - 2) !== COLON || text.charCodeAt(start - 1) !== SPACE) return -1;
  // Every writer writes a null as `null`.
  if (value === null) return text.startsWith('null\n', start) ? start + 5 : -1;
  let end: number;
  const ascii = facts.asciiOf(keyIndex, value);
  if (ascii !== null && ascii.plainForAll) {
    end = facts.plainEndOf(text, start, keyIndex, value);
  } else {
    let form = handWrittenForm(value, dialect);
    if (form === null) {
      form = ascii === null ? null : asciiForm(key, value, ascii, dialect);
      if (form === null) return undefined;
    }
    end = formEnd(text, start, value, form);
  }
  return end >= 0 && text.charCodeAt(end) === LINE_FEED ? end + 1 : -1;
}
