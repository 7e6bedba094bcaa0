// Contexa Python's reader (its line-by-line parser's rules), transcribed from its code and checked against
// every corpus expected.json. Lua's approximate reader (lua.ts) starts from these rules too.

import { universalNewlines } from '../../context/render.ts';
import type { ParserRules } from './line-reader.ts';
import { pyStrip } from './trim.ts';

// Python str.splitlines() boundaries (after universal newlines only the non-\r ones remain).
const PY_LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

function pySplitlines(text: string): string[] {
  const parts = text.split(PY_LINE_BREAK);
  // splitlines() gives no empty last element for a trailing line break.
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Python int(): optional sign, digits with single underscores between them, surrounding spaces allowed. */
function pyInt(text: string): number | undefined {
  const t = pyStrip(text);
  if (!/^[+-]?\d+(_\d+)*$/.test(t)) return undefined;
  return Number.parseInt(t.replaceAll('_', ''), 10);
}

export const pythonRules = (): ParserRules => ({
  readText: universalNewlines,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: pyStrip,
  lines: pySplitlines,
  stepHeaderPrefix: '### Step',
  parseStepHeader(line) {
    const header = pyStrip(line.slice('### Step'.length));
    // ` — ` first; the legacy `### Step N-ts` form splits on the first `-`.
    const sep = header.includes(' — ') ? ' — ' : '-';
    const at = header.indexOf(sep);
    const parts = at < 0 ? [header] : [header.slice(0, at), header.slice(at + sep.length)];
    return { step: pyInt(parts[0] ?? '') ?? 0, timestamp: parts.length > 1 ? pyStrip(parts[1] ?? '') : '' };
  },
  commitHeaderPrefix: '## Commit',
  parseCommitId: (line) => (line.includes('`') ? (line.split('`')[1] ?? '') : ''),
  // line.split(label)[-1].strip(): a label repeated on its own line is dropped too.
  labelValue: (line, label) => pyStrip(line.split(label).at(-1) ?? ''),
  continuation: (line) => (pyStrip(line) ? pyStrip(line) : null),
  keepStep: (o, t, a) => Boolean(o || t || a),
});
export const PYTHON = pythonRules();
