// The fleet's badges, judged from a row and the user's thresholds: pure, and judged again every second (stalled
// depends on the clock, not on a new event).
import type { BranchHealth, FleetRow } from './fleet-api.ts';

export type BadgeKind = 'stalled' | 'looping' | 'uncommitted' | 'ready' | 'damaged' | 'edited';

export const BADGE_KINDS: readonly BadgeKind[] = ['stalled', 'looping', 'uncommitted', 'ready', 'damaged', 'edited'];

export const BADGE_LABELS: Record<BadgeKind, string> = {
  stalled: 'stalled',
  looping: 'looping',
  uncommitted: 'uncommitted',
  ready: 'ready to merge',
  damaged: 'damaged',
  edited: 'edited by hand',
};

export interface BadgeThresholds {
  /** An active branch with no new step for this long is stalled. */
  stalledSeconds: number;
  /** This many last steps repeating the same action (or near-identical observations) is looping. */
  loopingSteps: number;
  /** Word overlap (Jaccard, 0–1) from which two observations count as near-identical. */
  similarObservation: number;
  /** More steps than this since the branch's last commit is uncommitted. */
  uncommittedSteps: number;
}

export const DEFAULT_THRESHOLDS: BadgeThresholds = { stalledSeconds: 600, loopingSteps: 5, similarObservation: 0.9, uncommittedSteps: 50 };

export interface Badge {
  kind: BadgeKind;
  /** Why, in words (the hover text). */
  reason: string;
}

export function describeAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} d`;
}

/**
 * When a workspace or a branch was last active, the one rule of the Last activity column and the stalled badge: its
 * newest record's own time, or when this server saw a step appended (a writer whose clock is behind), whichever is
 * later. Never a file's time: a copied, checked-out or pushed folder's files are as new as the copy.
 */
export function lastActiveAt(recordMs: number | null, appendSeenMs: number | null): number | null {
  const at = Math.max(recordMs ?? -Infinity, appendSeenMs ?? -Infinity);
  return at === -Infinity ? null : at;
}

/** What stalled is judged from, said under its reasons. */
export const STALLED_BASIS = "Judged from each step's own time, or when gcc-studio saw one written (as Last activity), never the files' times.";

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Word-set overlap of two texts (1: the same words). */
export function wordOverlap(a: string, b: string): number {
  const wa = new Set(normal(a).split(' ').filter(Boolean));
  const wb = new Set(normal(b).split(' ').filter(Boolean));
  if (wa.size === 0 && wb.size === 0) return 1;
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  return common / (wa.size + wb.size - common);
}

const isActive = (b: BranchHealth) => b.status === 'active';

function loopingReason(b: BranchHealth, t: BadgeThresholds): string | null {
  const n = Math.max(2, t.loopingSteps);
  if (b.recent.length < n) return null;
  const last = b.recent.slice(-n);
  const action = normal(last[0]!.action);
  if (action !== '' && last.every((s) => normal(s.action) === action)) return `${b.name}: the last ${n} steps repeat the action “${last[0]!.action.slice(0, 80)}”`;
  const similar = last.every((s, i) => i === 0 || wordOverlap(s.observation, last[i - 1]!.observation) >= t.similarObservation);
  if (similar && normal(last[0]!.observation) !== '') return `${b.name}: the last ${n} observations are near-identical`;
  return null;
}

function readyReason(b: BranchHealth, names: ReadonlySet<string>): string | null {
  if (!isActive(b) || b.commitCount === 0 || b.mergedInto || !b.createdFrom || b.createdFrom === b.name || !names.has(b.createdFrom)) return null;
  return `${b.name}: ${b.commitCount} commit${b.commitCount === 1 ? '' : 's'} that ${b.createdFrom} has not got`;
}

/** Every badge a row earns now, in BADGE_KINDS order, each once (its reason names every branch that earns it). */
export function judgeRow(row: FleetRow, t: BadgeThresholds, now: number): Badge[] {
  if (row.state === 'gone') return [];
  const reasons = new Map<BadgeKind, string[]>(BADGE_KINDS.map((k) => [k, []]));
  const names = new Set(row.branchHealth.map((b) => b.name));
  for (const b of row.branchHealth) {
    if (isActive(b) && b.lastStepAt !== null && now - b.lastStepAt > t.stalledSeconds * 1000) {
      reasons.get('stalled')!.push(`${b.name}: no new step for ${describeAge(now - b.lastStepAt)}`);
    }
    const looping = isActive(b) ? loopingReason(b, t) : null;
    if (looping) reasons.get('looping')!.push(looping);
    if (isActive(b) && b.stepsSinceCommit > t.uncommittedSteps) {
      reasons.get('uncommitted')!.push(`${b.name}: ${b.stepsSinceCommit} steps since its last commit (what the next COMMIT will compress)`);
    }
    const ready = readyReason(b, names);
    if (ready) reasons.get('ready')!.push(ready);
  }
  if (row.errors.count > 0) reasons.get('damaged')!.push(`${row.errors.count} doctor error${row.errors.count === 1 ? '' : 's'}: ${row.errors.messages.join('; ')}`);
  const lastStep = Math.max(-Infinity, ...row.branchHealth.map((b) => b.lastStepAt ?? -Infinity));
  if (row.lastEditAt !== null && row.lastEditAt > lastStep) {
    reasons.get('edited')!.push(`edited by hand ${describeAge(now - row.lastEditAt)} ago, after the agent's last step`);
  }
  const stalled = reasons.get('stalled')!;
  if (stalled.length > 0) stalled.push(STALLED_BASIS);
  return BADGE_KINDS.filter((k) => reasons.get(k)!.length > 0).map((kind) => ({ kind, reason: reasons.get(kind)!.join('\n') }));
}
