// Every /api route once: its method, its path, what its URL carries and what it answers. The server registers each
// handler at its route's path and checks the answer against the route's type; the page builds its URLs from it.
import type { AuthorsResponse, BranchResponse, CommitsResponse, ContextResponse, SearchResponse, SessionResponse, StepsPage } from './api.ts';
import type { CompareResponse, MergeHistoryResponse, MergePreviewResponse, MergeRequest, MergeResponse, MergeUndoResponse } from './compare-api.ts';
import type { FleetResponse } from './fleet/fleet-api.ts';
import type { AgentCompareResponse } from './fleet/agent-compare.ts';
import type { MomentChanges } from './gcc/moment/changes.ts';
import type {
  CommitEditRequest,
  CommitEditResponse,
  EditHistoryResponse,
  EditResponse,
  MetadataEditRequest,
  MetadataEditResponse,
  MetadataWriteCheckResponse,
  RoadmapEditRequest,
  RoadmapEditResponse,
  RoadmapResponse,
  StepEditRequest,
  StepEditResponse,
} from './gcc/write/edit.ts';
import type { AdjacentResponse, TimelineResponse, WorkspaceAtResponse } from './timeline-api.ts';
import type { ContextDialect } from './types.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** A value of a URL's query; undefined and null leave the key out. */
type QueryValue = string | number | undefined | null;
export type Query = Record<string, QueryValue>;

/** `?at=MOMENT` on a read route: the answer as it was then. */
interface At extends Query {
  at?: string;
}

/**
 * One route. `path` is under /api, as Hono matches it (`/branches/:name/steps`); the query, the body and the answer
 * are types only (`types` is never set).
 */
export interface Route<P extends string = string, Q extends Query = Query, A = unknown, B = undefined> {
  readonly method: Method;
  readonly path: P;
  readonly types?: { query: Q; answer: A; body: B };
}

const route =
  <A, Q extends Query = Record<string, never>, B = undefined>() =>
  <P extends string>(method: Method, path: P): Route<P, Q, A, B> => ({ method, path });

export const ROUTES = {
  workspace: route<WorkspaceAtResponse, At>()('GET', '/workspace'),
  session: route<SessionResponse>()('GET', '/session'),
  /** A single-workspace server answers `single`; the fleet's server its rows. */
  fleet: route<FleetResponse | { mode: 'single' }>()('GET', '/fleet'),
  /** The fleet's event stream, resumed from `since` of `epoch`; EventSource sends no header, so the token rides here. */
  fleetEvents: route<never, { epoch?: string; since?: string; token?: string }>()('GET', '/fleet/events'),
  /** Two fleet rows (two agents' memories) compared: a branch of each (default main), CONTEXT at `k`, what each lacks. */
  fleetCompare: route<AgentCompareResponse, { a: string; b: string; branch?: string; otherBranch?: string; k?: number }>()('GET', '/fleet/compare'),
  branch: route<BranchResponse, At>()('GET', '/branches/:name'),
  steps: route<StepsPage, { from: number; limit: number } & At>()('GET', '/branches/:name/steps'),
  context: route<ContextResponse, { k: number; dialect: ContextDialect } & At>()('GET', '/branches/:name/context'),
  /** Every branch's commits in brief: what the graph draws, in one answer. */
  commits: route<CommitsResponse, At>()('GET', '/commits'),
  /** CONTEXT by query (scripts): `branch` defaults to main, `dialect` to the branch's writer. */
  contextOf: route<ContextResponse, { branch?: string; k?: number; dialect?: ContextDialect } & At>()('GET', '/context'),
  timeline: route<TimelineResponse, { buckets?: number; limit?: number; from?: number | string; to?: number | string }>()('GET', '/timeline'),
  adjacent: route<AdjacentResponse, { at: string; dir: 'next' | 'prev' }>()('GET', '/timeline/adjacent'),
  changes: route<MomentChanges, { from: string; to: string }>()('GET', '/timeline/changes'),
  search: route<SearchResponse, { q: string; limit?: number }>()('GET', '/search'),
  compare: route<CompareResponse, { head: string; base?: string }>()('GET', '/compare'),
  mergePreview: route<MergePreviewResponse, { branch: string; target: string; summary?: string }>()('GET', '/merge/preview'),
  merge: route<MergeResponse, Record<string, never>, MergeRequest>()('POST', '/merge'),
  /** The merges gcc-studio made (of `branch`, or all), newest last, each judged undoable or not. */
  mergeHistory: route<MergeHistoryResponse, { branch?: string }>()('GET', '/merge/history'),
  mergeUndo: route<MergeUndoResponse, Record<string, never>, Record<string, never>>()('POST', '/merge/:id/undo'),
  editCommit: route<CommitEditResponse, Record<string, never>, CommitEditRequest>()('PATCH', '/branches/:name/commits/:index'),
  editStep: route<StepEditResponse, Record<string, never>, StepEditRequest>()('PATCH', '/branches/:name/steps/:index'),
  editMetadata: route<MetadataEditResponse, Record<string, never>, MetadataEditRequest>()('PATCH', '/branches/:name/metadata'),
  /** Whether the metadata could be saved now, and why not (read-only, a link, a folder): the status menu asks it. */
  metadataWriteCheck: route<MetadataWriteCheckResponse>()('GET', '/branches/:name/metadata/write-check'),
  roadmap: route<RoadmapResponse>()('GET', '/roadmap'),
  editRoadmap: route<RoadmapEditResponse, Record<string, never>, RoadmapEditRequest>()('PUT', '/roadmap/parts/:index'),
  editHistory: route<EditHistoryResponse>()('GET', '/edits'),
  undo: route<EditResponse<unknown>, Record<string, never>, Record<string, never>>()('POST', '/edits/:id/undo'),
  /** Which client wrote the branch's records that came through gcc-studio (kept outside .GCC/). */
  authors: route<AuthorsResponse, { branch: string }>()('GET', '/authors'),
  /**
   * The MCP server over Streamable HTTP (server/mcp/): POST carries JSON-RPC, GET a session's notification stream and
   * DELETE ends a session; behind the same token, Host and Origin checks as every route.
   */
  mcp: route<never>()('POST', '/mcp'),
  /** The live stream (SSE); `lastEventId` resumes a fresh EventSource, and the token rides here as on fleetEvents. */
  events: route<never, { lastEventId?: number; token?: string }>()('GET', '/events'),
} as const;

