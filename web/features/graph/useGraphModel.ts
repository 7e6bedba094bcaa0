// The workspace's branches and every branch's commits (one query for all of them, kept live by the cache updates),
// made into the graph model with the view's filters. The full view and the minimap share it through TanStack's cache.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { graphCommitsOptions, keys, workspaceOptions, type GraphCommits } from '../../api/queries.ts';
import { useUrlValue } from '../../state/useUrlState.ts';
import { buildGraphModel, type GraphFilters, type GraphModel } from './graphModel.ts';
import { useGraphState } from './graphStore.ts';

interface Built {
  branches: readonly BranchSummary[];
  commits: GraphCommits;
  filters: GraphFilters;
  compact: boolean;
  model: GraphModel;
}

// The full view and the minimap are both on screen: the last model is kept so the second asks for it, not for a
// second layout. Same inputs: the same workspace answer, the same commits answer, the same filters and rows.
let last: Built | null = null;

export interface GraphModelState {
  /** null until the commits of every branch have been answered once. */
  model: GraphModel | null;
  /** How many branches the workspace has (the loading view says so). */
  total: number;
  /** The commits answer is in: the model is the workspace as it is now. */
  complete: boolean;
  /** Why the commits could not be loaded, if they could not. */
  error: Error | null;
}

export function useGraphModel(): GraphModelState {
  const { data } = useQuery(workspaceOptions());
  const branches = data?.branches ?? NO_BRANCHES;
  const { data: commits, error } = useQuery(graphCommitsOptions());
  useCatchUp(data?.revision, branches, commits);
  const filters = useGraphState((s) => s.filters);
  const compact = useUrlValue((u) => u.graph === 'compact');
  const complete = data !== undefined && commits !== undefined;
  const model = useMemo(() => {
    if (last && last.branches === branches && last.filters === filters && last.commits === commits && last.compact === compact) return last.model;
    if (!commits || data === undefined) return null;
    const built = buildGraphModel({ branches, commits, ...(compact ? { compact } : {}) }, filters, Date.now());
    last = { branches, commits, filters, compact, model: built };
    return built;
  }, [branches, commits, filters, compact, data]);
  return { model, total: branches.length, complete, error };
}

/**
 * Commits appended while the answer was on its way (the live stream patches only an answer it holds) leave a branch
 * with fewer commits than its live summary counts: ask again, once a workspace revision, so a lasting difference can
 * never make a loop.
 */
function useCatchUp(revision: number | undefined, branches: readonly BranchSummary[], commits: GraphCommits | undefined): void {
  const client = useQueryClient();
  const askedAt = useRef<number | null>(null);
  useEffect(() => {
    if (revision === undefined || !commits || askedAt.current === revision) return;
    if (!branches.some((b) => (commits[b.name]?.length ?? 0) < b.commitCount)) return;
    askedAt.current = revision;
    void client.invalidateQueries({ queryKey: keys.graphCommits(), exact: true });
  }, [client, revision, branches, commits]);
}

const NO_BRANCHES: readonly BranchSummary[] = [];
