// metadata.yaml as the seven writers lay it out, read without a YAML parser: a few microseconds a file instead of
// ~0.6 ms, to exactly the parser's result; anything laid out otherwise goes to the parser.

import { METADATA_KEYS, type MetadataKey } from './metadata-keys.ts';
import { YAML11_WORDS } from '../write/yaml-emit/resolvers.ts';
import { resolvePlainScalar, type ScalarSpelling } from './metadata-value.ts';

/** One value as the yaml document would give it. */
export interface ScannedValue {
  key: MetadataKey;
  spelling: Extract<ScalarSpelling, 'plain' | 'single' | 'double' | 'folded'>;
  /** The value's text, quotes and escapes undone (the node's `source`). */
  source: string;
  /** What YAML 1.1 resolves a plain value to (the node's `value`); the text for a quoted one. */
  resolved: unknown;
  /** The value as it stands in the file (the node's range). */
  raw: string;
  line: number;
  /** Offset in the text of the entry's first line (its key). */
  start: number;
}

/** The number of the known key `line` starts with, ended by the colon at `colon`; -1 for any other key. */
function knownKeyAt(line: string, colon: number): number {
  for (let k = 0; k < METADATA_KEYS.length; k++) {
    const key = METADATA_KEYS[k]!;
    if (key.length === colon && line.startsWith(key)) return k;
  }
  return -1;
}

// Printable characters the parser reads the same in any value: no control characters (tab, CR and DEL included),
// no C1 controls, no U+2028/2029 (line breaks to YAML 1.1), no BOM and no non-characters U+FFFE/FFFF.
const PRINTABLE = /^[\x20-\x7e\u{a0}-\u{2027}\u{202a}-\u{d7ff}\u{e000}-\u{fefe}\u{ff00}-\u{fffd}\u{10000}-\u{10ffff}]*$/u;

/** PRINTABLE.test, without the regular expression for the usual text: printable ASCII all through. */
function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return PRINTABLE.test(text);
  }
  return true;
}

/**
 * resolvePlainScalar, without trying the schema's tags on text that starts with a letter: every implicit tag of the
 * YAML 1.1 schema needs a digit, a sign, a dot, `~` or nothing first, but the words (YAML11_WORDS) and the exponent
 * floats (`e5`, `E+3`).
 */
export function resolvePlain(source: string): { value: unknown } | null {
  const c = source.charCodeAt(0);
  const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  if (letter && c !== 0x45 && c !== 0x65 && !YAML11_WORDS.has(source)) return { value: source };
  return resolvePlainScalar(source);
}
// A plain scalar may not start with an indicator (a `-` only when text follows it), nor hold `: ` or ` #`, nor end
// with `:` or a space: each of those means something else to YAML.
const PLAIN_START_INDICATOR = /^(?:[?:,[\]{}#&*!|>'"%@`]|-(?:$| ))/;
const PLAIN_BREAKER = /: | #|[: ]$/;

const DOUBLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
};
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * The text of a `"…"` value (its inside), escapes undone and lines folded as the parser does (resolve-flow-scalar.js
 * of the yaml library); null for anything it would not accept. A line break is always followed by the two spaces of a
 * continuation line (CONTINUATION): folded to one space, or to nothing after a `\\`.
 */
function undoDoubleQuoted(inner: string): string | null {
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === '"') return null;
    if (ch === '\n') {
      out += ' ';
      i += 2;
      continue;
    }
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = inner[++i] ?? '';
    if (next === '\n') {
      i += 2;
      continue;
    }
    const simple = DOUBLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const digits = HEX_DIGITS[next];
    if (digits === undefined) return null;
    const hex = inner.slice(i + 1, i + 1 + digits);
    if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex)) return null;
    const code = parseInt(hex, 16);
    if (code > 0x10ffff) return null;
    out += String.fromCodePoint(code);
    i += digits;
  }
  return out;
}

/** One value (the text after `key: `, or '' after a bare `key:`), or null when it is not one of the simple forms. */
function scanValue(key: MetadataKey, value: string, line: number, start: number): ScannedValue | null {
  if (value === '') return { key, spelling: 'plain', source: '', resolved: null, raw: '', line, start };
  if (!isPrintable(value)) return null;
  const first = value[0];
  if (first === "'") {
    if (value.length < 2 || value[value.length - 1] !== "'") return null;
    const inner = value.slice(1, -1);
    // Inside, a quote comes only doubled; the first lone one would end the scalar before the line does.
    if (inner.replace(/''/g, '').includes("'")) return null;
    const source = inner.replace(/''/g, "'");
    return { key, spelling: 'single', source, resolved: source, raw: value, line, start };
  }
  if (first === '"') {
    // An unescaped `"` inside, or a `\` escaping the last one, is refused by undoDoubleQuoted.
    if (value.length < 2 || value[value.length - 1] !== '"') return null;
    const source = undoDoubleQuoted(value.slice(1, -1));
    return source === null ? null : { key, spelling: 'double', source, resolved: source, raw: value, line, start };
  }
  if (PLAIN_START_INDICATOR.test(value) || PLAIN_BREAKER.test(value)) return null;
  const resolved = resolvePlain(value);
  return resolved === null ? null : { key, spelling: 'plain', source: value, resolved: resolved.value, raw: value, line, start };
}

