// GET /api/session: answers only when the token is right (the guard runs first), with when this server started. The
// page asks after its live stream drops, because EventSource hides the status: a 401 here means "new token", a
// different start time means "restarted, same token", no answer means "down, keep trying".
import { Hono } from 'hono';
import type { SessionResponse } from '../../../shared/api.ts';

export function sessionRoutes(startedAt: string) {
  return new Hono().get('/', (c) => c.json<SessionResponse>({ startedAt }));
}
