// What the compare view and the doctor say about merges that did not finish.
import type { StepList } from '../../shared/gcc/read/step-list.ts';
import { partialMergesInFiles, type MergeTraceBranch, type PartialMergeNotice } from '../../shared/gcc/compare/partial-merge.ts';
import type { WorkspaceView } from '../live/index.ts';
import { mergeJournal } from './merge-journal.ts';
import { describeParts, judgeIntent, type RecoveredMerge } from './merge-recovery.ts';

// What start-up recovery did, per .GCC/ folder, for the page to say so (nothing else would: the files look untouched).
const recoveredAtStart = new Map<string, RecoveredMerge[]>();

export function rememberRecovery(gccDir: string, recovered: RecoveredMerge): void {
  recoveredAtStart.set(gccDir, [...(recoveredAtStart.get(gccDir) ?? []), recovered]);
}

/** The record of a merge that did not finish, judged now; or why it cannot be read. */
async function fromRecord(gccDir: string): Promise<PartialMergeNotice[]> {
  const journal = mergeJournal(gccDir);
  try {
    const pending = await journal.pending();
    if (!pending) return [];
    const parts = await judgeIntent(gccDir, pending);
    const what = describeParts(pending.intent, parts);
    const then = pending.intent.undoes
      ? 'gcc-studio finishes the undo when it starts or before the next merge, unless a file it touched changed since.'
      : 'gcc-studio rolls it back when it starts or before the next merge, unless a file it touched changed since; until then merging these branches again is refused.';
    return [{ source: pending.intent.source, target: pending.intent.target, evidence: 'record', severity: 'error', message: `${cap(what)} (recorded in ${journal.path}). ${then}` }];
  } catch (err) {
    return [{ source: '', target: '', evidence: 'record', severity: 'error', message: `${(err as Error).message}: it records a merge that did not finish; look at it, put the files right, then delete it` }];
  }
}

/** The steps a merge copied (their source), read from the list's column: nothing decoded. */
function mergedSteps(list: StepList | null): { mergedFrom: string }[] {
  const out: { mergedFrom: string }[] = [];
  for (let i = 0; i < (list?.length ?? 0); i++) {
    const source = list!.mergedFromAt(i);
    if (source !== undefined) out.push({ mergedFrom: source });
  }
  return out;
}

/** The branches' traces of merges (only those of `pair`, when given: a compare asks about two of them). */
function traceBranches(view: WorkspaceView, pair?: [string, string]): MergeTraceBranch[] {
  return view.workspace().branches.filter((b) => !pair || pair.includes(b.name)).map((summary) => ({
    name: summary.name,
    metadata: summary.metadata,
    steps: mergedSteps(view.stepList(summary.name)),
    commits: view.branch(summary.name)?.commits ?? [],
  }));
}

/** Every notice about merges in this workspace; `pair` keeps only those between these two branches. */
/** An intent record still there (judged file by file), a merge this process rolled back or completed at start, and a merge's traces in the files alone (shared/gcc/compare/partial-merge.ts). */
export async function mergeNotices(gccDir: string, view: WorkspaceView, pair?: [string, string]): Promise<PartialMergeNotice[]> {
  const recorded = await fromRecord(gccDir);
  const recovered = (recoveredAtStart.get(gccDir) ?? []).map(
    (r): PartialMergeNotice => ({ source: r.intent.source, target: r.intent.target, evidence: 'recovered', severity: r.resolution === 'unresolved' ? 'error' : 'info', message: `When gcc-studio started: ${r.message}` }),
  );
  // The record already says what the files would; a rolled-back merge leaves no traces to find.
  const files = partialMergesInFiles(traceBranches(view, pair)).filter((n) => !recorded.some((r) => r.source === n.source && r.target === n.target));
  const all = [...recorded, ...recovered, ...files];
  if (!pair) return all;
  return all.filter((n) => n.source === '' || (pair.includes(n.source) && pair.includes(n.target)));
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
