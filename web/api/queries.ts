// Query keys and queryOptions factories for every API call. Components call useQuery(xOptions(…)); the
// live-update hook patches exactly these keys. Everything sits under 'gcc' so a resync can refetch it all.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { StepsPage } from '../../shared/api.ts';
import type { ContextDialect, OtaStep } from '../../shared/types.ts';
import { ApiError, api, type SearchResponse } from './client.ts';
import { searchRecords, type SearchableBranch } from '../lib/searchRecords.ts';
import type { SearchMatch } from './client.ts';

/** Steps are fetched and cached in pages of this many; a 200,000-step log is never downloaded whole. */
export const STEPS_PAGE_SIZE = 200;

export const keys = {
  all: ['gcc'] as const,
  workspace: () => ['gcc', 'workspace'] as const,
  branch: (name: string) => ['gcc', 'branch', name] as const,
  stepsOf: (name: string) => ['gcc', 'steps', name] as const,
  stepsPage: (name: string, page: number) => ['gcc', 'steps', name, page] as const,
  contexts: () => ['gcc', 'context'] as const,
  contextOf: (name: string) => ['gcc', 'context', name] as const,
  context: (name: string, k: number, dialect: ContextDialect) => ['gcc', 'context', name, k, dialect] as const,
  searches: () => ['gcc', 'search'] as const,
  search: (q: string, limit: number) => ['gcc', 'search', q, limit] as const,
};

export function workspaceOptions() {
  return queryOptions({ queryKey: keys.workspace(), queryFn: ({ signal }) => api.workspace(signal) });
}

export function branchOptions(name: string) {
  return queryOptions({ queryKey: keys.branch(name), queryFn: ({ signal }) => api.branch(name, signal) });
}

export function stepsPageOptions(name: string, page: number) {
  return queryOptions({
    queryKey: keys.stepsPage(name, page),
    queryFn: ({ signal }) => api.steps(name, page * STEPS_PAGE_SIZE, STEPS_PAGE_SIZE, signal),
    // Pages far from the viewport are dropped after a while so a long session on a huge log stays small.
    gcTime: 60_000,
  });
}

export function contextOptions(name: string, k: number, dialect: ContextDialect) {
  return queryOptions({
    queryKey: keys.context(name, k, dialect),
    queryFn: ({ signal }) => api.context(name, k, dialect, signal),
    placeholderData: (previous) => previous,
  });
}

/**
 * Search across all branches. Uses `GET /api/search` when the server has it; until then (404) it searches the
 * commits and the step pages the page can load itself, marking the answer `local`.
 */
export function searchOptions(q: string, limit: number, client: QueryClient) {
  return queryOptions({
    queryKey: keys.search(q, limit),
    enabled: q.trim() !== '',
    queryFn: async ({ signal }): Promise<SearchResponse> => {
      try {
        return await api.search(q, limit, signal);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          return { matches: await searchLoaded(client, q, limit), local: true };
        }
        throw err;
      }
    },
    placeholderData: (previous) => previous,
    staleTime: 5_000,
  });
}

/** Logs up to this long are loaded whole for the page's own search; longer ones are searched in the pages already seen. */
const LOCAL_SEARCH_MAX_STEPS = 5_000;

async function searchLoaded(client: QueryClient, q: string, limit: number): Promise<SearchMatch[]> {
  const ws = await client.ensureQueryData(workspaceOptions());
  const branches: SearchableBranch[] = await Promise.all(
    ws.branches.map(async (summary) => {
      const branch = await client.ensureQueryData(branchOptions(summary.name));
      if (summary.stepCount <= LOCAL_SEARCH_MAX_STEPS) {
        const pages = Math.ceil(summary.stepCount / STEPS_PAGE_SIZE);
        await Promise.all(Array.from({ length: pages }, (_, p) => client.ensureQueryData(stepsPageOptions(summary.name, p))));
      }
      const steps: [number, OtaStep][] = [];
      for (const [, page] of client.getQueriesData<StepsPage>({ queryKey: keys.stepsOf(summary.name) })) {
        page?.steps.forEach((s, i) => steps.push([page.from + i, s]));
      }
      return { name: summary.name, commits: branch.commits, steps };
    }),
  );
  return searchRecords(q, branches, limit);
}
