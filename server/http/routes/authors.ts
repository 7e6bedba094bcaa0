// GET /api/authors?branch=: which client wrote the branch's records that came through gcc-studio (an MCP agent's
// steps, commits and merges), from the authors file beside .GCC/ (server/write/authorship.ts).
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { RecordAuthor } from '../../../shared/api.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { createAuthorship, type Authored } from '../../write/index.ts';
import { answer } from './answer.ts';
import { checkedBranchName } from './params.ts';

/** An author note as the page marks it: a step by its number and time, a commit (or a merge's commit) by its id. */
export function recordAuthor(a: Authored, branch: string): RecordAuthor | null {
  if (a.kind === 'step' && a.branch === branch) return { kind: 'step', branch, step: a.step, timestamp: a.timestamp, client: a.client };
  if (a.kind === 'commit' && a.branch === branch) return { kind: 'commit', branch, commitId: a.commitId, client: a.client };
  if (a.kind === 'merge' && a.target === branch) return { kind: 'commit', branch, commitId: a.commitId, client: a.client };
  return null;
}

export function authorRoutes(gccDir: string | null) {
  const authorship = gccDir ? createAuthorship(gccDir) : null;
  return new Hono().get(ROUTES.authors.path, async (c) => {
    const raw = c.req.query('branch');
    if (!raw) throw new HTTPException(400, { message: 'branch is required' });
    const branch = checkedBranchName(raw, 'branch: ');
    const notes = authorship ? await authorship.list() : [];
    return answer(c, ROUTES.authors, { branch, authors: notes.flatMap((a) => recordAuthor(a, branch) ?? []) });
  });
}
