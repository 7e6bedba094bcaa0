// The YAML emitters behind the seven writers' metadata.yaml, reduced to what they do with one string
// value in a top-level block mapping. Ported rule for rule from the emitters the writers use, because
// a file we write for a workspace must be byte-identical to what its own implementation would write:
//   python     PyYAML `yaml.dump` (sort_keys, allow_unicode=False, width 80)  — emitter.py
//   typescript js-yaml 4 `dump` (lineWidth 80)                                — dumper.js
//   go         gopkg.in/yaml.v3 (libyaml port, unicode, no line wrapping)
//   rust       serde_yaml 0.9 (unsafe-libyaml, unicode, no line wrapping)
//   lua, elixir, zig: hand-written `key: value` lines (see ../read/metadata.ts)

/** Text as a list of code points: both PyYAML and js-yaml count columns in code points. */
function codePoints(text: string): string[] {
  return Array.from(text);
}

const LINE_BREAKS = '\n\x85\u2028\u2029';
const isLineBreak = (ch: string | undefined): boolean => ch !== undefined && ch !== '' && LINE_BREAKS.includes(ch);

// ---------------------------------------------------------------------------------------------
// Implicit resolvers: a plain scalar that a reader would take for something other than a string
// must be quoted by the writer. Each library has its own list.

/** PyYAML's YAML 1.1 resolver (resolver.py): does a plain `value` resolve to a non-string? */
export function pyyamlResolvesAsNonString(value: string): boolean {
  return PYYAML_IMPLICIT.some((re) => re.test(value));
}

const PYYAML_IMPLICIT: RegExp[] = [
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  /^(?:<<)$/,
  /^(?:~|null|Null|NULL|)$/,
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  /^(?:=)$/,
  /^(?:!|&|\*)$/,
];

const JS_YAML_DEPRECATED_BOOLEANS = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF',
]);
const BASE60 = /^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$/;

function jsYamlResolvesInteger(data: string): boolean {
  // resolveYamlInteger from js-yaml's type/int.js
  const max = data.length;
  if (max === 0) return false;
  let index = 0;
  let ch = data[index];
  let hasDigits = false;
  if (ch === '-' || ch === '+') ch = data[++index];
  if (ch === '0') {
    if (index + 1 === max) return true;
    ch = data[++index];
    const radix = ch === 'b' ? /[01]/ : ch === 'x' ? /[0-9a-fA-F]/ : ch === 'o' ? /[0-7]/ : null;
    if (radix !== null) {
      index++;
      for (; index < max; index++) {
        ch = data[index];
        if (ch === '_') continue;
        if (ch === undefined || !radix.test(ch)) return false;
        hasDigits = true;
      }
      return hasDigits && ch !== '_';
    }
  }
  if (ch === '_') return false;
  for (; index < max; index++) {
    ch = data[index];
    if (ch === '_') continue;
    if (ch === undefined || !/[0-9]/.test(ch)) return false;
    hasDigits = true;
  }
  return hasDigits && ch !== '_';
}

