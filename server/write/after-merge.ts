// A branch written to after it was merged: the merge copied what the branch held then, so the steps and commits
// appended since live on the branch only (an agent that did not notice a merge made from the page, say).
import type { Diagnostic } from '../../shared/types.ts';
import { branchFilePath } from '../../shared/gcc/read/paths.ts';
import { stepMs, timestampMs } from '../../shared/gcc/read/time-key.ts';
import type { WorkspaceView } from '../live/index.ts';

/** One warning per merged branch holding records stamped after its `merged_at`. */
export function appendedAfterMerge(view: WorkspaceView): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const b of view.workspace().branches) {
    const stamp = b.status === 'merged' ? b.metadata?.mergedAt : undefined;
    const at = stamp ? timestampMs(stamp) : null;
    if (at === null) continue;
    // A `merged_at` in whole seconds covers its whole second (the merge commit itself is stamped within it).
    const mergedAt = /[.,]\d/.test(stamp!) ? at : at + 999;
    const steps = view.stepList(b.name);
    let laterSteps = 0;
    // Newest last: walk back only over the steps after the merge.
    for (let i = (steps?.length ?? 0) - 1; i >= 0 && (stepMs(steps!, i) ?? -Infinity) > mergedAt; i--) laterSteps++;
    const laterCommits = (view.branch(b.name)?.commits ?? []).filter((c) => (timestampMs(c.timestamp) ?? -Infinity) > mergedAt).length;
    if (laterSteps + laterCommits === 0) continue;
    const what = [laterSteps ? `${laterSteps} step${laterSteps === 1 ? '' : 's'}` : '', laterCommits ? `${laterCommits} commit${laterCommits === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
    out.push({
      file: branchFilePath(b.name, laterSteps ? 'log' : 'commit'),
      line: 0,
      severity: 'warning',
      code: 'appended-after-merge',
      message: `${what} written to \`${b.name}\` after it was merged into \`${b.mergedInto ?? '?'}\` (${stamp}): the merge did not carry ${laterSteps + laterCommits === 1 ? 'it' : 'them'}`,
    });
  }
  return out;
}
