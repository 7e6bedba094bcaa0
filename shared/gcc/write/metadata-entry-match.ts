// Whether one writer's `key: value` entry stands at a place in a metadata.yaml, decided without writing the entry: a
// start-up asks this of seven writers for every entry of every branch (writersOf in metadata-write.ts).

import type { Dialect } from '../../types.ts';
import { elixirQuotes, luaQuotes } from './yaml-emit/hand-written.ts';
import { BASE60, goNeedsQuotes, JS_YAML_DEPRECATED_BOOLEANS, jsYamlAmbiguous, pyyamlResolvesAsNonString, rustNeedsQuotes } from './yaml-emit/resolvers.ts';

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
   * No resolver of the four libraries takes it for anything but text: it starts with a letter and is longer than
   * five characters. Every implicit type they know (numbers, dates, `.inf`, `<<`, `=`, `~`, `!&*`) starts with a
   * digit, a sign, a dot or a symbol; the words they know (yes/no/on/off/y/n/true/false/null in their spellings)
   * are at most five letters.
   */
  onlyText: boolean;
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

const isLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** The facts of `value` when it is printable ASCII on one line; null otherwise (the emitters are asked then). */
export function asciiValue(value: string): AsciiValue | null {
  const n = value.length;
  let quotes = 0;
  let colonSpace = false;
  let spaceHash = false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < SPACE || c > 0x7e) return null;
    if (c === QUOTE) quotes++;
    else if (c === SPACE && i > 0 && value.charCodeAt(i - 1) === COLON) colonSpace = true;
    else if (c === HASH && i > 0 && value.charCodeAt(i - 1) === SPACE) spaceHash = true;
  }
  if (n === 0) return { quotes, blockPlain: true, jsPlain: false, onlyText: false };
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
  return { quotes, blockPlain, jsPlain, onlyText: isLetter(first) && n > 5 };
}

/** How `dialect`'s emitter writes a printable-ASCII value after `key: `; null when it would fold the line. */
function asciiForm(key: string, value: string, facts: AsciiValue, dialect: Dialect): Form | null {
  switch (dialect) {
    case 'python': {
      const form = !facts.onlyText && pyyamlResolvesAsNonString(value) ? SINGLE : facts.blockPlain ? PLAIN : SINGLE;
      const width = key.length + 2 + value.length + (form === SINGLE ? 2 + facts.quotes : 0);
      return width <= 80 ? form : null;
    }
    case 'typescript':
    case 'unknown':
      if (value.length > 78) return null;
      if (value === '' || (!facts.onlyText && (JS_YAML_DEPRECATED_BOOLEANS.has(value) || BASE60.test(value)))) return SINGLE;
      return facts.jsPlain && (facts.onlyText || !jsYamlAmbiguous(value)) ? PLAIN : SINGLE;
    case 'go':
      if (!facts.onlyText && goNeedsQuotes(value)) return DOUBLE;
      return facts.blockPlain ? PLAIN : SINGLE;
    case 'rust':
      return (!facts.onlyText && rustNeedsQuotes(value)) || !facts.blockPlain ? SINGLE : PLAIN;
    default:
      return null;
  }
}

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

/** The form of the hand-written writers (Lua, Elixir, Zig) for any value, and of every writer for a null. */
function handWrittenForm(value: string | null, dialect: Dialect): { form: Form; text: string } | null {
  if (value === null) return { form: PLAIN, text: 'null' };
  switch (dialect) {
    case 'zig':
      return { form: PLAIN, text: value };
    case 'lua':
      return value === '' ? { form: SINGLE, text: '' } : { form: luaQuotes(value) ? SINGLE : PLAIN, text: value };
    case 'elixir':
      return value === '' ? { form: SINGLE, text: '' } : { form: elixirQuotes(value) ? SINGLE : PLAIN, text: value };
    default:
      return null;
  }
}

/** The facts of each value asked about while judging one file, found once for all the writers. */
export type AsciiFacts = Map<string, AsciiValue | null>;

/**
 * Where `dialect`'s entry for `key: value` ends when it stands at `at` in `text` (-1 when it does not), found
 * without writing it; undefined when the value is not one this decides (then write the entry and compare).
 */
export function entryEnd(text: string, at: number, key: string, value: string | null, dialect: Dialect, facts: AsciiFacts): number | undefined {
  let form: Form;
  let body: string;
  const hand = handWrittenForm(value, dialect);
  if (hand !== null) {
    form = hand.form;
    body = hand.text;
  } else {
    body = value as string;
    let ascii = facts.get(body);
    if (ascii === undefined) {
      ascii = asciiValue(body);
      facts.set(body, ascii);
    }
    const chosen = ascii === null ? null : asciiForm(key, body, ascii, dialect);
    if (chosen === null) return undefined;
    form = chosen;
  }
  const start = at + key.length + 2;
  if (!text.startsWith(key, at) || text.charCodeAt(start - 2) !== COLON || text.charCodeAt(start - 1) !== SPACE) return -1;
  const end = formEnd(text, start, body, form);
  return end >= 0 && text.charCodeAt(end) === LINE_FEED ? end + 1 : -1;
}
