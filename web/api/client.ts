// The one typed client of the page. Same-origin: the auth cookie set by `/?token=` rides along by itself.
import type { BranchResponse, ContextResponse, SearchResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';

export type { SearchMatch, SearchResponse } from '../../shared/api.ts';
import type { ContextDialect } from '../../shared/types.ts';
import type { CompareResponse, MergePreviewResponse, MergeRequest, MergeResponse } from '../../shared/compare-api.ts';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
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

/** `tokensByK[k-1]` is the token count for K = k, when the server sends it (saves one request per K). */
export type ContextPreview = ContextResponse & { tokensByK?: number[] };

export const STEPS_PAGE_LIMIT = 1000;

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(withWorkspace(path), { credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
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

/** A JSON POST; the browser adds our Origin, which the server requires of every write. */
async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(withWorkspace(path), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      const parsed = (await res.json()) as { error?: unknown };
      if (typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new ApiError(res.status, message);
  }
  return (await res.json()) as T;
}

const seg = encodeURIComponent;

export const api = {
  workspace: (signal?: AbortSignal) => getJson<WorkspaceResponse>('/api/workspace', signal),
  branch: (name: string, signal?: AbortSignal) => getJson<BranchResponse>(`/api/branches/${seg(name)}`, signal),
  steps: (name: string, from: number, limit: number, signal?: AbortSignal) =>
    getJson<StepsPage>(`/api/branches/${seg(name)}/steps?from=${from}&limit=${Math.min(limit, STEPS_PAGE_LIMIT)}`, signal),
  context: (name: string, k: number, dialect: ContextDialect, signal?: AbortSignal) =>
    getJson<ContextPreview>(`/api/branches/${seg(name)}/context?k=${k}&dialect=${dialect}`, signal),
  search: (q: string, limit: number, signal?: AbortSignal) =>
    getJson<SearchResponse>(`/api/search?q=${seg(q)}&limit=${limit}`, signal),
  compare: (head: string, base: string | null, signal?: AbortSignal) =>
    getJson<CompareResponse>(`/api/compare?head=${seg(head)}${base ? `&base=${seg(base)}` : ''}`, signal),
  mergePreview: (branch: string, target: string, summary: string, signal?: AbortSignal) =>
    getJson<MergePreviewResponse>(`/api/merge/preview?branch=${seg(branch)}&target=${seg(target)}${summary.trim() ? `&summary=${seg(summary)}` : ''}`, signal),
  merge: (request: MergeRequest) => postJson<MergeResponse>('/api/merge', request),
  /** EventSource URL; `lastEventId` lets a fresh EventSource resume (a new EventSource cannot set the header). */
  eventsUrl: (lastEventId: number | null) => withWorkspace(lastEventId === null ? '/api/events' : `/api/events?lastEventId=${lastEventId}`),
  /** The fleet's rows; a single-workspace server has no fleet route (404): `single`. */
  fleet: async (signal?: AbortSignal): Promise<FleetResponse | { mode: 'single' }> => {
    try {
      return await getJson<FleetResponse>('/api/fleet', signal);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return { mode: 'single' };
      throw err;
    }
  },
  fleetEventsUrl: (epoch: string | null, since: string) => `/api/fleet/events${epoch ? `?epoch=${encodeURIComponent(epoch)}&since=${encodeURIComponent(since)}` : ''}`,
};
