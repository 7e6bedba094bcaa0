// metadata.yaml as Contexa's Python writes it: PyYAML `safe_dump` with sorted keys and 80-column folding.
// Only what branch metadata needs: strings (plain when PyYAML would leave them plain, else single-quoted) and null.
// Non-ASCII text, which PyYAML writes double-quoted with \x escapes, is out of scope: the demo never writes it.
import type { BranchMetadata } from '../../shared/types.ts';

const BEST_WIDTH = 80;
const INDENT = '  ';

// Strings PyYAML's resolver would read back as something else (YAML 1.1 bool/null/int/float/timestamp).
const IMPLICIT = [
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|y|Y|n|N)$/,
  /^(?:~|null|Null|NULL)$/,
  /^[-+]?(?:0|[1-9][0-9_]*|0b[01_]+|0[0-7_]+|0x[0-9a-fA-F_]+|[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+][0-9]+)?$|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/,
  /^\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?$/,
];

/** Whether PyYAML would write `text` as a plain (unquoted) scalar in block context. */
function canBePlain(text: string): boolean {
  if (text === '' || IMPLICIT.some((re) => re.test(text))) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`\s]/.test(text) || /\s$/.test(text)) return false;
  if (text.includes(': ') || text.includes(' #') || text.endsWith(':')) return false;
  return /^[\x20-\x7e]*$/.test(text);
}

/** PyYAML's folding: a single space after column 80 becomes a line break plus the indent. */
function folded(pieces: string, startColumn: number, quote: boolean): string {
  let out = '';
  let column = startColumn;
  const words = pieces.split(' ');
  for (let i = 0; i < words.length; i++) {
    const word = quote ? words[i]!.replaceAll("'", "''") : words[i]!;
    if (i > 0) {
      // Only a lone space between two words may break; runs of spaces are kept as they are.
      const lone = word !== '' && words[i - 1] !== '';
      if (lone && column > BEST_WIDTH) {
        out += `\n${INDENT}`;
        column = INDENT.length;
      } else {
        out += ' ';
        column += 1;
      }
    }
    out += word;
    column += word.length;
  }
  return out;
}

function scalar(key: string, value: string | null): string {
  const prefix = `${key}: `;
  if (value === null) return `${prefix}null`;
  if (!/^[\x20-\x7e]*$/.test(value)) return `${prefix}${JSON.stringify(value)}`;
  if (canBePlain(value)) return prefix + folded(value, prefix.length, false);
  return `${prefix}'${folded(value, prefix.length + 1, true)}'`;
}

/** The bytes of metadata.yaml for `meta`, keys sorted as Python's `yaml.dump` sorts them. */
export function pythonMetadataYaml(meta: BranchMetadata): string {
  const fields: Record<string, string | null> = {
    created_at: meta.createdAt,
    created_from: meta.createdFrom,
    merged_at: meta.mergedAt,
    merged_into: meta.mergedInto,
    name: meta.name,
    purpose: meta.purpose,
    status: meta.status,
  };
  return Object.keys(fields)
    .sort()
    .map((key) => `${scalar(key, fields[key] ?? null)}\n`)
    .join('');
}
