// What the store knows of the workspace, and the answers the routes read from it. Nothing here reads the disk or
// publishes: workspace-refresh.ts changes it.
import type { BranchResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { Diagnostic } from '../../shared/types.ts';
import type { BranchEntry } from './branch-entry.ts';

/** What the workspace response shows besides the model: set by the store's options and the bus. */
export interface WorkspaceShown {
  root: string;
  readOnly: boolean;
  /** Read from a git ref (WorkspaceResponse.source). */
  fromGit?: boolean;
  revision: number;
}

export class WorkspaceModel {
  present = false;
  roadmap = '';
  roadmapDiagnostics: Diagnostic[] = [];
  listingDiagnostics: Diagnostic[] = [];
  readonly branches = new Map<string, BranchEntry>();
  /** `.GCC/.lock` exists: a little evidence for the writers that keep their flock file. */
  lockFile = false;
  private lastDiagnosticsKey = '';

  allDiagnostics(): Diagnostic[] {
    const out = [...this.listingDiagnostics, ...this.roadmapDiagnostics];
    for (const b of this.branches.values()) out.push(...b.diagnostics());
    return out;
  }

  sortedBranches(): BranchEntry[] {
    return [...this.branches.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Every diagnostic, when they differ from the ones this last returned; null when they are the same. */
  takeDiagnosticsChange(): Diagnostic[] | null {
    const diagnostics = this.allDiagnostics();
    const key = JSON.stringify(diagnostics);
    if (key === this.lastDiagnosticsKey) return null;
    this.lastDiagnosticsKey = key;
    return diagnostics;
  }

  /** .GCC/ is gone: no branches, no roadmap, nothing to diagnose. */
  forget(): void {
    this.present = false;
    this.branches.clear();
    this.roadmap = '';
    this.roadmapDiagnostics = [];
    this.listingDiagnostics = [];
  }

  workspace(shown: WorkspaceShown): WorkspaceResponse {
    return {
      present: this.present,
      root: shown.root,
      readOnly: shown.readOnly,
      ...(shown.fromGit ? { source: 'git' as const } : {}),
      revision: shown.revision,
      roadmap: { text: this.roadmap },
      branches: this.sortedBranches().map((b) => b.summary()),
      diagnostics: this.allDiagnostics(),
    };
  }

  branch(name: string): BranchResponse | null {
    const b = this.branches.get(name);
    return b ? { branch: b.summary(), commits: b.commits.records } : null;
  }

  steps(name: string, from: number, limit: number): StepsPage | null {
    const b = this.branches.get(name);
    if (!b) return null;
    return { branch: name, from, total: b.log.records.length, steps: b.log.records.slice(from, from + limit) };
  }
}
