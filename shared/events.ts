// The wire contract of the live stream (GET /api/events). Every frame's SSE `id` is the event's `id`,
// the workspace revision after the change. Both sides import this file; nothing else defines event shapes.
import type { BranchSummary } from './api.ts';
import type { EditEntry } from './gcc/write/edit.ts';
import type { Commit, Diagnostic, OtaStep } from './types.ts';

export type StudioEvent =
  /** Steps appended to a branch's log; `from` is the index of the first new step. */
  | { type: 'steps-appended'; id: number; branch: string; from: number; steps: OtaStep[] }
  /** Commits appended to a branch's commit.md; `from` is the index of the first new commit. */
  | { type: 'commits-appended'; id: number; branch: string; from: number; commits: Commit[] }
  /** A file was rewritten, truncated or changed before its last offset: refetch that branch. */
  | { type: 'branch-reloaded'; id: number; branch: string; summary: BranchSummary }
  /** metadata.yaml changed (status, purpose, merged_into …). */
  | { type: 'metadata-changed'; id: number; branch: string; summary: BranchSummary }
  | { type: 'branch-added'; id: number; branch: string; summary: BranchSummary }
  | { type: 'branch-removed'; id: number; branch: string }
  | { type: 'roadmap-changed'; id: number; text: string }
  | { type: 'diagnostics-changed'; id: number; diagnostics: Diagnostic[] }
  /** A hand edit (or undo) was saved; the file's own change comes as `branch-reloaded`/`metadata-changed`/`roadmap-changed`. */
  | { type: 'record-edited'; id: number; entry: EditEntry }
  /** Who wrote what through gcc-studio changed (`.gcc-studio/authors.jsonl`, any process): refetch the marks. */
  | { type: 'authors-changed'; id: number }
  /** .GCC/ appeared or disappeared: refetch everything. */
  | { type: 'workspace-reset'; id: number; present: boolean }
  /**
   * Events this client should have had are gone: its Last-Event-ID is older than the replay ring or from another
   * server process, or it read too slowly and its backlog passed the server's bound (the queue was dropped for this).
   * `branches`: what was dropped changed only these branches (refetch them and the workspace summary); absent:
   * anything may have changed (refetch everything).
   */
  | { type: 'resync'; id: number; branches?: string[] };

export type StudioEventType = StudioEvent['type'];

/** Events that change one branch's records or summary; every other changes the workspace as a whole. */
export const BRANCH_EVENT_TYPES: readonly StudioEventType[] = ['steps-appended', 'commits-appended', 'branch-reloaded', 'metadata-changed', 'branch-added', 'branch-removed'];

export const STUDIO_EVENT_TYPES: readonly StudioEventType[] = [
  ...BRANCH_EVENT_TYPES,
  'roadmap-changed',
  'diagnostics-changed',
  'record-edited',
  'authors-changed',
  'workspace-reset',
  'resync',
];

export function isStudioEvent(value: unknown): value is StudioEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; id?: unknown };
  return typeof v.id === 'number' && typeof v.type === 'string' && (STUDIO_EVENT_TYPES as readonly string[]).includes(v.type);
}
