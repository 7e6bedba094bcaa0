// Query keys and queryOptions factories for every API call. Components call useQuery(xOptions(…)); the
// live-update hook patches exactly these keys. Everything sits under 'gcc' so a resync can refetch it all.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MergeRequest } from '../../shared/compare-api.ts';
import type { CommitBrief } from '../../shared/api.ts';
import type { ContextDialect } from '../../shared/types.ts';
import { api, retryOnce } from './client.ts';

/** Steps are fetched and cached in pages of this many; a 200,000-step log is never downloaded whole. */
export const STEPS_PAGE_SIZE = 200;

export const keys = {
  all: ['gcc'] as const,
  workspace: () => ['gcc', 'workspace'] as const,
  branch: (name: string) => ['gcc', 'branch', name] as const,
  /** Every branch's commits at once, for the graph. */
  graphCommits: () => ['gcc', 'graph-commits'] as const,
  stepsOf: (name: string) => ['gcc', 'steps', name] as const,
  stepsPage: (name: string, page: number) => ['gcc', 'steps', name, page] as const,
  contexts: () => ['gcc', 'context'] as const,
  contextOf: (name: string) => ['gcc', 'context', name] as const,
  context: (name: string, k: number, dialect: ContextDialect) => ['gcc', 'context', name, k, dialect] as const,
  searches: () => ['gcc', 'search'] as const,
  search: (q: string, limit: number) => ['gcc', 'search', q, limit] as const,
  compares: () => ['gcc', 'compare'] as const,
  /** `revision`: the workspace revision the answer is for (compare and preview are recomputed as files change). */
  compare: (head: string, base: string | null, revision: number) => ['gcc', 'compare', head, base, revision] as const,
  mergePreviews: () => ['gcc', 'merge-preview'] as const,
  mergePreview: (branch: string, target: string, summary: string, revision: number) => ['gcc', 'merge-preview', branch, target, summary, revision] as const,
  mergeHistories: () => ['gcc', 'merge-history'] as const,
  mergeHistory: (branch: string, revision: number) => ['gcc', 'merge-history', branch, revision] as const,
  authorsAll: () => ['gcc', 'authors'] as const,
  authors: (branch: string) => ['gcc', 'authors', branch] as const,
  /** Not under 'gcc': a workspace's resync never refetches the fleet. */
  fleet: () => ['fleet'] as const,
};

/** A query asked again as the workspace moves: its last answer stays on screen meanwhile, kept 30 s after no view shows it. */
export const RECOMPUTED = { placeholderData: keepPreviousData, gcTime: 30_000 } as const;

/** Two agents' memories compared; asked again when either row's version moves (the caller puts them in `versions`). */
export function fleetCompareOptions(a: string, b: string, branch: string, otherBranch: string, k: number, versions: string) {
  return queryOptions({ queryKey: ['fleet-compare', a, b, branch, otherBranch, k, versions] as const, queryFn: ({ signal }) => api.fleetCompare(a, b, branch, otherBranch, k, signal), retry: retryOnce, placeholderData: keepPreviousData });
}

/** The fleet's rows (or `single` on a single-workspace server); kept live by useFleetLive, never refetched by itself. */
export function fleetOptions() {
  return queryOptions({ queryKey: keys.fleet(), queryFn: ({ signal }) => api.fleet(signal), staleTime: Infinity });
}

/**
 * The moment a query client reads at: a travelling page's views sit under a client of their own whose default
 * `meta.at` names the moment (features/timeline), read when the query runs, so the same keys and factories serve now
 * and then, and the live stream, which patches only the live client, never moves a travelling page.
 */
export const momentOf = (client: QueryClient): string | undefined => {
  const at = client.getDefaultOptions().queries?.meta?.['at'];
  return typeof at === 'string' ? at : undefined;
};

/** Which client wrote each of the branch's records that came through gcc-studio; kept live by `authors-changed`. */
export function authorsOptions(branch: string) {
  return queryOptions({ queryKey: keys.authors(branch), queryFn: ({ signal }) => api.authors(branch, signal), staleTime: Infinity });
}

