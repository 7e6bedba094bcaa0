// The read routes' answers with each record's version beside it (`version` on commits and steps, `metadataVersion`
// on branch summaries), so a script can send an edit made from what it read. Additive fields only; the page computes
// the same values itself for records that arrive over the live stream (shared/gcc/write/edit-version.ts).
import type { BranchSummary } from '../../shared/api.ts';
import { commitVersion, metadataVersion, stepVersion } from '../../shared/gcc/write/edit-version.ts';
import type { WorkspaceView } from '../live/index.ts';

const withMetadataVersion = (s: BranchSummary): BranchSummary & { metadataVersion: string | null } => ({
  ...s,
  metadataVersion: s.metadata ? metadataVersion(s.metadata) : null,
});

export function withRecordVersions<V extends WorkspaceView>(view: V): V {
  return Object.assign(Object.create(view) as V, {
    workspace: () => {
      const ws = view.workspace();
      return { ...ws, branches: ws.branches.map(withMetadataVersion) };
    },
    branch: (name: string) => {
      const b = view.branch(name);
      return b && { ...b, branch: withMetadataVersion(b.branch), commits: b.commits.map((c) => ({ ...c, version: commitVersion(c) })) };
    },
    steps: (name: string, from: number, limit: number) => {
      const page = view.steps(name, from, limit);
      return page && { ...page, steps: page.steps.map((s) => ({ ...s, version: stepVersion(s) })) };
    },
  });
}