/** js-yaml DEFAULT_SCHEMA implicit types (null, bool, int, float, timestamp, merge). */
function jsYamlAmbiguous(value: string): boolean {
  if (/^(?:~|null|Null|NULL)$/.test(value) || value === '') return true;
  if (/^(?:true|True|TRUE|false|False|FALSE)$/.test(value)) return true;
  if (jsYamlResolvesInteger(value)) return true;
  if (
    /^(?:[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/.test(value) &&
    !value.endsWith('_')
  ) {
    return true;
  }
  if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return true;
  if (/^[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?$/.test(value)) {
    return true;
  }
  return value === '<<';
}

/** gopkg.in/yaml.v3 `resolve("", s)` is not `!!str`, or the string is a YAML 1.1 bool / base-60 float. */
function goNeedsQuotes(value: string): boolean {
  if (JS_YAML_DEPRECATED_BOOLEANS.has(value)) return true; // isOldBool
  if (/^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/.test(value)) return true; // isBase60Float
  if (['', '~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(value)) return true;
  if (['.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF', '<<'].includes(value)) {
    return true;
  }
  const first = value.charAt(0);
  if (first === '.') return goParsesFloat(value);
  if (!/[-+0-9]/.test(first)) return false;
  if (goParsesTimestamp(value)) return true;
  const plain = value.replace(/_/g, '');
  if (/^[-+]?(?:0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[0-9]+)$/.test(plain)) return true; // ParseInt base 0
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(plain)) return true; // yamlStyleFloat
  return /^-?0b[01]+$/.test(plain) || /^-?0o[0-7]+$/.test(plain);
}

function goParsesFloat(value: string): boolean {
  return /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(value) || /^[-+]?(?:inf|infinity|nan)$/i.test(value);
}

function goParsesTimestamp(value: string): boolean {
  // yaml.v3 tries "2006-1-2T15:4:5.999999999Z07:00", the same with `t`, "2006-1-2 15:4:5.999999999", "2006-1-2"
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?))?$/.exec(value);
  if (m === null) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** serde_yaml 0.9 `serialize_str`: would the plain text read back as null, bool, int or float? */
function rustNeedsQuotes(value: string): boolean {
  if (value === '' || ['~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(value)) return true;
  const unsigned = value.replace(/^[-+]/, '');
  // digits_but_not_number: a leading zero makes it a string in YAML 1.2, but serde_yaml quotes it anyway
  if (unsigned.length > 1 && unsigned.startsWith('0') && /^[0-9]+$/.test(unsigned.slice(1))) return true;
  if (/^[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|[0-9]+)$/.test(value)) return true;
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/.test(value)) return true;
  const unpositive = value.startsWith('+') ? value.slice(1) : value;
  return !/^[-+]{2}/.test(value) && /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(unpositive);
}

// ---------------------------------------------------------------------------------------------
// PyYAML (emitter.py): analyze_scalar, choose_scalar_style and the three writers, with the
// emitter state they share (column, whitespace, indention). The value sits after `key:` at
// column len(key)+1; continuation lines are indented by best_indent (2).

interface PyAnalysis {
  empty: boolean;
  multiline: boolean;
  allowBlockPlain: boolean;
  allowSingleQuoted: boolean;
}

function pyyamlAnalyze(chars: string[], allowUnicode: boolean): PyAnalysis {
  if (chars.length === 0) return { empty: true, multiline: false, allowBlockPlain: true, allowSingleQuoted: true };
  const text = chars.join('');
  let blockIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  if (text.startsWith('---') || text.startsWith('...')) blockIndicators = true;
  const blankZ = (ch: string | undefined): boolean => ch !== undefined && '\0 \t\r\n\x85\u2028\u2029'.includes(ch);
  let precededByWhitespace = true;
  let followedByWhitespace = chars.length === 1 || blankZ(chars[1]);
  let previousSpace = false;
  let previousBreak = false;
  for (let index = 0; index < chars.length; ) {
    const ch = chars[index] ?? '';
    if (index === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      if ('?:'.includes(ch) && followedByWhitespace) blockIndicators = true;
      if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (isLineBreak(ch)) lineBreaks = true;
    const code = ch.codePointAt(0) ?? 0;
    if (!(ch === '\n' || (code >= 0x20 && code <= 0x7e))) {
      const unicode =
        (code === 0x85 || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code < 0x10ffff)) &&
        code !== 0xfeff;
      if (!unicode || !allowUnicode) specialCharacters = true;
    }
    if (ch === ' ') {
      if (index === 0) leadingSpace = true;
      if (index === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isLineBreak(ch)) {
      if (index === 0) leadingBreak = true;
      if (index === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    index += 1;
    precededByWhitespace = blankZ(ch);
    followedByWhitespace = index + 1 >= chars.length || blankZ(chars[index + 1]);
  }
  let allowBlockPlain = true;
  let allowSingleQuoted = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) allowBlockPlain = false;
  if (breakSpace) allowBlockPlain = allowSingleQuoted = false;
  if (spaceBreak || specialCharacters) allowBlockPlain = allowSingleQuoted = false;
  if (lineBreaks) allowBlockPlain = false;
  if (blockIndicators) allowBlockPlain = false;
  return { empty: false, multiline: lineBreaks, allowBlockPlain, allowSingleQuoted };
}

const PY_ESCAPES: Record<string, string> = {
  '\0': '0', '\x07': 'a', '\x08': 'b', '\x09': 't', '\x0A': 'n', '\x0B': 'v', '\x0C': 'f', '\x0D': 'r',
  '\x1B': 'e', '"': '"', '\\': '\\', '\x85': 'N', '\xA0': '_', '\u2028': 'L', '\u2029': 'P',
};

function hex(code: number, width: number): string {
  return code.toString(16).toUpperCase().padStart(width, '0');
}

class PyEmitter {
  out = '';
  column: number;
  whitespace = false;
  indention = false;
  readonly indent = 2;
  readonly bestWidth = 80;

  constructor(prefix: string) {
    this.out = prefix;
    this.column = codePoints(prefix).length;
  }

  write(data: string): void {
    this.column += codePoints(data).length;
    this.out += data;
  }

  writeIndicator(indicator: string, needWhitespace: boolean): void {
    const data = this.whitespace || !needWhitespace ? indicator : ` ${indicator}`;
    this.whitespace = false;
    this.indention = false;
    this.write(data);
  }

  writeLineBreak(data = '\n'): void {
    this.whitespace = true;
    this.indention = true;
    this.column = 0;
    this.out += data;
  }

  writeIndent(): void {
    if (!this.indention || this.column > this.indent || (this.column === this.indent && !this.whitespace)) this.writeLineBreak();
    if (this.column < this.indent) {
      this.whitespace = true;
      this.out += ' '.repeat(this.indent - this.column);
      this.column = this.indent;
    }
  }

  writeBreaks(chars: string[], start: number, end: number): void {
    if (chars[start] === '\n') this.writeLineBreak();
    for (const br of chars.slice(start, end)) this.writeLineBreak(br === '\n' ? '\n' : br);
  }

  writePlain(chars: string[]): void {
    if (chars.length === 0) return;
    if (!this.whitespace) {
      this.write(' ');
      this.whitespace = true;
    }
    this.whitespace = false;
    this.indention = false;
    let spaces = false;
    let breaks = false;
    let start = 0;
    for (let end = 0; end <= chars.length; end++) {
      const ch = chars[end];
      if (spaces) {
        if (ch !== ' ') {
          if (start + 1 === end && this.column > this.bestWidth) {
            this.writeIndent();
            this.whitespace = false;
            this.indention = false;
          } else {
            this.write(chars.slice(start, end).join(''));
          }
          start = end;
        }
      } else if (breaks) {
        if (!isLineBreak(ch)) {
          this.writeBreaks(chars, start, end);
          this.writeIndent();
          this.whitespace = false;
          this.indention = false;
          start = end;
        }
      } else if (ch === undefined || ch === ' ' || isLineBreak(ch)) {
        this.write(chars.slice(start, end).join(''));
        start = end;
      }
      if (ch !== undefined) {
        spaces = ch === ' ';
        breaks = isLineBreak(ch);
      }
    }
  }

  writeSingleQuoted(chars: string[]): void {
    this.writeIndicator("'", true);
    let spaces = false;
    let breaks = false;
    let start = 0;
    for (let end = 0; end <= chars.length; end++) {
      const ch = chars[end];
      if (spaces) {
        if (ch === undefined || ch !== ' ') {
          if (start + 1 === end && this.column > this.bestWidth && start !== 0 && end !== chars.length) {
            this.writeIndent();
          } else {
            this.write(chars.slice(start, end).join(''));
          }
          start = end;
        }
      } else if (breaks) {
        if (ch === undefined || !isLineBreak(ch)) {
          this.writeBreaks(chars, start, end);
          this.writeIndent();
          start = end;
        }
      } else if (ch === undefined || ch === ' ' || isLineBreak(ch) || ch === "'") {
        if (start < end) {
          this.write(chars.slice(start, end).join(''));
          start = end;
        }
      }
      if (ch === "'") {
        this.write("''");
        start = end + 1;
      }
      if (ch !== undefined) {
        spaces = ch === ' ';
        breaks = isLineBreak(ch);
      }
    }
    this.writeIndicator("'", false);
  }

  writeDoubleQuoted(chars: string[], allowUnicode: boolean): void {
    this.writeIndicator('"', true);
    let start = 0;
    for (let end = 0; end <= chars.length; end++) {
      const ch = chars[end];
      const code = ch === undefined ? -1 : (ch.codePointAt(0) ?? 0);
      const plainAscii = code >= 0x20 && code <= 0x7e;
      const plainUnicode = allowUnicode && ((code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd));
      if (ch === undefined || '"\\\x85\u2028\u2029\uFEFF'.includes(ch) || !(plainAscii || plainUnicode)) {
        if (start < end) {
          this.write(chars.slice(start, end).join(''));
          start = end;
        }
        if (ch !== undefined) {
          const named = PY_ESCAPES[ch];
          const data = named !== undefined ? `\\${named}` : code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
          this.write(data);
          start = end + 1;
        }
      }
      if (end > 0 && end < chars.length - 1 && (ch === ' ' || start >= end) && this.column + (end - start) > this.bestWidth) {
        const data = `${chars.slice(start, end).join('')}\\`;
        if (start < end) start = end;
        this.write(data);
        this.writeIndent();
        this.whitespace = false;
        this.indention = false;
        if (chars[start] === ' ') this.write('\\');
      }
    }
    this.writeIndicator('"', false);
  }
}

/** One `key: value` pair as PyYAML's `yaml.dump(..., default_flow_style=False)` writes it, with its newline. */
export function emitPyYamlPair(key: string, value: string | null): string {
  if (value === null) return `${key}: null\n`;
  const chars = codePoints(value);
  const emitter = new PyEmitter(`${key}:`);
  const analysis = pyyamlAnalyze(chars, false);
  const implicit = !pyyamlResolvesAsNonString(value);
  if (implicit && analysis.allowBlockPlain) emitter.writePlain(chars);
  else if (analysis.allowSingleQuoted) emitter.writeSingleQuoted(chars);
  else emitter.writeDoubleQuoted(chars, false);
  // An empty plain scalar would print nothing; PyYAML's resolver sends '' to the quoted branch above.
  return `${emitter.out}\n`;
}

// ---------------------------------------------------------------------------------------------
// js-yaml 4 (dumper.js): chooseScalarStyle, foldString, escapeString.

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

/** js-yaml iterates by `codePointAt`, so a lone surrogate is one (non-printable) character. */
function jsCodes(value: string): number[] {
  const codes: number[] = [];
  for (let i = 0; i < value.length; ) {
    const c = value.codePointAt(i) ?? 0;
    codes.push(c);
    i += c >= 0x10000 ? 2 : 1;
  }
  return codes;
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
  const codes = jsCodes(value);
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

// ---------------------------------------------------------------------------------------------
// libyaml (yaml.v3 and serde_yaml): yaml_emitter_analyze_scalar, select_scalar_style and the
// writers, with unicode output and no line wrapping (both libraries disable best_width).

interface LibyamlAnalysis {
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

function libyamlAnalyze(codes: number[]): LibyamlAnalysis {
  if (codes.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  const text = String.fromCodePoint(...codes);
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
    if (!libyamlPrintable(c)) special = true;
    if (libyamlBreak(c)) lineBreaks = true;
    if (c === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === codes.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (libyamlBreak(c)) {
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
  const body = libyamlWrite(jsCodes(value), requested);
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
