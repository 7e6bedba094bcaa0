// GET /api/commits (also `?at=`): every branch's commits in brief (id, time, contribution), what the page's branch graph
// draws, in one answer. The graph asked GET /api/branches/:name for each branch: 500 requests on a 500-branch
// workspace, each with the whole records and their edit versions (a hash each), of which it reads three fields.
import { Hono } from 'hono';
import type { CommitsResponse } from '../../../shared/api.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { answer } from './answer.ts';
import type { WorkspaceView } from '../../live/index.ts';
import type { TimeTravel } from '../../travel/index.ts';
import { viewAt } from './timeline.ts';

/** `revisionNow`: the workspace's now (the bus's newest event); an answer is kept until it moves. */
export function commitRoutes(now: WorkspaceView, travel: TimeTravel | null, revisionNow: () => number) {
  // The answer now, kept until the next change: every page opened asks for it first thing, and building it wakes
  // every branch's commits (dormancy.ts): ~0.3 s on 5,000 branches, which a second page waited behind.
  let kept: { revision: number; branches: CommitsResponse['branches'] } | null = null;
  return new Hono().get(ROUTES.commits.path, async (c) => {
    const live = c.req.query('at') === undefined;
    if (live && kept !== null && kept.revision === revisionNow()) return answer(c, ROUTES.commits, { branches: kept.branches });
    const revision = revisionNow();
    const store = await viewAt(c, now, travel);
    const branches = store.workspace().branches.map((summary) => ({
      name: summary.name,
      commits: (store.branch(summary.name)?.commits ?? []).map((k) => ({ commitId: k.commitId, timestamp: k.timestamp, thisCommitContribution: k.thisCommitContribution })),
    }));
    if (live) kept = { revision, branches };
    return answer(c, ROUTES.commits, { branches });
  });
}
