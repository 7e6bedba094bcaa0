// Contexa Rust's reader (its line-by-line parser's rules): inferred from its corpus output (its source at this
// version was not available). It agrees with every expected.json; where two readings fit the corpus, the
// choice is noted inline.

import type { ParserRules } from './line-reader.ts';
import { wsTrim } from './trim.ts';

export const RUST: ParserRules = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: wsTrim,
  // str::lines(): split on \n and drop one trailing \r.
  lines: (block) => block.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)),
  stepHeaderPrefix: '### Step',
  parseStepHeader(line) {
    // Splits on `—` (so the legacy `N-ts` form gives step 0 and no timestamp).
    const rest = wsTrim(line.slice('### Step'.length));
    const at = rest.indexOf('—');
    const head = wsTrim(at < 0 ? rest : rest.slice(0, at));
    const step = /^\+?\d+$/.test(head) ? Number.parseInt(head, 10) : 0;
    return { step, timestamp: at < 0 ? '' : wsTrim(rest.slice(at + 1)) };
  },
  commitHeaderPrefix: '## Commit `',
  parseCommitId: (line) => line.slice('## Commit `'.length).replace(/`+$/, ''),
  // The corpus shows a repeated label is dropped (like Python); replace-all is our reading of that.
  labelValue: (line, label) => wsTrim(line.replaceAll(label, '')),
  continuation: (line) => (wsTrim(line) ? wsTrim(line) : null),
  keepStep: (o, t) => Boolean(o || t),
};
