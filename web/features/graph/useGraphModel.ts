// The workspace's branches and every branch's commits (one query each, kept live by the cache updates), made into
// the graph model with the view's filters. The full view and the minimap share it through TanStack's cache.
//
// The model is built once every branch's answer has settled, not once an answer: at 500 branches the answers arrive
// one by one, and a layout each time would be 500 layouts. Until then the last model stays (a new branch's first
// answer, a refetch), or, on the first load, there is none and the view says how far the loading is.
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BranchResponse, BranchSummary } from '../../../shared/api.ts';
import type { Commit } from '../../../shared/types.ts';
import { branchOptions, workspaceOptions } from '../../api/queries.ts';
import { buildGraphModel, type GraphFilters, type GraphModel } from './graphModel.ts';
import { useGraphState } from './graphStore.ts';

interface Combined {
  commits: Record<string, Commit[]>;
  /** Queries with an answer or an error. */
  settled: number;
}

// Stable, so TanStack can memoise the combined result and the layout only reruns when some commits changed.
function combineCommits(results: UseQueryResult<BranchResponse>[]): Combined {
  const commits: Record<string, Commit[]> = {};
  let settled = 0;
  for (const r of results) {
    if (r.data) commits[r.data.branch.name] = r.data.commits;
    if (r.data || r.error) settled++;
  }
  return { commits, settled };
}

interface Built {
  branches: readonly BranchSummary[];
  commits: Record<string, Commit[]>;
  filters: GraphFilters;
  model: GraphModel;
}

// The full view and the minimap are both on screen: the last model is kept so the second asks for it, not for a
// second layout. Same inputs: the same workspace answer, the same commit arrays from the cache, the same filters.
let last: Built | null = null;

function sameCommits(a: Record<string, Commit[]>, b: Record<string, Commit[]>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

export interface GraphModelState {
  /** null until every branch's commits have been answered once. */
  model: GraphModel | null;
  loaded: number;
  total: number;
  /** Every branch's query has settled: the model is the workspace as it is now. */
  complete: boolean;
}

export function useGraphModel(): GraphModelState {
  const { data } = useQuery(workspaceOptions());
  const branches = data?.branches ?? NO_BRANCHES;
  const { commits, settled } = useQueries({ queries: branches.map((b) => branchOptions(b.name)), combine: combineCommits });
  const filters = useGraphState((s) => s.filters);
  const complete = data !== undefined && settled === branches.length;
  const model = useMemo(() => {
    if (last && last.branches === branches && last.filters === filters && sameCommits(last.commits, commits)) return last.model;
    if (!complete) return last && last.filters === filters ? last.model : null;
    const built = buildGraphModel({ branches, commits }, filters, Date.now());
    last = { branches, commits, filters, model: built };
    return built;
  }, [branches, commits, filters, complete]);
  return { model, loaded: settled, total: branches.length, complete };
}

const NO_BRANCHES: readonly BranchSummary[] = [];
