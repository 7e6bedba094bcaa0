// GET /api/workspace: the snapshot a page loads first (and again after a resync); `?at=` as it was then.
import { Hono } from 'hono';
import type { WorkspaceView } from '../../live/index.ts';
import type { TimeTravel } from '../../travel/index.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { answer } from './answer.ts';
import { viewAt } from './timeline.ts';

export function workspaceRoutes(store: WorkspaceView, travel: TimeTravel | null = null) {
  return new Hono().get(ROUTES.workspace.path, async (c) => answer(c, ROUTES.workspace, (await viewAt(c, store, travel)).workspace()));
}