export type RouteName = keyof typeof ROUTES;

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}` ? N | ParamNames<Rest> : P extends `${string}:${infer N}` ? N : never;

/** A route's path parameters: `/branches/:name/steps` takes `{ name }`. */
export type RouteParams<P extends string> = { [K in ParamNames<P>]: string | number };

export type AnswerOf<R> = R extends Route<string, Query, infer A, unknown> ? A : never;

type UrlArgs<P extends string, Q> = [ParamNames<P>] extends [never] ? [query?: Q] : [params: RouteParams<P>, query?: Q];

/** A route's URL, carrying the type of its answer (a fetch of it reads an `A`). */
export type ApiUrl<A> = string & { readonly answer?: A };

/**
 * The route's URL (with /api): its path parameters filled in and encoded, then its query in the order given, every
 * value encoded as encodeURIComponent does; an undefined or null value leaves its key out.
 */
export function apiUrl<P extends string, Q extends Query, A>(r: Route<P, Q, A, unknown>, ...args: UrlArgs<P, Q>): ApiUrl<A> {
  const hasParams = r.path.includes(':');
  const params = (hasParams ? args[0] : {}) as Record<string, string | number>;
  const query = (hasParams ? args[1] : args[0]) as Query | undefined;
  const path = r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const pairs = Object.entries(query ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== null);
  return `/api${path}${pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : ''}`;
}

/** Which route a method and an /api path name, with its parameters decoded; null for none. */
export function matchRoute(method: Method, pathname: string): { name: RouteName; params: Record<string, string> } | null {
  if (!pathname.startsWith('/api/')) return null;
  const parts = pathname.slice(4).split('/');
  for (const [name, r] of Object.entries(ROUTES) as [RouteName, Route][]) {
    if (r.method !== method) continue;
    const pattern = r.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((p, i) => {
      if (!p.startsWith(':')) return p === parts[i];
      if (!parts[i]) return false;
      params[p.slice(1)] = decodeURIComponent(parts[i]!);
      return true;
    });
    if (fits) return { name, params };
  }
  return null;
}
