// Response and request shapes of /api/compare and /api/merge. Both sides import this file (kept apart from
// api.ts so the compare/merge feature can grow without touching the core contract).
import type { BranchSummary } from './api.ts';
import type { BranchComparison } from './gcc/compare/branch-diff.ts';
import type { PartialMergeNotice } from './gcc/compare/partial-merge.ts';

export type { PartialMergeNotice };
import type { MergeCommit, MergeDialect, MergeFileKind } from './gcc/write/merge-plan.ts';
import type { BranchMetadata, OtaStep } from './types.ts';

/** At most this many of the head's steps since creation travel with a comparison (a log can hold 200,000). */
export const COMPARE_STEPS_LIMIT = 200;

export interface CompareResponse {
  head: BranchSummary;
  base: BranchSummary;
  /** `stepsSinceCreated` is cut to the last COMPARE_STEPS_LIMIT; the total is here. */
  comparison: BranchComparison;
  stepsSinceCreatedTotal: number;
  actionOnlyStepsTotal: number;
  /** Merges between these two branches that did not finish (a crash mid-merge), in plain words. */
  partialMerges: PartialMergeNotice[];
}

export interface MergeWriteView {
  kind: MergeFileKind;
  /** Relative to .GCC/. */
  file: string;
  mode: 'append' | 'replace';
  baseSize: number;
  byteLength: number;
  /** The bytes as text; bytes that are not UTF-8 (Elixir's step headers) show as U+FFFD. */
  text: string;
  /** False when `text` cannot show every byte exactly (see `text`). */
  exactText: boolean;
  previousText?: string;
}

export interface MergePreviewResponse {
  branch: string;
  target: string;
  /** The implementation whose merge this reproduces (the target's writer, else python). */
  dialect: MergeDialect;
  automaticSummary: string;
  summary: string;
  customSummary: boolean;
  commit: MergeCommit;
  copiedSteps: Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action'>[];
  sourceStepCount: number;
  sourceCommitCount: number;
  roadmapText: string | null;
  metadata: BranchMetadata | null;
  writes: MergeWriteView[];
  notes: string[];
  /** Why POST /api/merge would refuse right now (already merged, read-only …); empty when it would go ahead. */
  blockers: string[];
  /** Pass back as `expect` to POST /api/merge: it refuses (409) if any involved file changed since. */
  fingerprint: string;
}

export interface MergeRequest {
  branch: string;
  target: string;
  /** Replaces the automatic summary; blank or absent: automatic. */
  summary?: string | null;
  /** The preview's fingerprint. */
  expect?: string;
}

export type MergeWriteOutcome = 'written' | 'not-written' | 'rolled-back' | 'failed' | 'left-partial';

export interface MergeWriteReport {
  file: string;
  kind: MergeFileKind;
  outcome: MergeWriteOutcome;
  message?: string;
}

export interface MergeResponse {
  ok: true;
  branch: string;
  target: string;
  dialect: MergeDialect;
  commitId: string;
  report: MergeWriteReport[];
  /** A merge left unfinished by a crash that was rolled back (or found complete) before this one was written. */
  recovered?: string;
  /** Its entry in the merge history (what POST /api/merge/:id/undo takes); null when it could not be recorded. */
  historyId: string | null;
  /** Why it could not be recorded (the merge stands, but cannot be undone from the page). */
  historyProblem?: string;
}

/** A merge that failed after it started writing: what is on disk now. */
export interface MergeFailureResponse {
  error: string;
  report: MergeWriteReport[];
}

/** A merge gcc-studio made (GET /api/merge/history), newest last, and whether it can be undone now. */
export interface MergeHistoryEntry {
  id: string;
  /** When it was made (ISO, UTC). */
  at: string;
  branch: string;
  target: string;
  dialect: MergeDialect;
  commitId: string;
  /** The files it wrote, in the order it wrote them. */
  files: { file: string; kind: MergeFileKind; mode: 'append' | 'replace' }[];
  /** When it was undone; absent while it stands. */
  undoneAt?: string;
  /** Whether POST /api/merge/:id/undo would put the files back now, and if not, why (absent once undone). */
  undo?: { possible: true } | { possible: false; reason: string };
}

export interface MergeHistoryResponse {
  entries: MergeHistoryEntry[];
}

/** POST /api/merge/:id/undo: the files are as they were before the merge, byte for byte. */
export interface MergeUndoResponse {
  ok: true;
  id: string;
  branch: string;
  target: string;
  /** The files put back, in the order they were put back. */
  files: string[];
  /** A merge or undo left unfinished by a crash, resolved before this undo. */
  recovered?: string;
}
