// Contexa Elixir's reader, transcribed from its models.ex (parse_ota, parse_commits, split_blocks) and checked against
// every corpus file Elixir read.

import { desanitize, type Reader } from './reader.ts';
import { wsTrim } from './trim.ts';

// Its regexes have no /u flag, so PCRE runs them on bytes: `\s` is ASCII whitespace, `.` any byte but \n, and the class
// `[—-]` in the step header matches one BYTE of `—` (0xE2), which leaves the other two (0x80 0x94) at the start of the
// timestamp. Text here is escaped (../escaped-text.ts), so those two bytes are carried as U+DC80 U+DC94 and written
// back as the very bytes Elixir returns.
const S = '[\\t\\n\\v\\f\\r ]';
const fieldRes = new Map<string, RegExp>();

/** Regex.run(~r/LABEL\s*([\s\S]+?)(?=\n\n\*\*|\z)/): the value after the first label, to the next `\n\n**`. */
function field(block: string, label: string, stopAtRule = false): string {
  const key = label + String(stopAtRule);
  let re = fieldRes.get(key);
  if (!re) {
    const l = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    re = new RegExp(`${l}${S}*([\\s\\S]+?)(?=\\n\\n\\*\\*${stopAtRule ? '|\\n\\n---' : ''}|$(?![\\s\\S]))`);
    fieldRes.set(key, re);
  }
  const m = re.exec(block);
  return m ? wsTrim(m[1] ?? '') : '';
}

/** The bytes of a character as escaped text (U+DC00 + byte each). */
function asEscapedBytes(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code >= 0xdc80 && code <= 0xdcff) return ch;
  return [...new TextEncoder().encode(ch)].map((b) => String.fromCharCode(0xdc00 + b)).join('');
}

/** ~r/### Step (\d+)\s*[—-]\s*(.+)/ run on bytes. */
function stepHeader(block: string): { step: number; timestamp: string } | null {
  const re = new RegExp(`### Step ([0-9]+)(${S}*)`, 'g');
  for (let m = re.exec(block); m; m = re.exec(block)) {
    // \d+ and \s* are greedy; backtracking into them never finds the class sooner (a digit or space is not in it).
    const at = m.index + m[0].length;
    const ch = String.fromCodePoint(block.codePointAt(at) ?? 0);
    const bytes = asEscapedBytes(ch);
    const first = bytes.charCodeAt(0) - 0xdc00;
    let rest: string;
    if (ch === '-') rest = block.slice(at + 1);
    else if (at < block.length && [0xe2, 0x80, 0x94].includes(first)) rest = bytes.slice(1) + block.slice(at + ch.length);
    else {
      re.lastIndex = m.index + 1;
      continue;
    }
    const value = new RegExp(`^${S}*([^\\n]+)`).exec(rest);
    if (!value) {
      re.lastIndex = m.index + 1;
      continue;
    }
    return { step: Number(m[1]), timestamp: wsTrim(value[1] ?? '') };
  }
  return null;
}

export const ELIXIR: Reader = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: wsTrim,
  separator: '\n---\n',
  branchName: () => '',
  readStep(block) {
    const header = stepHeader(block);
    const observation = desanitize(field(block, '**Observation:**'));
    const thought = desanitize(field(block, '**Thought:**'));
    const action = desanitize(field(block, '**Action:**', true));
    if (!observation && !thought && !action) return null;
    return { step: header?.step ?? 0, timestamp: header?.timestamp ?? '', observation, thought, action };
  },
  readCommit(block) {
    const id = /## Commit `([^`]+)`/.exec(block);
    if (!id) return null;
    const ts = new RegExp(`\\*\\*Timestamp:\\*\\*${S}*([^\\n]+)`).exec(block);
    return {
      commitId: id[1] ?? '',
      timestamp: ts ? wsTrim(ts[1] ?? '') : '',
      branchPurpose: desanitize(field(block, '**Branch Purpose:**')),
      previousProgressSummary: desanitize(field(block, '**Previous Progress Summary:**')),
      thisCommitContribution: desanitize(field(block, "**This Commit's Contribution:**", true)),
    };
  },
};
