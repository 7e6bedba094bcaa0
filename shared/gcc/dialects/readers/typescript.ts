// Contexa TypeScript's reader (its line-by-line parser's rules), transcribed from its code and checked against
// every corpus expected.json.

import type { ParserRules } from './line-reader.ts';
import { jsTrim } from './trim.ts';

export const TYPESCRIPT: ParserRules = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: jsTrim,
  lines: (block) => block.split('\n'),
  stepHeaderPrefix: '### Step ',
  parseStepHeader(line) {
    const parts = line.split(' — ');
    const step = Number.parseInt((parts[0] ?? '').replace('### Step ', ''), 10) || 0;
    return { step, timestamp: parts[1]?.trim() ?? '' };
  },
  commitHeaderPrefix: '## Commit `',
  parseCommitId: (line) => line.replace(/^## Commit `|`\s*$/g, ''),
  // String.replace with a string pattern replaces the first occurrence only.
  labelValue: (line, label) => line.replace(label, '').trim(),
  continuation: (line) => (line.trim() ? line.trim() : null),
  // `if (obs || thought)`: a step with only an action is dropped (and the writer then reuses its number).
  keepStep: (o, t) => Boolean(o || t),
};
