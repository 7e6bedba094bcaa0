// The memory an exported page carries (`gcc-studio export --html`): built by the command, read by the page in place
// of a server. A fleet's export holds one such memory per workspace.
import type { BranchResponse, ContextResponse, WorkspaceResponse } from './api.ts';
import type { FleetResponse } from './fleet/fleet-api.ts';
import type { EditEntry } from './gcc/write/edit.ts';
import type { MomentInfo } from './timeline-api.ts';
import type { OtaStep } from './types.ts';

export interface PageSnapshot {
  /** When it was exported, and the moment it shows (null: the memory as it was at export). */
  exportedAt: string;
  moment: MomentInfo | null;
  workspace: WorkspaceResponse;
  /** Each branch's answer, all its steps, and its CONTEXT by snapshotContextKey. */
  branches: Record<string, { branch: BranchResponse; steps: OtaStep[]; contexts: Record<string, ContextResponse> }>;
  /** The hand edits saved up to the moment (their "edited" marks); absent in files exported before they were kept. */
  edits?: EditEntry[];
}

/** `export ROOT --html` of a fleet: its rows, and each workspace's memory by its id (`?ws=`). */
export interface FleetSnapshot {
  exportedAt: string;
  fleet: FleetResponse;
  workspaces: Record<string, PageSnapshot>;
}

export type ExportedFile = PageSnapshot | FleetSnapshot;

export const isFleetSnapshot = (file: ExportedFile): file is FleetSnapshot => 'fleet' in file;

/** The key of a CONTEXT answer in a snapshot. */
export const snapshotContextKey = (k: number, dialect: string): string => `${k}:${dialect}`;
