// The page's one client of the /api routes, built from the route table (shared/routes.ts). Every call carries the
// token as a header (auth.ts; there is no cookie) and tells auth.ts whether the server took it.
import type { ContextDialect } from '../../shared/types.ts';
import type { MergeRequest } from '../../shared/compare-api.ts';
import { apiUrl, ROUTES, type ApiUrl } from '../../shared/routes.ts';
import { authHeaders, authToken, getAuthState, holdsRefusedToken, noteAccepted, noteRefused } from './auth.ts';
import { takeEarly } from './early.ts';
import { exportedAnswer, isExportedPage } from './snapshot.ts';
import { withWorkspace } from './workspaceParam.ts';

export type { SearchMatch, SearchResponse } from '../../shared/api.ts';

/** A failed call, with the server's `{error}` message when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether a failed query is asked once more: a dropped connection or a server error may pass, an answer that refuses
 * the request (4xx) or asks which workspace (a fleet's 300) will not. A refused token then waits for a new one (the
 * shell's notice says why); a fleet's page does not ask twice for the single workspace its server has not got.
 */
export const retryOnce = (failures: number, error: unknown): boolean => failures < 1 && !(error instanceof ApiError && error.status >= 300 && error.status < 500);

export const STEPS_PAGE_LIMIT = 1000;

/** The server's 401, as it gave it last: the callers read it as they read the server's own. */
function refusedAgain(): Response {
  const r = getAuthState().refusal;
  return new Response(JSON.stringify({ error: r?.error ?? 'the server refused this page’s token', code: r?.code, startedAt: r?.startedAt }), { status: 401, headers: { 'content-type': 'application/json' } });
}

/**
 * fetch() in this page's workspace (withWorkspace) with the token and `accept: application/json`; a 401 is noted
 * (auth.ts) before the caller sees it. The response is returned as it is: the callers read their own error shapes.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = withWorkspace(path);
  // Refused before, refused again: answered here, without a request, until a new token arrives.
  if (holdsRefusedToken()) return refusedAgain();
  // The first screen's answers were asked by index.html before this code loaded (early.ts); a failed one is asked again.
  const early = await takeEarly(url, init)?.catch(() => null);
  const res = early ?? (await fetch(url, { ...init, credentials: 'omit', headers: { accept: 'application/json', ...authHeaders(), ...(init.headers as Record<string, string> | undefined) } }));
  if (res.status === 401) noteRefused(await res.clone().json().catch(() => null));
  else if (res.ok) noteAccepted();
  return res;
}

async function readJson<T>(res: Response): Promise<T> {
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body.error === 'string') message = body.error;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new ApiError(res.status, message);
  }
  return (await res.json()) as T;
}

/** A GET of a route's URL (apiUrl), read as the route's answer. */
export const getJson = async <T>(path: ApiUrl<T>, signal?: AbortSignal): Promise<T> =>
  // An exported page answers from the data inlined in it (snapshot.ts): no server, no network.
  isExportedPage ? (exportedAnswer(path, (message) => new ApiError(404, message)) as T) : readJson<T>(await apiFetch(path, { signal }));

/** A JSON POST; the browser adds our Origin, which the server requires of every write. */
const postJson = async <T>(path: ApiUrl<T>, body: unknown): Promise<T> =>
  readJson<T>(await apiFetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

export const api = {
  workspace: (signal?: AbortSignal, at?: string) => getJson(apiUrl(ROUTES.workspace, { at }), signal),
  branch: (name: string, signal?: AbortSignal, at?: string) => getJson(apiUrl(ROUTES.branch, { name }, { at }), signal),
  /** Every branch's commits in brief, in one answer (what the graph draws). */
  commits: (signal?: AbortSignal, at?: string) => getJson(apiUrl(ROUTES.commits, { at }), signal),
  steps: (name: string, from: number, limit: number, signal?: AbortSignal, at?: string) =>
    getJson(apiUrl(ROUTES.steps, { name }, { from, limit: Math.min(limit, STEPS_PAGE_LIMIT), at }), signal),
  context: (name: string, k: number, dialect: ContextDialect, signal?: AbortSignal, at?: string) => getJson(apiUrl(ROUTES.context, { name }, { k, dialect, at }), signal),
  search: (q: string, limit: number, signal?: AbortSignal) => getJson(apiUrl(ROUTES.search, { q, limit }), signal),
  authors: (branch: string, signal?: AbortSignal) => getJson(apiUrl(ROUTES.authors, { branch }), signal),
  compare: (head: string, base: string | null, signal?: AbortSignal) => getJson(apiUrl(ROUTES.compare, { head, base: base || undefined }), signal),
  mergePreview: (branch: string, target: string, summary: string, signal?: AbortSignal) =>
    getJson(apiUrl(ROUTES.mergePreview, { branch, target, summary: summary.trim() ? summary : undefined }), signal),
  merge: (request: MergeRequest) => postJson(apiUrl(ROUTES.merge), request),
  /** The merges gcc-studio made of or into `branch`, each judged undoable now or not. */
  mergeHistory: (branch: string, signal?: AbortSignal) => getJson(apiUrl(ROUTES.mergeHistory, { branch }), signal),
  undoMerge: (id: string) => postJson(apiUrl(ROUTES.mergeUndo, { id }), {}),
  /** Whether the server takes our token, and when it started (cheap: what the live stream asks after a drop). */
  session: (signal?: AbortSignal) => getJson(apiUrl(ROUTES.session), signal),
  /**
   * EventSource URL; `lastEventId` lets a fresh EventSource resume, and the token rides in the query: EventSource
   * can set no header (the server takes `?token=` on this one route only).
   */
  eventsUrl: (lastEventId: number | null) => withWorkspace(apiUrl(ROUTES.events, { lastEventId: lastEventId ?? undefined, token: authToken() || undefined })),
  /** The fleet's rows; a single-workspace server answers `single`. */
  fleet: (signal?: AbortSignal) => getJson(apiUrl(ROUTES.fleet), signal),
  /** Two fleet rows compared (two agents' memories): a branch of each, CONTEXT at k, what each lacks. */
  fleetCompare: (a: string, b: string, branch: string, otherBranch: string, k: number, signal?: AbortSignal) => getJson(apiUrl(ROUTES.fleetCompare, { a, b, branch, otherBranch, k }), signal),
  /** The fleet's EventSource URL: resumes from `since` of `epoch`; the token rides in the query, as on eventsUrl. */
  fleetEventsUrl: (epoch: string | null, since: string) =>
    apiUrl(ROUTES.fleetEvents, { epoch: epoch || undefined, since: epoch ? since : undefined, token: authToken() || undefined }),
};
