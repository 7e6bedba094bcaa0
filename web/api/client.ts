// The one typed client of the page. Every call carries the token as a header (auth.ts keeps it; there is no cookie)
// and tells auth.ts whether the server took it, so a refused page says why instead of retrying.
import type { BranchResponse, CommitsResponse, ContextResponse, SearchResponse, SessionResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import { authHeaders, authToken, noteAccepted, noteRefused } from './auth.ts';

export type { SearchMatch, SearchResponse } from '../../shared/api.ts';
import type { ContextDialect } from '../../shared/types.ts';
import type { CompareResponse, MergeHistoryResponse, MergePreviewResponse, MergeRequest, MergeResponse, MergeUndoResponse } from '../../shared/compare-api.ts';
import { pageSnapshot, snapshotAnswer } from './snapshot.ts';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { takeEarly } from './early.ts';
import { withWorkspace } from './workspaceParam.ts';

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
 * the request (4xx) will not. A refused token then waits for a new one (shell/AuthBanner.tsx says why); a fleet's page
 * does not ask twice for the single workspace its server has not got.
 */
export const retryOnce = (failures: number, error: unknown): boolean => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * `tokensByK[k-1]` is the token count for K = k, when the server sends it (saves one request per K);
 * `tokensAtLeastByK[k-1]` says that count is a lower bound (sent only when some count is).
 */
export type ContextPreview = ContextResponse & { tokensByK?: number[]; tokensAtLeastByK?: boolean[] };

export const STEPS_PAGE_LIMIT = 1000;

/** `path` with `at=` added when a moment is given (time travel: the answer as it was then). */
export function atPath(path: string, at: string | undefined): string {
  return at ? `${path}${path.includes('?') ? '&' : '?'}at=${encodeURIComponent(at)}` : path;
}

/**
 * fetch() in this page's workspace (withWorkspace) with the token and `accept: application/json`; a 401 is noted (auth.ts) before the caller sees it. The
 * response is returned as it is: the callers read their own error shapes.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = withWorkspace(path);
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

export const getJson = async <T>(path: string, signal?: AbortSignal): Promise<T> =>
  // An exported page answers from the data inlined in it (snapshot.ts): no server, no network.
  pageSnapshot ? (snapshotAnswer(pageSnapshot, path, (message) => new ApiError(404, message)) as T) : readJson<T>(await apiFetch(path, { signal }));

/** A JSON POST; the browser adds our Origin, which the server requires of every write. */
const postJson = async <T>(path: string, body: unknown): Promise<T> =>
  readJson<T>(await apiFetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

const seg = encodeURIComponent;

export const api = {
  workspace: (signal?: AbortSignal, at?: string) => getJson<WorkspaceResponse>(atPath('/api/workspace', at), signal),
  branch: (name: string, signal?: AbortSignal, at?: string) => getJson<BranchResponse>(atPath(`/api/branches/${seg(name)}`, at), signal),
  /** Every branch's commits in brief, in one answer (what the graph draws). */
  commits: (signal?: AbortSignal, at?: string) => getJson<CommitsResponse>(atPath('/api/commits', at), signal),
  steps: (name: string, from: number, limit: number, signal?: AbortSignal, at?: string) =>
    getJson<StepsPage>(atPath(`/api/branches/${seg(name)}/steps?from=${from}&limit=${Math.min(limit, STEPS_PAGE_LIMIT)}`, at), signal),
  context: (name: string, k: number, dialect: ContextDialect, signal?: AbortSignal, at?: string) =>
    getJson<ContextPreview>(atPath(`/api/branches/${seg(name)}/context?k=${k}&dialect=${dialect}`, at), signal),
  search: (q: string, limit: number, signal?: AbortSignal) =>
    getJson<SearchResponse>(`/api/search?q=${seg(q)}&limit=${limit}`, signal),
  compare: (head: string, base: string | null, signal?: AbortSignal) =>
    getJson<CompareResponse>(`/api/compare?head=${seg(head)}${base ? `&base=${seg(base)}` : ''}`, signal),
  mergePreview: (branch: string, target: string, summary: string, signal?: AbortSignal) =>
    getJson<MergePreviewResponse>(`/api/merge/preview?branch=${seg(branch)}&target=${seg(target)}${summary.trim() ? `&summary=${seg(summary)}` : ''}`, signal),
  merge: (request: MergeRequest) => postJson<MergeResponse>('/api/merge', request),
  /** The merges gcc-studio made of or into `branch`, each judged undoable now or not. */
  mergeHistory: (branch: string, signal?: AbortSignal): Promise<MergeHistoryResponse> =>
    // An exported page has no server that merged anything: nothing to undo.
    pageSnapshot ? Promise.resolve({ entries: [] }) : getJson<MergeHistoryResponse>(`/api/merge/history?branch=${seg(branch)}`, signal),
  undoMerge: (id: string) => postJson<MergeUndoResponse>(`/api/merge/${seg(id)}/undo`, {}),
  /** Whether the server takes our token, and when it started (cheap: what the live stream asks after a drop). */
  session: (signal?: AbortSignal) => getJson<SessionResponse>('/api/session', signal),
  /**
   * EventSource URL; `lastEventId` lets a fresh EventSource resume, and the token rides in the query: EventSource
   * can set no header (the server takes `?token=` on this one route only).
   */
  eventsUrl: (lastEventId: number | null) => {
    const query = new URLSearchParams();
    if (lastEventId !== null) query.set('lastEventId', String(lastEventId));
    const token = authToken();
    if (token) query.set('token', token);
    const text = query.toString();
    return withWorkspace(text ? `/api/events?${text}` : '/api/events');
  },
  /** The fleet's rows; a single-workspace server answers `single`. */
  fleet: (signal?: AbortSignal) => getJson<FleetResponse | { mode: 'single' }>('/api/fleet', signal),
  /** The fleet's EventSource URL: resumes from `since` of `epoch`; the token rides in the query, as on eventsUrl. */
  fleetEventsUrl: (epoch: string | null, since: string) => {
    const query = new URLSearchParams();
    if (epoch) {
      query.set('epoch', epoch);
      query.set('since', since);
    }
    const token = authToken();
    if (token) query.set('token', token);
    const text = query.toString();
    return text ? `/api/fleet/events?${text}` : '/api/fleet/events';
  },
};
