import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BranchResponse } from '../../../shared/api.ts';
import type { Commit } from '../../../shared/types.ts';
import { branchOptions, workspaceOptions } from '../../api/queries.ts';
import { BranchGraph } from './BranchGraph.tsx';
import { layoutGraph } from './layout.ts';
import { useSelectedBranch } from '../../state/useSelection.ts';
import { useUrlState } from '../../state/useUrlState.ts';

// Stable, so TanStack can memoise the combined result and the layout only reruns when some commits changed.
function combineCommits(results: UseQueryResult<BranchResponse>[]): Record<string, Commit[]> {
  const out: Record<string, Commit[]> = {};
  for (const r of results) if (r.data) out[r.data.branch.name] = r.data.commits;
  return out;
}

export function GraphPanel() {
  const { data } = useQuery(workspaceOptions());
  const branches = data?.branches;
  const commits = useQueries({ queries: (branches ?? []).map((b) => branchOptions(b.name)), combine: combineCommits });
  const layout = useMemo(() => layoutGraph({ branches: branches ?? [], commits }), [branches, commits]);
  const { name: selected } = useSelectedBranch();
  const [url, setUrl] = useUrlState();
  const selectedCommit = useMemo(() => {
    if (!selected || !url.commit) return null;
    const i = commits[selected]?.findIndex((c) => c.commitId === url.commit) ?? -1;
    return i === -1 ? null : `${selected}@${i}`;
  }, [commits, selected, url.commit]);
  return (
    <section className="panel graph-panel" aria-label="Branch graph">
      <BranchGraph
        layout={layout}
        selectedBranch={selected}
        selectedNode={selectedCommit}
        onSelectBranch={(branch) => setUrl({ branch, step: null, commit: null }, 'push')}
        onSelectCommit={(branch, commitId) => setUrl({ branch, tab: 'commits', commit: commitId, step: null }, 'push')}
      />
    </section>
  );
}
