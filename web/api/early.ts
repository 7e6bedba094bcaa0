// The first screen's answers, asked by index.html's inline script while the page's code still loads (~400 ms on a 2-core
// machine), taken once by the client.
import { apiUrl, ROUTES } from '../../shared/routes.ts';
import { withWorkspace } from './workspaceParam.ts';

export type EarlyRequests = Record<string, Promise<Response> | undefined>;

// The script leaves one Response promise per path on `window.__gccEarly`; the client takes each once, for a plain GET of
// exactly that path, and asks the network itself when there is none or it failed. A live change that arrives in
// between is not lost: events carry their revision, and the live hook resumes after the answer's.
/** The paths index.html's script asks for, for a page at `search` (kept beside it so a test can hold them equal). */
export function earlyPaths(search: string): string[] {
  const q = new URLSearchParams(search);
  // A travelling page asks for its moment's answers, not these.
  if (q.get('at')) return [];
  const ws = q.get('ws');
  const workspace = [apiUrl(ROUTES.workspace), apiUrl(ROUTES.commits)];
  return ws ? workspace.map((p) => withWorkspace(p, ws)) : [apiUrl(ROUTES.fleet), ...workspace];
}

/** The early answer for `path`, taken once; null when there is none (or `init` is not a plain GET). */
export function takeEarly(path: string, init: RequestInit, store: EarlyRequests | undefined = earlyStore()): Promise<Response> | null {
  if (!store || (init.method && init.method !== 'GET') || init.body !== undefined) return null;
  const found = store[path];
  if (!found) return null;
  delete store[path];
  return found;
}

function earlyStore(): EarlyRequests | undefined {
  return typeof window === 'undefined' ? undefined : (window as { __gccEarly?: EarlyRequests }).__gccEarly;
}
