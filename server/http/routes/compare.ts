// GET /api/compare?head=&base=: what the head did that the base has not, the two last commits and the warnings a
// merge deserves, and any merge between the two that did not finish. `base` defaults to the branch the head was
// created from (else main).
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { PartialMergeNotice } from '../../../shared/compare-api.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { compareView, type WorkspaceView } from '../../live/index.ts';
import { answer } from './answer.ts';
import { checkedBranchName } from './params.ts';

function nameParam(value: string | undefined, key: string): string {
  if (value === undefined || value === '') throw new HTTPException(400, { message: `${key} is required` });
  return checkedBranchName(value, `${key}: `);
}

/** Merges between two branches that did not finish (write/merge-notices.ts); none without a workspace folder. */
export type MergeNoticesOf = (head: string, base: string) => Promise<PartialMergeNotice[]>;

export function compareRoutes(store: WorkspaceView, notices: MergeNoticesOf = async () => []) {
  return new Hono().get(ROUTES.compare.path, async (c) => {
    const headName = nameParam(c.req.query('head'), 'head');
    const rawBase = c.req.query('base');
    const baseName = rawBase ? nameParam(rawBase, 'base') : null;
    // Only the steps the answer carries are decoded (a log can hold 200,000).
    const outcome = compareView(store, headName, baseName);
    if ('missing' in outcome) throw new HTTPException(404, { message: outcome.missing });
    const found = outcome.answer;
    return answer(c, ROUTES.compare, { ...found, partialMerges: await notices(found.head.name, found.base.name) });
  });
}
