// The memory an exported page carries (`gcc-studio export --html`): built by the command, read by the page in place
// of a server.
import type { BranchResponse, ContextResponse, WorkspaceResponse } from './api.ts';
import type { MomentInfo } from './timeline-api.ts';
import type { OtaStep } from './types.ts';

export interface PageSnapshot {
  /** When it was exported, and the moment it shows (null: the memory as it was at export). */
  exportedAt: string;
  moment: MomentInfo | null;
  workspace: WorkspaceResponse;
  /** Each branch's answer, all its steps, and its CONTEXT by snapshotContextKey. */
  branches: Record<string, { branch: BranchResponse; steps: OtaStep[]; contexts: Record<string, ContextResponse> }>;
}

/** The key of a CONTEXT answer in a snapshot. */
export const snapshotContextKey = (k: number, dialect: string): string => `${k}:${dialect}`;
