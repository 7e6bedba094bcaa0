// GET /api/branches/:name, …/steps (paged: a log can hold 200,000 steps) and …/context; each also `?at=` as it was then.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { CONTEXT_DIALECTS, type ContextDialect } from '../../../shared/types.ts';
import type { WorkspaceView } from '../../live/index.ts';
import type { TimeTravel } from '../../travel/index.ts';
import { branchParam, intParam } from './params.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { answer } from './answer.ts';
import { viewAt } from './timeline.ts';

export const DEFAULT_STEPS_LIMIT = 200;
export const MAX_STEPS_LIMIT = 1000;
const MAX_K = 1_000_000;

function notFound(name: string): never {
  throw new HTTPException(404, { message: `no branch "${name}"` });
}

export function branchRoutes(now: WorkspaceView, travel: TimeTravel | null = null) {
  return new Hono()
    .get(ROUTES.branch.path, async (c) => {
      const name = branchParam(c);
      const store = await viewAt(c, now, travel);
      return answer(c, ROUTES.branch, store.branch(name) ?? notFound(name));
    })
    .get(ROUTES.steps.path, async (c) => {
      const name = branchParam(c);
      const store = await viewAt(c, now, travel);
      const from = intParam(c, 'from', 0, 0, Number.MAX_SAFE_INTEGER);
      const limit = intParam(c, 'limit', DEFAULT_STEPS_LIMIT, 1, MAX_STEPS_LIMIT);
      return answer(c, ROUTES.steps, store.steps(name, from, limit) ?? notFound(name));
    })
    .get(ROUTES.context.path, async (c) => {
      const name = branchParam(c);
      const store = await viewAt(c, now, travel);
      const k = intParam(c, 'k', 1, 1, MAX_K);
      const raw = c.req.query('dialect');
      if (raw !== undefined && raw !== '' && !(CONTEXT_DIALECTS as readonly string[]).includes(raw)) {
        throw new HTTPException(400, { message: `dialect must be one of ${CONTEXT_DIALECTS.join(', ')} (got "${raw}")` });
      }
      const dialect = raw ? (raw as ContextDialect) : null;
      return answer(c, ROUTES.context, (await store.context(name, k, dialect)) ?? notFound(name));
    });
}
