// GET /api/search?q=&limit=: steps and commits of every branch containing the text, newest first.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ROUTES } from '../../../shared/routes.ts';
import { searchView, type WorkspaceView } from '../../live/index.ts';
import { answer } from './answer.ts';
import { intParam } from './params.ts';

export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 500;
const MAX_QUERY_LENGTH = 500;

export function searchRoutes(store: WorkspaceView) {
  return new Hono().get(ROUTES.search.path, (c) => {
    const query = c.req.query('q') ?? '';
    if (query.length > MAX_QUERY_LENGTH) throw new HTTPException(400, { message: `q is longer than ${MAX_QUERY_LENGTH} characters` });
    const limit = intParam(c, 'limit', DEFAULT_SEARCH_LIMIT, 1, MAX_SEARCH_LIMIT);
    return answer(c, ROUTES.search, searchView(store, query, limit));
  });
}
