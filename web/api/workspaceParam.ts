// The workspace this page shows, from `?ws=` (a fleet server serves several; a single-workspace server needs none).
// Read once at load: entering another workspace loads the page anew, so no cache ever mixes two workspaces.
export const currentWorkspace: string | null = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('ws') || null;

/** An /api path with `ws=` added when the page shows a fleet's workspace; unchanged otherwise. */
export function withWorkspace(path: string, ws: string | null = currentWorkspace): string {
  if (!ws) return path;
  return `${path}${path.includes('?') ? '&' : '?'}ws=${encodeURIComponent(ws)}`;
}
