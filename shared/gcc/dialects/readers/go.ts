// Contexa Go's reader (its line-by-line parser's rules), transcribed from its code and checked against every
// corpus expected.json.

import type { ParserRules } from './line-reader.ts';
import { wsTrim } from './trim.ts';

export const GO: ParserRules = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: wsTrim,
  lines: (block) => block.split('\n'),
  stepHeaderPrefix: '### Step ',
  parseStepHeader(line) {
    const at = line.indexOf(' — ');
    const head = at < 0 ? line : line.slice(0, at);
    // fmt.Sscanf(parts[0], "### Step %d", &step): on failure step keeps its previous value.
    const m = /^### Step[ \t\r\n]*([+-]?\d+)/.exec(head);
    return {
      step: m ? Number.parseInt(m[1] ?? '', 10) : undefined,
      timestamp: at < 0 ? undefined : wsTrim(line.slice(at + ' — '.length)),
    };
  },
  commitHeaderPrefix: '## Commit `',
  parseCommitId: (line) => {
    const id = line.slice('## Commit `'.length);
    return id.endsWith('`') ? id.slice(0, -1) : id;
  },
  labelValue: (line, label) => wsTrim(line.slice(label.length)),
  // Only an exactly empty line is skipped: indentation, trailing `\r` and blank-looking lines stay.
  continuation: (line) => (line !== '' ? line : null),
  keepStep: (o, t) => Boolean(o || t),
};
