// Contexa Lua's reader: the patterns of its workspace.lua with the multi-line rule the corpus shows, checked against
// every corpus file Lua read.

import { luaEscape } from '../../read/escape.ts';
import type { Reader } from './reader.ts';

// The copy of workspace.lua at hand is of a later version. Lua patterns are matched here by JavaScript regular
// expressions that explore in the same order (greedy `*`, lazy `-`, leftmost match), over Lua's `%s` (C isspace:
// space, \t, \n, \v, \f, \r) and `%d` (ASCII digits).
const S = '[ \\t\\n\\v\\f\\r]';
const trimRe = new RegExp(`^${S}+|${S}+$`, 'g');
const luaTrim = (s: string): string => s.replace(trimRe, '');
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// block:match("### Step (%d+) %— (.-)%s*\n"), then "### Step (%d+)%-(.-)%s*\n", then "### Step (%d+) %— (.-)%s*$".
const STEP_HEADERS = [
  new RegExp(`### Step ([0-9]+) — ([\\s\\S]*?)${S}*\\n`),
  new RegExp(`### Step ([0-9]+)-([\\s\\S]*?)${S}*\\n`),
  new RegExp(`### Step ([0-9]+) — ([\\s\\S]*?)${S}*$`),
];
const fieldPatterns = new Map<string, RegExp>();
/** A line that ends a multi-line value: another `**Label:**` or a heading. */
const STOP_LINE = /^\*\*[^\n*]*:\*\*|^##/;

/**
 * extract_field as the corpus shows it (Lua 5.x, Contexa at 6f0cfba): the first line of the value is
 * `label%s*(.-)%s*\n` (so an empty value takes the next line), then the value's further lines up to the next label
 * or heading line, trimmed, blank ones dropped, joined with `\n`, the `\n\\---\n` escape undone. Where those further
 * lines start is counted as if one space followed the label: when more whitespace did, the last characters of the
 * first line are read again as a line of their own (edge/lua shows "…empty\nty").
 */
function extractField(block: string, label: string): string {
  const at = block.indexOf(label);
  if (at < 0) return '';
  let re = fieldPatterns.get('');
  if (!re) fieldPatterns.set('', (re = new RegExp(`^${S}*([\\s\\S]*?)${S}*\\n`, 'd')));
  const rest = block.slice(at + label.length);
  const line = re.exec(rest);
  if (!line) return luaTrim(rest);
  const first = line[1] ?? '';
  const [captureStart, captureEnd] = line.indices![1]!;
  const lines: string[] = first ? [first] : [];
  for (const more of rest.slice(1 + rest.indexOf('\n', captureEnd) - captureStart).split('\n')) {
    if (STOP_LINE.test(more)) break;
    const trimmed = luaTrim(more);
    if (trimmed) lines.push(trimmed);
  }
  return lines.join('\n').replaceAll('\n\\---\n', '\n---\n');
}

/**
 * Lua: its writer (luaEscape: `-` is a pattern quantifier, so every newline is written as `\n\---\n`) and its
 * reader, which splits on `\n---\n` with a plain find (no rejoining) and takes each value up to its line's end.
 */
export const LUA: Reader = {
  readText: (t) => t,
  escape: luaEscape,
  trim: luaTrim,
  separator: '\n---\n',
  noRejoin: true,
  branchName: () => '',
  readStep(block) {
    let header: RegExpExecArray | null = null;
    for (const re of STEP_HEADERS) if ((header = re.exec(block))) break;
    const observation = extractField(block, '**Observation:**');
    const thought = extractField(block, '**Thought:**');
    const action = extractField(block, '**Action:**');
    if (!observation && !thought && !action) return null;
    return { step: header ? Number(header[1]) : 0, timestamp: header?.[2] ?? '', observation, thought, action };
  },
  readCommit(block) {
    const id = /## Commit `([^`]+)`/.exec(block);
    if (!id) return null;
    return {
      commitId: id[1] ?? '',
      timestamp: extractField(block, '**Timestamp:**'),
      branchPurpose: extractField(block, '**Branch Purpose:**'),
      previousProgressSummary: extractField(block, '**Previous Progress Summary:**'),
      thisCommitContribution: extractField(block, "**This Commit's Contribution:**"),
    };
  },
};
