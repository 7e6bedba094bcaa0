// The contract of a hand edit, shared by the page and the server: what may be edited, the bodies of the edit routes and
// the entries of the edit history. Types and small helpers only, so the page bundles no parser to know a field's name.
import type { BranchMetadata, Commit, OtaStep } from '../../types.ts';
import type { RoadmapPart } from './edit-roadmap.ts';
import type { MisreadReport } from '../dialects/misread.ts';

export type { RoadmapPart } from './edit-roadmap.ts';
export { commitVersion, metadataVersion, roadmapPartVersion, stepVersion } from './edit-version.ts';

export type CommitField = 'branchPurpose' | 'previousProgressSummary' | 'thisCommitContribution';
export type StepField = 'observation' | 'thought' | 'action';
export const COMMIT_FIELDS: readonly CommitField[] = ['branchPurpose', 'previousProgressSummary', 'thisCommitContribution'];
export const STEP_FIELDS: readonly StepField[] = ['observation', 'thought', 'action'];

export type MetadataField = 'purpose' | 'status';
export const METADATA_FIELDS: readonly MetadataField[] = ['purpose', 'status'];
/** Statuses a user may set; `merged` is left to merges (it goes with merged_into / merged_at). */
export const EDITABLE_STATUSES = ['active', 'abandoned'] as const;

/** What a page or script sends is normalised the way a textarea and the writers agree on: LF, no trailing blanks. */
export function normalizeEditText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

/** Which record an edit is about. Positions are stable: agents only append. */
export type EditTarget =
  | { kind: 'commit'; branch: string; index: number; commitId: string }
  | { kind: 'step'; branch: string; index: number; step: number }
  | { kind: 'metadata'; branch: string }
  | { kind: 'roadmap'; index: number };

/** One key per record, e.g. `commit:main:3`; the page marks edited records by it. */
export function targetKey(t: EditTarget): string {
  switch (t.kind) {
    case 'commit':
      return `commit:${t.branch}:${t.index}`;
    case 'step':
      return `step:${t.branch}:${t.index}`;
    case 'metadata':
      return `metadata:${t.branch}`;
    case 'roadmap':
      return `roadmap:${t.index}`;
  }
}

/** Body of PATCH /api/branches/:name/commits/:index. */
export interface CommitEditRequest {
  /** Must still be the commit's id (a guard against a rewritten file). */
  commitId: string;
  version: string;
  fields: Partial<Record<CommitField, string>>;
  /**
   * Also set the next commit's Previous Progress Summary to the new contribution (Contexa filled it from this one),
   * provided that commit is still at `version`.
   */
  carryToNext?: { version: string };
}

/** Body of PATCH /api/branches/:name/steps/:index. */
export interface StepEditRequest {
  step: number;
  version: string;
  fields: Partial<Record<StepField, string>>;
}

/** Body of PATCH /api/branches/:name/metadata. */
export interface MetadataEditRequest {
  version: string;
  fields: Partial<Record<MetadataField, string>>;
}

/** Body of PUT /api/roadmap/parts/:index. */
export interface RoadmapEditRequest {
  version: string;
  text: string;
}

/** One record's change inside a history entry. */
export interface RecordChange {
  target: EditTarget;
  /** The edited fields' values before and after (only those that changed). */
  before: Record<string, string>;
  after: Record<string, string>;
  versionBefore: string;
  versionAfter: string;
}

/** One saved edit (or undo), as kept in the history file. */
export interface EditEntry {
  id: string;
  /** ISO time of the save. */
  at: string;
  /** File relative to .GCC/. */
  file: string;
  changes: RecordChange[];
  /** Set on an undo: the id of the entry it reverted. */
  undoes?: string;
}

/** 200 answer of every edit route (and of undo). `changed` false: the text was already so, nothing was written. */
export interface EditResponse<T> {
  changed: boolean;
  records: (T & { version: string })[];
  entry: EditEntry | null;
}

export type CommitEditResponse = EditResponse<Commit>;
export type StepEditResponse = EditResponse<OtaStep>;
export type MetadataEditResponse = EditResponse<BranchMetadata>;

/**
 * Whether a branch's metadata.yaml could be saved now, asked before an edit is offered (the status menu, as it opens):
 * `problem` is why the save would be refused, null if it would be tried. Its refusal would say `${path} ${reason}`.
 */
export interface MetadataWriteCheckResponse {
  file: string;
  problem: SaveProblem | null;
}

/** What stands in the way (the file, or its branch folder) and why, in the words of the refusal. */
export interface SaveProblem {
  path: string;
  reason: string;
}
export type RoadmapEditResponse = EditResponse<RoadmapPart>;

/** 409 answer: the record as it is on disk now, to show beside the draft. */
export interface EditConflictResponse {
  error: string;
  conflict: { target: EditTarget; current: unknown; version: string };
}

/** 422 answer when Contexa's readers would misread the text: what each reads, and the safe form of each value. */
export interface EditMisreadResponse {
  error: string;
  misread: MisreadReport;
}

/** GET /api/roadmap. */
export interface RoadmapResponse {
  parts: RoadmapPart[];
}

/** GET /api/edits. Oldest first. */
export interface EditHistoryResponse {
  entries: EditEntry[];
}

/** Longest value accepted for one field (bytes of UTF-8); bodies are capped a little above the sum. */
export const MAX_FIELD_BYTES = 256 * 1024;
export const MAX_EDIT_BODY_BYTES = 4 * MAX_FIELD_BYTES;
