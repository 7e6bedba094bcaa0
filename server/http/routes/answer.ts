// A route's answer, typed by the route table (shared/routes.ts): a handler cannot answer a shape the page does not read.
import type { Context } from 'hono';
import type { AnswerOf, Query, Route } from '../../../shared/routes.ts';

export function answer<R extends Route<string, Query, unknown, unknown>>(c: Context, _route: R, body: AnswerOf<R>): Response {
  return c.json(body as object);
}