export function workspaceOptions() {
  return queryOptions({ queryKey: keys.workspace(), queryFn: ({ signal, client }) => api.workspace(signal, momentOf(client)) });
}

export function branchOptions(name: string) {
  return queryOptions({ queryKey: keys.branch(name), queryFn: ({ signal, client }) => api.branch(name, signal, momentOf(client)) });
}

/** Commits in brief by branch name (appended ones arrive whole: a Commit is a CommitBrief). */
export type GraphCommits = Record<string, CommitBrief[]>;

/**
 * Every branch's commits in one request, for the graph (a request per branch was 500 on a big workspace, six at a
 * time, and 500 queries to observe); cacheUpdates.ts keeps it live.
 */
export function graphCommitsOptions() {
  return queryOptions({
    queryKey: keys.graphCommits(),
    queryFn: async ({ signal, client }): Promise<GraphCommits> => {
      const answer = await api.commits(signal, momentOf(client));
      return Object.fromEntries(answer.branches.map((b) => [b.name, b.commits]));
    },
  });
}

export function stepsPageOptions(name: string, page: number) {
  return queryOptions({
    queryKey: keys.stepsPage(name, page),
    queryFn: ({ signal, client }) => api.steps(name, page * STEPS_PAGE_SIZE, STEPS_PAGE_SIZE, signal, momentOf(client)),
    // Pages far from the viewport are dropped after a while so a long session on a huge log stays small.
    gcTime: 60_000,
  });
}

export function contextOptions(name: string, k: number, dialect: ContextDialect) {
  return queryOptions({
    queryKey: keys.context(name, k, dialect),
    queryFn: ({ signal, client }) => api.context(name, k, dialect, signal, momentOf(client)),
    placeholderData: (previous) => previous,
  });
}

/** Search across all branches, on the server (which holds every step; the page never downloads whole logs). */
export function searchOptions(q: string, limit: number) {
  return queryOptions({
    queryKey: keys.search(q, limit),
    enabled: q.trim() !== '',
    queryFn: ({ signal }) => api.search(q, limit, signal),
    placeholderData: (previous) => previous,
    staleTime: 5_000,
  });
}

export function compareOptions(head: string, base: string | null, revision: number) {
  return queryOptions({
    queryKey: keys.compare(head, base, revision),
    queryFn: ({ signal }) => api.compare(head, base, signal),
    ...RECOMPUTED,
  });
}

export function mergePreviewOptions(branch: string, target: string, summary: string, revision: number) {
  return queryOptions({
    queryKey: keys.mergePreview(branch, target, summary, revision),
    queryFn: ({ signal }) => api.mergePreview(branch, target, summary, signal),
    ...RECOMPUTED,
  });
}

/** The merges gcc-studio made of or into a branch, judged undoable or not as the files are at `revision`. */
export function mergeHistoryOptions(branch: string, revision: number) {
  return queryOptions({
    queryKey: keys.mergeHistory(branch, revision),
    queryFn: ({ signal }) => api.mergeHistory(branch, signal),
    placeholderData: (previous) => previous,
    gcTime: 30_000,
  });
}

/** What a merge or its undo makes stale here (the files it writes also come back over the live stream). */
const afterMergeWrite = (client: QueryClient) =>
  Promise.all([keys.compares(), keys.mergePreviews(), keys.mergeHistories()].map((queryKey) => client.invalidateQueries({ queryKey })));

/** POST /api/merge. */
export function mergeMutationOptions(client: QueryClient) {
  return mutationOptions({
    mutationFn: (request: MergeRequest) => api.merge(request),
    onSettled: () => afterMergeWrite(client),
  });
}

/** POST /api/merge/:id/undo. */
export function undoMergeMutationOptions(client: QueryClient) {
  return mutationOptions({
    mutationFn: (id: string) => api.undoMerge(id),
    onSettled: () => afterMergeWrite(client),
  });
}
