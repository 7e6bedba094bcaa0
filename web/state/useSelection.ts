// Which branch the page shows: the URL's, else main, else the first one (and that the URL's was not there).
import { useQuery } from '@tanstack/react-query';
import type { BranchSummary } from '../../shared/api.ts';
import { workspaceOptions } from '../api/queries.ts';
import { useUrlValue } from './useUrlState.ts';

export function pickBranch(branches: readonly BranchSummary[], wanted: string | null): string | null {
  if (wanted && branches.some((b) => b.name === wanted)) return wanted;
  if (wanted && branches.length === 0) return wanted;
  return branches.find((b) => b.name === 'main')?.name ?? branches[0]?.name ?? wanted;
}

/** The branch shown, and `missing`: the URL's branch when the workspace has none by that name (another is shown). */
export function useSelectedBranch(): { name: string | null; summary: BranchSummary | null; missing: string | null } {
  const wanted = useUrlValue((u) => u.branch);
  const { data } = useQuery(workspaceOptions());
  const branches = data?.branches ?? [];
  const name = pickBranch(branches, wanted);
  return { name, summary: branches.find((b) => b.name === name) ?? null, missing: wanted !== null && name !== wanted ? wanted : null };
}
