// Which branch the page shows: the URL's, else main, else the first one.
import { useQuery } from '@tanstack/react-query';
import type { BranchSummary } from '../../shared/api.ts';
import { workspaceOptions } from '../api/queries.ts';
import { useUrlValue } from './useUrlState.ts';

export function pickBranch(branches: readonly BranchSummary[], wanted: string | null): string | null {
  if (wanted && branches.some((b) => b.name === wanted)) return wanted;
  if (wanted && branches.length === 0) return wanted;
  return branches.find((b) => b.name === 'main')?.name ?? branches[0]?.name ?? wanted;
}

export function useSelectedBranch(): { name: string | null; summary: BranchSummary | null } {
  const wanted = useUrlValue((u) => u.branch);
  const { data } = useQuery(workspaceOptions());
  const branches = data?.branches ?? [];
  const name = pickBranch(branches, wanted);
  return { name, summary: branches.find((b) => b.name === name) ?? null };
}
