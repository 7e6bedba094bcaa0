// libyaml (yaml.v3 and serde_yaml), the emitter behind Contexa Go's and Rust's metadata.yaml, ported rule for rule for
// one string value in a top-level block mapping.

import { codePointsOf, hex } from './code-points.ts';
import { goNeedsQuotes, rustNeedsQuotes } from './resolvers.ts';

export interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** libyaml's IS_PRINTABLE, judged on the UTF-8 lead bytes: 4-byte sequences (U+10000 and up) are *not* printable. */
function libyamlPrintable(c: number): boolean {
  return c === 0x0a || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff);
}
const libyamlBreak = (c: number): boolean => c === 0x0d || c === 0x0a || c === 0x85 || c === 0x2028 || c === 0x2029;
const libyamlBlankZ = (c: number | undefined): boolean => c === undefined || c === 0 || c === 0x20 || c === 0x09 || libyamlBreak(c);

/** What an emitter counts as a line break and as a special character (one that rules out plain and single quotes). */
export interface ScalarCharacters {
  isBreak(c: number): boolean;
  isSpecial(c: number): boolean;
}

const LIBYAML_CHARACTERS: ScalarCharacters = { isBreak: libyamlBreak, isSpecial: (c) => !libyamlPrintable(c) };

function libyamlAnalyze(codes: number[]): ScalarAnalysis {
  return analyzeScalar(String.fromCodePoint(...codes), codes, LIBYAML_CHARACTERS);
}

// yaml_emitter_analyze_scalar, select_scalar_style and the writers, with unicode output and no line wrapping (both
// libraries disable best_width). PyYAML's analyze_scalar is a port of libyaml's, so pyyaml.ts runs this analysis with
// its own character classes.
/** yaml_emitter_analyze_scalar over `text` (its code points `codes`): which styles may write it. */
export function analyzeScalar(text: string, codes: readonly number[], characters: ScalarCharacters): ScalarAnalysis {
  if (codes.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  const { isBreak, isSpecial } = characters;
  let blockIndicators = text.startsWith('---') || text.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  let followedByWhitespace = libyamlBlankZ(codes[1]);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] ?? 0;
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      if ((ch === '?' || ch === ':') && followedByWhitespace) blockIndicators = true;
      if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (isSpecial(c)) special = true;
    if (isBreak(c)) lineBreaks = true;
    if (c === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === codes.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      if (i === 0) leadingBreak = true;
      if (i === codes.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = libyamlBlankZ(c);
    followedByWhitespace = libyamlBlankZ(codes[i + 2]);
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) blockPlainAllowed = singleQuotedAllowed = false;
  if (spaceBreak || special) blockPlainAllowed = singleQuotedAllowed = blockAllowed = false;
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

const LIBYAML_ESCAPES: Record<number, string> = {
  0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e',
  0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

type LibyamlStyle = 'plain' | 'single' | 'double' | 'literal';

function libyamlWrite(codes: number[], requested: LibyamlStyle): string {
  const analysis = libyamlAnalyze(codes);
  let style = requested;
  if (style === 'plain' && !analysis.blockPlainAllowed) style = 'single';
  if (style === 'single' && !analysis.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && !analysis.blockAllowed) style = 'double';
  const indent = '  ';
  switch (style) {
    case 'plain':
      return codes.length === 0 ? '' : ` ${String.fromCodePoint(...codes)}`;
    case 'single': {
      // With no wrapping, only line breaks (U+2028 and friends, never \n here) change the text:
      // a break is written as itself, the next line indented.
      let out = " '";
      let breaks = false;
      for (const c of codes) {
        if (libyamlBreak(c)) {
          if (!breaks && c === 0x0a) out += '\n';
          out += c === 0x0a ? '\n' : String.fromCodePoint(c);
          breaks = true;
        } else {
          if (breaks) out += indent;
          out += c === 0x27 ? "''" : String.fromCodePoint(c);
          breaks = false;
        }
      }
      if (breaks) out += indent;
      return `${out}'`;
    }
    case 'double': {
      let out = ' "';
      for (const c of codes) {
        if (!libyamlPrintable(c) || c === 0xfeff || libyamlBreak(c) || c === 0x22 || c === 0x5c) {
          const named = LIBYAML_ESCAPES[c];
          out += named !== undefined ? `\\${named}` : c <= 0xff ? `\\x${hex(c, 2)}` : c <= 0xffff ? `\\u${hex(c, 4)}` : `\\U${hex(c, 8)}`;
        } else {
          out += String.fromCodePoint(c);
        }
      }
      return `${out}"`;
    }
    case 'literal': {
      const text = String.fromCodePoint(...codes);
      let hints = '';
      const first = codes[0] ?? 0;
      if (first === 0x20 || libyamlBreak(first)) hints += '2';
      const last = codes[codes.length - 1] ?? 0;
      const beforeLast = codes[codes.length - 2];
      if (!libyamlBreak(last)) hints += '-';
      else if (codes.length === 1 || (beforeLast !== undefined && libyamlBreak(beforeLast))) hints += '+';
      let out = ` |${hints}\n`;
      let breaks = true;
      for (const ch of Array.from(text)) {
        const c = ch.codePointAt(0) ?? 0;
        if (libyamlBreak(c)) {
          out += ch;
          breaks = true;
        } else {
          if (breaks) out += indent;
          out += ch;
          breaks = false;
        }
      }
      return out;
    }
  }
}

function libyamlPair(key: string, value: string, requested: LibyamlStyle): string {
  const body = libyamlWrite(codePointsOf(value), requested);
  // A block scalar that ends in a line break leaves the emitter at column 0: the next key follows directly.
  const endsAtLineStart = body.startsWith(' |') && libyamlBreak(value.codePointAt(value.length - 1) ?? 0);
  return `${key}:${body}${endsAtLineStart ? '' : '\n'}`;
}

/** One `key: value` pair as gopkg.in/yaml.v3 writes a string field (`stringv`), with its newline. */
export function emitGoYamlPair(key: string, value: string | null): string {
  if (value === null) return `${key}: null\n`;
  const requested: LibyamlStyle = value.includes('\n') ? 'literal' : goNeedsQuotes(value) ? 'double' : 'plain';
  return libyamlPair(key, value, requested);
}

/** One `key: value` pair as serde_yaml 0.9 writes a `String` / `Option<String>` field, with its newline. */
export function emitRustYamlPair(key: string, value: string | null): string {
  if (value === null) return `${key}: null\n`;
  const requested: LibyamlStyle = value.includes('\n') ? 'literal' : rustNeedsQuotes(value) ? 'single' : 'plain';
  return libyamlPair(key, value, requested);
}
