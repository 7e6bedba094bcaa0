// GET /api/compare?head=&base=: what the head did that the base has not, the two last commits and the warnings a
// merge deserves, and any merge between the two that did not finish. `base` defaults to the branch the head was
// created from (else main).
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { COMPARE_STEPS_LIMIT, type PartialMergeNotice } from '../../../shared/compare-api.ts';
import { ROUTES } from '../../../shared/routes.ts';
import type { BranchSummary } from '../../../shared/api.ts';
import { compareBranches, type BranchSide } from '../../../shared/gcc/compare/branch-diff.ts';
import type { WorkspaceView } from '../../live/index.ts';
import { answer } from './answer.ts';
import { checkedBranchName } from './params.ts';

/** The base a comparison uses when none is asked for: where the head came from, else main, else any other branch. */
export function defaultBase(head: BranchSummary, branches: readonly BranchSummary[]): string | null {
  const exists = (n: string | null | undefined) => !!n && n !== head.name && branches.some((b) => b.name === n);
  if (exists(head.createdFrom)) return head.createdFrom!;
  if (exists('main')) return 'main';
  return branches.find((b) => b.name !== head.name)?.name ?? null;
}

function nameParam(value: string | undefined, key: string): string {
  if (value === undefined || value === '') throw new HTTPException(400, { message: `${key} is required` });
  return checkedBranchName(value, `${key}: `);
}

function sideOf(store: WorkspaceView, summary: BranchSummary): BranchSide {
  return {
    name: summary.name,
    metadata: summary.metadata,
    dialect: summary.dialect,
    commits: store.branch(summary.name)?.commits ?? [],
    steps: store.stepList(summary.name) ?? [],
  };
}

/** Merges between two branches that did not finish (write/merge-notices.ts); none without a workspace folder. */
export type MergeNoticesOf = (head: string, base: string) => Promise<PartialMergeNotice[]>;

export function compareRoutes(store: WorkspaceView, notices: MergeNoticesOf = async () => []) {
  return new Hono().get(ROUTES.compare.path, async (c) => {
    const headName = nameParam(c.req.query('head'), 'head');
    const branches = store.workspace().branches;
    const head = branches.find((b) => b.name === headName);
    if (!head) throw new HTTPException(404, { message: `no branch "${headName}"` });
    const rawBase = c.req.query('base');
    const baseName = rawBase ? nameParam(rawBase, 'base') : defaultBase(head, branches);
    if (!baseName) throw new HTTPException(404, { message: `\`${headName}\` is the only branch: there is no base to compare it with` });
    const base = branches.find((b) => b.name === baseName);
    if (!base) throw new HTTPException(404, { message: `no branch "${baseName}"` });
    // Only the steps the answer carries are decoded (a log can hold 200,000).
    const comparison = compareBranches(sideOf(store, head), sideOf(store, base), COMPARE_STEPS_LIMIT);
    return answer(c, ROUTES.compare, {
      head,
      base,
      comparison,
      stepsSinceCreatedTotal: comparison.stepsSinceCreatedTotal,
      actionOnlyStepsTotal: comparison.actionOnlyStepsTotal,
      partialMerges: await notices(head.name, base.name),
    });
  });
}
