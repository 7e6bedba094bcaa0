// GET /api/workspace: the snapshot a page loads first (and again after a resync).
import { Hono } from 'hono';
import type { WorkspaceView } from '../../live/store.ts';

export function workspaceRoutes(store: WorkspaceView) {
  return new Hono().get('/', (c) => c.json(store.workspace()));
}
