// What changed between two moments, in the compare view's terms: branches that appeared, fields and statuses that
// changed, records added, roadmap parts added.
import type { BranchStatus, Commit, OtaStep } from '../../types.ts';
import type { BranchAt, MemoryAt } from './memory-at.ts';
import type { EditedSteps } from '../read/step-list.ts';

export interface FieldChange {
  branch: string;
  kind: 'step' | 'commit';
  /** 0-based position in the file. */
  index: number;
  field: string;
  before: string;
  after: string;
}

export interface BranchChange {
  branch: string;
  /** Absent at the first moment. */
  added: boolean;
  /** Absent at the second. */
  removed: boolean;
  status: { before: BranchStatus | null; after: BranchStatus | null } | null;
  purpose: { before: string | null; after: string | null } | null;
  steps: { before: number; after: number };
  commits: { before: number; after: number };
}

export interface MomentChanges {
  from: { moment: string; time: string };
  to: { moment: string; time: string };
  branches: BranchChange[];
  fields: FieldChange[];
  /** main.md grew (its text at the second moment starts with the first's) by this text; null when it did not grow. */
  roadmapAdded: string | null;
  /** main.md at the second moment is not the first's plus more (an edit, or moments given in reverse). */
  roadmapRewritten: boolean;
  /** The reasons either reconstruction may not be exact. */
  reasons: string[];
}

const STEP_FIELDS = ['observation', 'thought', 'action'] as const;
const COMMIT_FIELDS = ['branchPurpose', 'previousProgressSummary', 'thisCommitContribution'] as const;

/** Records present at both moments are compared only where they are not the very same record (a 205,000-step log costs a pass of identity checks, not of field compares). */
export function momentChanges(a: MemoryAt, b: MemoryAt): MomentChanges {
  const names = [...new Set([...a.branches.map((x) => x.name), ...b.branches.map((x) => x.name)])].sort();
  const branches: BranchChange[] = [];
  const fields: FieldChange[] = [];
  for (const name of names) {
    const before = a.branches.find((x) => x.name === name);
    const after = b.branches.find((x) => x.name === name);
    const change = branchChange(name, before, after);
    if (change) branches.push(change);
    if (before && after) {
      fields.push(...stepFieldChanges(name, before.steps, after.steps));
      fields.push(...fieldChanges(name, 'commit', before.commits, after.commits, COMMIT_FIELDS));
    }
  }
  const grew = b.roadmap.startsWith(a.roadmap);
  return {
    from: { moment: a.moment.text, time: a.moment.time },
    to: { moment: b.moment.text, time: b.moment.time },
    branches,
    fields,
    roadmapAdded: grew && b.roadmap.length > a.roadmap.length ? b.roadmap.slice(a.roadmap.length) : null,
    roadmapRewritten: !grew,
    reasons: [...new Set([...a.reasons, ...b.reasons])],
  };
}

function branchChange(name: string, before: BranchAt | undefined, after: BranchAt | undefined): BranchChange | null {
  const status = (x: BranchAt | undefined) => x?.metadata?.status ?? null;
  const purpose = (x: BranchAt | undefined) => x?.metadata?.purpose ?? null;
  const change: BranchChange = {
    branch: name,
    added: !before && !!after,
    removed: !!before && !after,
    status: status(before) !== status(after) ? { before: status(before), after: status(after) } : null,
    purpose: before && after && purpose(before) !== purpose(after) ? { before: purpose(before), after: purpose(after) } : null,
    steps: { before: before?.steps.length ?? 0, after: after?.steps.length ?? 0 },
    commits: { before: before?.commits.length ?? 0, after: after?.commits.length ?? 0 },
  };
  const same = !change.added && !change.removed && !change.status && !change.purpose && change.steps.before === change.steps.after && change.commits.before === change.commits.after;
  return same ? null : change;
}

/**
 * Both moments' steps are prefixes of the same log now, with values before later hand edits put back: only a step put
 * back in either can differ (the rest are the same records, and are not decoded).
 */
function stepFieldChanges(branch: string, a: EditedSteps, b: EditedSteps): FieldChange[] {
  const n = Math.min(a.length, b.length);
  const indices = [...new Set([...a.replaced.keys(), ...b.replaced.keys()])].filter((i) => i < n).sort((x, y) => x - y);
  const out: FieldChange[] = [];
  for (const index of indices) out.push(...fieldChanges(branch, 'step', [a.at(index)!], [b.at(index)!], STEP_FIELDS).map((c) => ({ ...c, index })));
  return out;
}

function fieldChanges<R extends OtaStep | Commit>(branch: string, kind: 'step' | 'commit', a: readonly R[], b: readonly R[], names: readonly string[]): FieldChange[] {
  const out: FieldChange[] = [];
  const n = Math.min(a.length, b.length);
  for (let index = 0; index < n; index++) {
    if (a[index] === b[index]) continue;
    const x = a[index] as unknown as Record<string, string>;
    const y = b[index] as unknown as Record<string, string>;
    for (const field of names) if (x[field] !== y[field]) out.push({ branch, kind, index, field, before: x[field] ?? '', after: y[field] ?? '' });
  }
  return out;
}