// A continuation line of a folded value as PyYAML and js-yaml write it: indented two spaces, no space after that nor
// at its end (the parser would trim those; a line indented further means something else to a block scalar).
const CONTINUATION = /^ {2}[^ ](?:[^]*[^ ])?$/;

/**
 * A value folded over several lines (`head` after `key: `, then `more`, each two spaces in): PyYAML's folded plain, '…'
 * and "…" values, js-yaml's `>-`. `newlineAfter`: whether a line break follows the last line (a block scalar's text holds it).
 */
function scanFolded(key: MetadataKey, head: string, more: string[], line: number, start: number, newlineAfter: boolean): ScannedValue | null {
  if (!more.every((l) => CONTINUATION.test(l) && isPrintable(l))) return null;
  const parts = more.map((l) => l.slice(2));
  const raw = `${head}\n${more.join('\n')}`;
  if (head === '>-') {
    // Folded, stripped: lines that all start at the block's indentation join with one space.
    const source = parts.join(' ');
    return { key, spelling: 'folded', source, resolved: source, raw: newlineAfter ? `${raw}\n` : raw, line, start };
  }
  if (!isPrintable(head) || head.length < 2 || head[1] === ' ' || head.endsWith(' ')) return null;
  if (head[0] === "'") {
    const last = parts[parts.length - 1]!;
    if (!last.endsWith("'")) return null;
    const inner = [head.slice(1), ...parts.slice(0, -1), last.slice(0, -1)].join(' ');
    if (inner.replace(/''/g, '').includes("'")) return null;
    const source = inner.replace(/''/g, "'");
    return { key, spelling: 'single', source, resolved: source, raw, line, start };
  }
  if (head[0] === '"') {
    if (!raw.endsWith('"')) return null;
    const source = undoDoubleQuoted(raw.slice(1, -1));
    return source === null ? null : { key, spelling: 'double', source, resolved: source, raw, line, start };
  }
  if ([head, ...parts].some((p) => PLAIN_START_INDICATOR.test(p) || PLAIN_BREAKER.test(p))) return null;
  const source = [head, ...parts].join(' ');
  const resolved = resolvePlain(source);
  return resolved === null ? null : { key, spelling: 'plain', source, resolved: resolved.value, raw, line, start };
}

// The writers' layout: one `key: value` per known key, each value plain, '…', "…" or empty on its own line, or folded
// over indented lines as PyYAML and js-yaml fold a long one. It gives what the parser's document gives (the value's
// text, spelling, raw text and line; metadata-scan.test.ts compares the two on the corpus and on generated and damaged
// files), and null for a comment, a blank line, a block (`|`) value, CRLF, a tab, a key not ours or a key twice.
/** The values of a metadata.yaml laid out as a writer lays it out, in file order; null when it is laid out otherwise. */
export function scanWriterLayout(text: string): ScannedValue[] | null {
  if (text.includes('\r')) return null;
  const lines = text.split('\n');
  // A final newline leaves an empty last piece; any other empty line is a blank line.
  const newlineAtEnd = lines[lines.length - 1] === '';
  if (newlineAtEnd) lines.pop();
  const values: ScannedValue[] = [];
  let seen = 0; // one bit a key number
  let offset = 0;
  for (let i = 0; i < lines.length; ) {
    const first = lines[i]!;
    const start = offset;
    offset += first.length + 1;
    const line = ++i;
    const colon = first.indexOf(':');
    const k = colon <= 0 ? -1 : knownKeyAt(first, colon);
    if (k < 0 || (seen & (1 << k)) !== 0) return null;
    seen |= 1 << k;
    // The key's own constant: the readers look values up by it.
    const key = METADATA_KEYS[k]!;
    const rest = first.slice(colon + 1);
    if (rest !== '' && (rest[0] !== ' ' || rest[1] === ' ')) return null;
    const more: string[] = [];
    while (i < lines.length && lines[i]![0] === ' ') {
      offset += lines[i]!.length + 1;
      more.push(lines[i++]!);
    }
    const head = rest.slice(1);
    const value = more.length === 0 ? scanValue(key, head, line, start) : scanFolded(key, head, more, line, start, i < lines.length || newlineAtEnd);
    if (value === null) return null;
    values.push(value);
  }
  return values.length > 0 ? values : null;
}
