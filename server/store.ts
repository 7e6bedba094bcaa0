// The parsed workspace in memory (records, not file copies), kept current by apply(paths): each changed file is read
// from where the last read stopped, and what changed goes out on the bus as precise events.
import type { BranchResponse, ContextResponse, StepsPage, WorkspaceResponse } from '../shared/api.ts';
import type { ContextDialect } from '../shared/types.ts';

/** What the routes read. */
export interface WorkspaceView {
  workspace(): WorkspaceResponse;
  branch(name: string): BranchResponse | null;
  steps(name: string, from: number, limit: number): StepsPage | null;
  /** `dialect` null: the branch's own dialect when it is one we render exactly, else python. */
  context(name: string, k: number, dialect: ContextDialect | null): (ContextResponse & { tokensByK?: number[] }) | null;
}
