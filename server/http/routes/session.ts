// GET /api/session: answers only when the token is right (the guard runs first), with when this server started. The
// page asks after its live stream drops, because EventSource hides the status: a 401 here means "new token", a
// different start time means "restarted, same token", no answer means "down, keep trying".
import { Hono } from 'hono';
import { ROUTES } from '../../../shared/routes.ts';
import { answer } from './answer.ts';

export function sessionRoutes(startedAt: string) {
  return new Hono().get(ROUTES.session.path, (c) => answer(c, ROUTES.session, { startedAt }));
}
