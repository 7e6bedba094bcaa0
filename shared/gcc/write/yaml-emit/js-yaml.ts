// js-yaml 4 (dumper.js), the emitter behind Contexa TypeScript's metadata.yaml: `dump` with lineWidth 80,
// reduced to one string value in a top-level block mapping. chooseScalarStyle, foldString, escapeString.

import { codePointsOf, hex } from './code-points.ts';
import { BASE60, JS_YAML_DEPRECATED_BOOLEANS, jsYamlAmbiguous } from './resolvers.ts';

function jsPrintable(c: number): boolean {
  return (
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0xa1 && c <= 0xd7ff && c !== 0x2028 && c !== 0x2029) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}
const jsWhitespace = (c: number): boolean => c === 0x20 || c === 0x09;
const jsNsCharOrWhitespace = (c: number): boolean => jsPrintable(c) && c !== 0xfeff && c !== 0x0d && c !== 0x0a;

function jsPlainSafe(c: number, prev: number | null): boolean {
  // inblock = true: block mapping values may contain flow indicators
  const cIsNsCharOrWhitespace = jsNsCharOrWhitespace(c);
  const cIsNsChar = cIsNsCharOrWhitespace && !jsWhitespace(c);
  const colon = 0x3a;
  const sharp = 0x23;
  return (
    (cIsNsCharOrWhitespace && c !== sharp && !(prev === colon && !cIsNsChar)) ||
    (prev !== null && jsNsCharOrWhitespace(prev) && !jsWhitespace(prev) && c === sharp) ||
    (prev === colon && cIsNsChar)
  );
}

function jsPlainSafeFirst(c: number): boolean {
  return jsPrintable(c) && c !== 0xfeff && !jsWhitespace(c) && !'-?:,[]{}#&*!|=>\'"%@`'.includes(String.fromCodePoint(c));
}

const JS_ESCAPES: Record<number, string> = {
  0x00: '\\0', 0x07: '\\a', 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0b: '\\v', 0x0c: '\\f', 0x0d: '\\r',
  0x1b: '\\e', 0x22: '\\"', 0x5c: '\\\\', 0x85: '\\N', 0xa0: '\\_', 0x2028: '\\L', 0x2029: '\\P',
};

function jsEncodeHex(c: number): string {
  if (c <= 0xff) return `\\x${hex(c, 2)}`;
  if (c <= 0xffff) return `\\u${hex(c, 4)}`;
  return `\\U${hex(c, 8)}`;
}

function jsFoldLine(line: string, width: number): string {
  if (line === '' || line[0] === ' ') return line;
  const breakRe = / [^ ]/g;
  let start = 0;
  let curr = 0;
  let result = '';
  for (let match = breakRe.exec(line); match !== null; match = breakRe.exec(line)) {
    const next = match.index;
    if (next - start > width) {
      const end = curr > start ? curr : next;
      result += `\n${line.slice(start, end)}`;
      start = end + 1;
    }
    curr = next;
  }
  result += '\n';
  if (line.length - start > width && curr > start) result += `${line.slice(start, curr)}\n${line.slice(curr + 1)}`;
  else result += line.slice(start);
  return result.slice(1);
}

function jsFoldString(value: string, width: number): string {
  const lineRe = /(\n+)([^\n]*)/g;
  const firstLF = value.indexOf('\n');
  const nextLF = firstLF !== -1 ? firstLF : value.length;
  lineRe.lastIndex = nextLF;
  let result = jsFoldLine(value.slice(0, nextLF), width);
  let prevMoreIndented = value[0] === '\n' || value[0] === ' ';
  for (let match = lineRe.exec(value); match !== null; match = lineRe.exec(value)) {
    const prefix = match[1] ?? '';
    const line = match[2] ?? '';
    const moreIndented = line[0] === ' ';
    result += prefix + (!prevMoreIndented && !moreIndented && line !== '' ? '\n' : '') + jsFoldLine(line, width);
    prevMoreIndented = moreIndented;
  }
  return result;
}

function jsBlockHeader(value: string, indentPerLevel: number): string {
  const indentIndicator = /^\n* /.test(value) ? String(indentPerLevel) : '';
  const clip = value[value.length - 1] === '\n';
  const keep = clip && (value[value.length - 2] === '\n' || value === '\n');
  const chomp = keep ? '+' : clip ? '' : '-';
  return `${indentIndicator}${chomp}\n`;
}

function jsIndentString(value: string, spaces: number): string {
  const ind = ' '.repeat(spaces);
  let result = '';
  for (let position = 0; position < value.length; ) {
    const next = value.indexOf('\n', position);
    const line = next === -1 ? value.slice(position) : value.slice(position, next + 1);
    position = next === -1 ? value.length : next + 1;
    if (line.length > 0 && line !== '\n') result += ind;
    result += line;
  }
  return result;
}

const dropEndingNewline = (s: string): string => (s.endsWith('\n') ? s.slice(0, -1) : s);

/** The scalar text js-yaml's `dump` writes for a top-level mapping value (after `key: `, or `key: ` + block). */
export function emitJsYamlValue(value: string | null): string {
  if (value === null) return 'null';
  if (value.length === 0) return "''";
  if (JS_YAML_DEPRECATED_BOOLEANS.has(value) || BASE60.test(value)) return `'${value}'`;
  const indentPerLevel = 2;
  const indent = indentPerLevel * 1; // level 1: values of the top-level mapping
  const lineWidth = Math.max(Math.min(80, 40), 80 - indent);
  const codes = codePointsOf(value);
  let plain = codes.length > 0 && jsPlainSafeFirst(codes[0] ?? 0) && !jsWhitespace(codes[codes.length - 1] ?? 0) && codes[codes.length - 1] !== 0x3a;
  let hasLineBreak = false;
  let hasFoldableLine = false;
  let previousLineBreak = -1;
  let prev: number | null = null;
  let i = 0;
  let style: 'plain' | 'single' | 'double' | 'literal' | 'folded' | null = null;
  for (const c of codes) {
    if (c === 0x0a) {
      hasLineBreak = true;
      hasFoldableLine = hasFoldableLine || (i - previousLineBreak - 1 > lineWidth && value[previousLineBreak + 1] !== ' ');
      previousLineBreak = i;
    } else if (!jsPrintable(c)) {
      style = 'double';
      break;
    }
    plain = plain && jsPlainSafe(c, prev);
    prev = c;
    i += c >= 0x10000 ? 2 : 1;
  }
  if (style === null) {
    hasFoldableLine = hasFoldableLine || (i - previousLineBreak - 1 > lineWidth && value[previousLineBreak + 1] !== ' ');
    if (!hasLineBreak && !hasFoldableLine) style = plain && !jsYamlAmbiguous(value) ? 'plain' : 'single';
    else style = hasFoldableLine ? 'folded' : 'literal';
  }
  switch (style) {
    case 'plain':
      return value;
    case 'single':
      return `'${value.replace(/'/g, "''")}'`;
    case 'literal':
      return `|${jsBlockHeader(value, indentPerLevel)}${dropEndingNewline(jsIndentString(value, indent))}`;
    case 'folded':
      return `>${jsBlockHeader(value, indentPerLevel)}${dropEndingNewline(jsIndentString(jsFoldString(value, lineWidth), indent))}`;
    case 'double': {
      let result = '';
      for (const c of codes) result += JS_ESCAPES[c] ?? (jsPrintable(c) ? String.fromCodePoint(c) : jsEncodeHex(c));
      return `"${result}"`;
    }
  }
}
