// Contexa Elixir's reader, APPROXIMATE: its code at the corpus version was not available; this is read from
// its corpus output, and reader-view.test.ts measures how close it comes.

import { desanitize, type Reader } from './reader.ts';

/**
 * Elixir (APPROXIMATE): a value runs from its label (leading whitespace skipped) to the first
 * `\n\n**`, kept exactly otherwise. Its step-header regex runs on bytes, so the timestamp starts
 * with the two trailing bytes of `—` (0x80 0x94), which we can only show as two U+FFFD.
 */
export const ELIXIR: Reader = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: (s) => s.replace(/^\s+|\s+$/gu, ''),
  readStep(block) {
    const header = /### Step (\d+) —([^\n]*)/.exec(block);
    const observation = elixirField(block, '**Observation:**');
    const thought = elixirField(block, '**Thought:**');
    const action = elixirField(block, '**Action:**');
    if (!observation && !thought && !action) return null;
    return {
      step: header ? Number(header[1]) : 0,
      timestamp: header ? '\uFFFD\uFFFD' + (header[2] ?? '').trimEnd() : '',
      observation,
      thought,
      action,
    };
  },
  readCommit(block) {
    const id = /## Commit `([^`]+)`/.exec(block);
    if (!id) return null;
    return {
      commitId: id[1] ?? '',
      timestamp: elixirField(block, '**Timestamp:**'),
      branchPurpose: elixirField(block, '**Branch Purpose:**'),
      previousProgressSummary: elixirField(block, '**Previous Progress Summary:**'),
      thisCommitContribution: elixirField(block, "**This Commit's Contribution:**"),
    };
  },
  branchName: () => '',
  separator: '\n---\n',
};

function elixirField(block: string, label: string): string {
  const at = block.indexOf(label);
  if (at < 0) return '';
  const rest = block.slice(at + label.length).replace(/^\s+/u, '');
  const cut = rest.indexOf('\n\n**');
  return desanitize((cut < 0 ? rest : rest.slice(0, cut)).trimEnd());
}
