// The workspace's branches and every branch's commits (one query each, kept live by the cache updates), made into
// the graph model with the view's filters. The full view and the minimap share it through TanStack's cache.
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BranchResponse, BranchSummary } from '../../../shared/api.ts';
import type { Commit } from '../../../shared/types.ts';
import { branchOptions, workspaceOptions } from '../../api/queries.ts';
import { buildGraphModel, type GraphFilters, type GraphModel } from './graphModel.ts';
import { useGraphState } from './graphStore.ts';

// Stable, so TanStack can memoise the combined result and the layout only reruns when some commits changed.
function combineCommits(results: UseQueryResult<BranchResponse>[]): Record<string, Commit[]> {
  const out: Record<string, Commit[]> = {};
  for (const r of results) if (r.data) out[r.data.branch.name] = r.data.commits;
  return out;
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

/** `complete`: every branch's commits are in (until then the model grows as the answers come). */
export function useGraphModel(): { model: GraphModel; complete: boolean } {
  const { data } = useQuery(workspaceOptions());
  const branches = data?.branches ?? NO_BRANCHES;
  const commits = useQueries({ queries: branches.map((b) => branchOptions(b.name)), combine: combineCommits });
  const filters = useGraphState((s) => s.filters);
  const model = useMemo(() => {
    if (last && last.branches === branches && last.filters === filters && sameCommits(last.commits, commits)) return last.model;
    const built = buildGraphModel({ branches, commits }, filters, Date.now());
    last = { branches, commits, filters, model: built };
    return built;
  }, [branches, commits, filters]);
  return { model, complete: Object.keys(commits).length === branches.length };
}

const NO_BRANCHES: readonly BranchSummary[] = [];
