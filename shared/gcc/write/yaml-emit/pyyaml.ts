// PyYAML's emitter (emitter.py), behind Contexa Python's metadata.yaml, ported rule for rule for one string value in a
// top-level block mapping.

import { hex } from './code-points.ts';
import { analyzeScalar, type ScalarAnalysis } from './libyaml.ts';
import { pyyamlResolvesAsNonString } from './resolvers.ts';

/** Text as a list of code points: both PyYAML and js-yaml count columns in code points. */
function codePoints(text: string): string[] {
  return Array.from(text);
}

const LINE_BREAKS = '\n\x85\u2028\u2029';
const isLineBreak = (ch: string | undefined): boolean => ch !== undefined && ch !== '' && LINE_BREAKS.includes(ch);

/** PyYAML's analyze_scalar is a port of libyaml's: only its line breaks (no `\r`) and its special characters differ. */
function pyyamlAnalyze(chars: string[], allowUnicode: boolean): ScalarAnalysis {
  const codes = chars.map((ch) => ch.codePointAt(0) ?? 0);
  return analyzeScalar(chars.join(''), codes, {
    isBreak: (code) => isLineBreak(String.fromCodePoint(code)),
    isSpecial: (code) => pyyamlSpecial(code, allowUnicode),
  });
}

function pyyamlSpecial(code: number, allowUnicode: boolean): boolean {
  if (code === 0x0a || (code >= 0x20 && code <= 0x7e)) return false;
  const unicode =
    (code === 0x85 || (code >= 0xa0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code < 0x10ffff)) &&
    code !== 0xfeff;
  return !unicode || !allowUnicode;
}

const PY_ESCAPES: Record<string, string> = {
  '\0': '0', '\x07': 'a', '\x08': 'b', '\x09': 't', '\x0A': 'n', '\x0B': 'v', '\x0C': 'f', '\x0D': 'r',
  '\x1B': 'e', '"': '"', '\\': '\\', '\x85': 'N', '\xA0': '_', '\u2028': 'L', '\u2029': 'P',
};

// `yaml.dump` with sort_keys, allow_unicode=False and width 80: analyze_scalar, choose_scalar_style and the three
// writers, with the emitter state they share (column, whitespace, indention). The value sits after `key:` at column
// len(key)+1; continuation lines are indented by best_indent (2).
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

  /** write_indent, then neither whitespace nor indention: the emitter's way to go on writing a scalar on a new line. */
  continueLine(): void {
    this.writeIndent();
    this.whitespace = false;
    this.indention = false;
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
            this.continueLine();
          } else {
            this.write(chars.slice(start, end).join(''));
          }
          start = end;
        }
      } else if (breaks) {
        if (!isLineBreak(ch)) {
          this.writeBreaks(chars, start, end);
          this.continueLine();
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
        this.continueLine();
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
  if (implicit && analysis.blockPlainAllowed) emitter.writePlain(chars);
  else if (analysis.singleQuotedAllowed) emitter.writeSingleQuoted(chars);
  else emitter.writeDoubleQuoted(chars, false);
  // An empty plain scalar would print nothing; PyYAML's resolver sends '' to the quoted branch above.
  return `${emitter.out}\n`;
}
