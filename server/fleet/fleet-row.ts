// One workspace's fleet row, built from its store and its activity: counts, dialects, per-branch health (last step,
// steps since the last commit, the last five steps) and doctor errors. The badges are judged from it on the page.
import type { BranchSummary } from '../../shared/api.ts';
import { lastActiveAt } from '../../shared/fleet/badges.ts';
import type { BranchHealth, FleetRow, FleetRowState } from '../../shared/fleet/fleet-api.ts';
import type { StepList } from '../../shared/gcc/read/step-list.ts';
import type { Diagnostic, Dialect } from '../../shared/types.ts';
import type { WorkspaceView } from '../live/index.ts';
import type { WorkspaceActivity } from './fleet-activity.ts';
import { stepMs, timestampMs } from '../../shared/gcc/read/time-key.ts';

const RECENT = 5;
const CUT = 300;
/** Steps since the last commit are counted back this far at most (a 200,000-step log never walked whole). */
export const MAX_SINCE_COMMIT_WALK = 10_000;
const ERROR_SAMPLES = 3;

export interface RowInputs {
  id: string;
  path: string;
  state: FleetRowState;
  version: number;
  view: WorkspaceView | null;
  activity: WorkspaceActivity | null;
  /** Doctor findings beyond the store's own (what writers left), from the last background check. */
  writeDiagnostics: readonly Diagnostic[];
}

/**
 * Steps after the last commit's timestamp, counted back from the end at most MAX_SINCE_COMMIT_WALK (all steps when
 * there is no commit). Read from the list's columns: nothing is decoded.
 */
export function stepsSinceCommit(steps: StepList, lastCommitAt: number | null): number {
  if (lastCommitAt === null) return steps.length;
  const stop = Math.max(0, steps.length - MAX_SINCE_COMMIT_WALK);
  let n = 0;
  for (let i = steps.length - 1; i >= stop; i--) {
    const at = stepMs(steps, i);
    if (at !== null && at <= lastCommitAt) return n;
    n++;
  }
  return n;
}

function branchHealth(view: WorkspaceView, b: BranchSummary, activity: WorkspaceActivity | null): BranchHealth {
  const commits = view.branch(b.name)?.commits ?? [];
  const lastCommitAt = commits.length ? timestampMs(commits[commits.length - 1]!.timestamp) : null;
  const steps = view.stepList(b.name);
  const count = steps?.length ?? 0;
  const stamped = steps && count ? stepMs(steps, count - 1) : null;
  const lastStepAt = count ? lastActiveAt(stamped, activity?.seenAt.get(b.name) ?? null) : null;
  return {
    name: b.name,
    status: b.status,
    createdFrom: b.createdFrom,
    mergedInto: b.mergedInto,
    commitCount: b.commitCount,
    stepCount: b.stepCount,
    lastStepAt,
    stepsSinceCommit: steps ? stepsSinceCommit(steps, lastCommitAt) : 0,
    // Only these five are decoded.
    recent: (steps?.slice(-RECENT) ?? []).map((s) => ({ action: s.action.slice(0, CUT), observation: s.observation.slice(0, CUT) })),
  };
}

function countStatuses(branches: readonly BranchSummary[]): FleetRow['branches'] {
  const out = { active: 0, merged: 0, abandoned: 0, other: 0 };
  for (const b of branches) {
    const s = b.status;
    if (s === 'active' || s === 'merged' || s === 'abandoned') out[s as 'active' | 'merged' | 'abandoned']++;
    else out.other++;
  }
  return out;
}

export function buildRow(input: RowInputs): FleetRow {
  const empty: FleetRow = {
    id: input.id, path: input.path, state: input.state, version: input.version, dialects: [], branches: { active: 0, merged: 0, abandoned: 0, other: 0 },
    steps: 0, commits: 0, lastActivityAt: null, stepsPerMinute: [], branchHealth: [], errors: { count: 0, messages: [] }, lastEditAt: null,
  };
  if (!input.view || input.state === 'gone') return empty;
  const ws = input.view.workspace();
  const health = ws.branches.map((b) => branchHealth(input.view!, b, input.activity));
  const errors = [...ws.diagnostics, ...input.writeDiagnostics].filter((d) => d.severity === 'error');
  // The records' own times, as the workspace's page shows them, by the rule the stalled badge keeps too.
  const stamps = ws.branches.map((b) => (b.lastActivity ? timestampMs(b.lastActivity) : null) ?? -Infinity);
  const newestRecord = Math.max(-Infinity, ...stamps);
  const lastActivity = lastActiveAt(newestRecord === -Infinity ? null : newestRecord, input.activity?.lastAppendAt ?? null);
  return {
    ...empty,
    state: ws.present ? 'live' : 'waiting',
    dialects: [...new Set<Dialect>(ws.branches.flatMap((b) => b.writers ?? [b.dialect]))].sort(),
    branches: countStatuses(ws.branches),
    steps: ws.branches.reduce((n, b) => n + b.stepCount, 0),
    commits: ws.branches.reduce((n, b) => n + b.commitCount, 0),
    lastActivityAt: lastActivity,
    stepsPerMinute: input.activity?.minutes() ?? [],
    branchHealth: health,
    errors: { count: errors.length, messages: errors.slice(0, ERROR_SAMPLES).map((d) => `.GCC/${d.file}${d.line ? `:${d.line}` : ''} ${d.message}`) },
    lastEditAt: input.activity?.lastEditAt ?? null,
  };
}
