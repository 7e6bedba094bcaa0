// GET /api/commits (also `?at=`): every branch's commits in brief (id, time, contribution), what the page's branch graph
// draws, in one answer. The graph asked GET /api/branches/:name for each branch: 500 requests on a 500-branch
// workspace, each with the whole records and their edit versions (a hash each), of which it reads three fields.
import { Hono } from 'hono';
import { ROUTES } from '../../../shared/routes.ts';
import { answer } from './answer.ts';
import type { WorkspaceView } from '../../live/index.ts';
import type { TimeTravel } from '../../travel/index.ts';
import { viewAt } from './timeline.ts';

export function commitRoutes(now: WorkspaceView, travel: TimeTravel | null = null) {
  return new Hono().get(ROUTES.commits.path, async (c) => {
    const store = await viewAt(c, now, travel);
    const branches = store.workspace().branches.map((summary) => ({
      name: summary.name,
      commits: (store.branch(summary.name)?.commits ?? []).map((k) => ({ commitId: k.commitId, timestamp: k.timestamp, thisCommitContribution: k.thisCommitContribution })),
    }));
    return answer(c, ROUTES.commits, { branches });
  });
}
