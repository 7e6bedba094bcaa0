// The answer to a comparison, from the branches' summaries and records: GET /api/compare builds it from the store, an
// exported page from the records it holds. Which base a head is compared with when none is asked for lives here too.
import type { BranchSummary } from '../../api.ts';
import { COMPARE_STEPS_LIMIT, type CompareResponse } from '../../compare-api.ts';
import { compareBranches, type BranchSide } from './branch-diff.ts';

/** The base a comparison uses when none is asked for: where the head came from, else main, else any other branch. */
export function defaultBase(head: BranchSummary, branches: readonly BranchSummary[]): string | null {
  const exists = (n: string | null | undefined) => !!n && n !== head.name && branches.some((b) => b.name === n);
  if (exists(head.createdFrom)) return head.createdFrom!;
  if (exists('main')) return 'main';
  return branches.find((b) => b.name !== head.name)?.name ?? null;
}

/** A comparison without the merges that did not finish (those need the folder); `missing`: why there is none. */
export type CompareOutcome = { answer: Omit<CompareResponse, 'partialMerges'> } | { missing: string };

/** `head` against `base` (null: defaultBase), its steps read through `sideOf`; only COMPARE_STEPS_LIMIT are decoded. */
export function compareAnswer(branches: readonly BranchSummary[], sideOf: (b: BranchSummary) => BranchSide, headName: string, baseName: string | null): CompareOutcome {
  const head = branches.find((b) => b.name === headName);
  if (!head) return { missing: `no branch "${headName}"` };
  const chosen = baseName ?? defaultBase(head, branches);
  if (!chosen) return { missing: `\`${headName}\` is the only branch: there is no base to compare it with` };
  const base = branches.find((b) => b.name === chosen);
  if (!base) return { missing: `no branch "${chosen}"` };
  const comparison = compareBranches(sideOf(head), sideOf(base), COMPARE_STEPS_LIMIT);
  return { answer: { head, base, comparison, stepsSinceCreatedTotal: comparison.stepsSinceCreatedTotal, actionOnlyStepsTotal: comparison.actionOnlyStepsTotal } };
}
