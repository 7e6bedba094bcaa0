// GET /api/search?q=&limit=: steps and commits of every branch containing the text, newest first.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ROUTES } from '../../../shared/routes.ts';
import { searchAnswer, type SearchableBranch } from '../../../shared/search.ts';
import type { FindBytes } from '../../../shared/search-steps.ts';
import type { WorkspaceView } from '../../live/index.ts';
import { answer } from './answer.ts';
import { intParam } from './params.ts';

export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 500;
const MAX_QUERY_LENGTH = 500;

/** Node's native search of a byte string (memchr and Boyer-Moore-Horspool in C++), on the log's bytes without a copy. */
export const nativeFind: FindBytes = (hay, needle, from) => Buffer.from(hay.buffer, hay.byteOffset, hay.length).indexOf(needle, from);

export function searchRoutes(store: WorkspaceView) {
  return new Hono().get(ROUTES.search.path, (c) => {
    const query = c.req.query('q') ?? '';
    if (query.length > MAX_QUERY_LENGTH) throw new HTTPException(400, { message: `q is longer than ${MAX_QUERY_LENGTH} characters` });
    const limit = intParam(c, 'limit', DEFAULT_SEARCH_LIMIT, 1, MAX_SEARCH_LIMIT);
    const branches: SearchableBranch[] = store.workspace().branches.map((summary) => ({
      name: summary.name,
      commits: store.branch(summary.name)?.commits ?? [],
      steps: store.stepList(summary.name) ?? [],
    }));
    return answer(c, ROUTES.search, searchAnswer(query, branches, limit, nativeFind));
  });
}
