// A head branch against its base before merging: what the head did that the base has not, word diffs of the summaries,
// and the warnings a careful reviewer wants. Records in, plain data out.

import { diffWordsWithSpace } from 'diff';
import type { BranchMetadata, Commit, Dialect, OtaStep } from '../../types.ts';
import { compareTime, timestampKey } from '../read/time-key.ts';
import { asStepList, type StepList } from '../read/step-list.ts';
import { SHAPE_ACTION_ONLY } from '../read/step-scan.ts';

export interface BranchSide {
  name: string;
  metadata: BranchMetadata | null;
  dialect: Dialect;
  commits: readonly Commit[];
  /** Read by their columns (numbers, times, merges, shapes); only the steps the comparison lists are decoded. */
  steps: StepList | readonly OtaStep[];
}

export type CompareWarningCode =
  | 'same-branch'
  | 'already-merged'
  | 'base-moved-on'
  | 'step-number-collision'
  | 'action-only-steps'
  | 'empty-summary-field'
  | 'no-commits'
  | 'no-metadata'
  | 'other-base';

export interface CompareWarning {
  code: CompareWarningCode;
  severity: 'warning' | 'info';
  message: string;
}

export const SUMMARY_FIELDS = ['branchPurpose', 'previousProgressSummary', 'thisCommitContribution'] as const;
export type SummaryField = (typeof SUMMARY_FIELDS)[number];
export const SUMMARY_FIELD_LABELS: Record<SummaryField, string> = {
  branchPurpose: 'Branch purpose',
  previousProgressSummary: 'Previous progress summary',
  thisCommitContribution: "This commit's contribution",
};

export interface BranchComparison {
  head: string;
  base: string;
  /** Commits of the head whose id the base has not got, oldest first. */
  commitsAhead: Commit[];
  /** The head's own steps (not copied by a merge) written since it was created: the last `limit` of them. */
  stepsSinceCreated: OtaStep[];
  stepsSinceCreatedTotal: number;
  /** The base's commits newer than the head's creation: the base moved on meanwhile. */
  baseCommitsSinceCreated: Commit[];
  headLastCommit: Commit | null;
  baseLastCommit: Commit | null;
  /** Step numbers the head's steps share with the base's log: the copies will repeat them. */
  collidingStepNumbers: number[];
  /** Steps with an action and nothing else: Contexa TypeScript, Go and Rust do not read them (the first `limit`). */
  actionOnlySteps: OtaStep[];
  actionOnlyStepsTotal: number;
  warnings: CompareWarning[];
}

const isActionOnly = (s: OtaStep): boolean => s.observation.trim() === '' && s.thought.trim() === '' && s.action.trim() !== '';

/** Whether step i has only an action: a plain step by its shape (no value of it has edge spaces to trim), else decoded. */
function actionOnlyAt(steps: StepList, i: number): boolean {
  const shape = steps.plainShapeAt(i);
  return shape >= 0 ? shape === SHAPE_ACTION_ONLY : isActionOnly(steps.at(i)!);
}

/** Steps at these indices, decoded a run at a time. */
function decodedAt(steps: StepList, indices: readonly number[]): OtaStep[] {
  const out: OtaStep[] = [];
  for (let k = 0; k < indices.length; ) {
    let j = k + 1;
    while (j < indices.length && indices[j] === indices[j - 1]! + 1) j++;
    out.push(...steps.slice(indices[k]!, indices[j - 1]! + 1));
    k = j;
  }
  return out;
}

/** Readable list of step numbers with runs folded: 1–3, 7. */
export function stepRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

type Warn = (code: CompareWarningCode, message: string, severity?: CompareWarning['severity']) => void;

/** Everything the compare view shows about merging `head` into `base`; step lists hold at most `limit` steps. */
export function compareBranches(head: BranchSide, base: BranchSide, limit = Number.POSITIVE_INFINITY): BranchComparison {
  const warnings: CompareWarning[] = [];
  const warn: Warn = (code, message, severity = 'warning') => warnings.push({ code, severity, message });
  warnAboutOrigin(head, base.name, warn);
  const baseIds = new Set(base.commits.map((c) => c.commitId));
  const commitsAhead = head.commits.filter((c) => !baseIds.has(c.commitId));
  const { stepsSinceCreated, stepsSinceCreatedTotal, baseCommitsSinceCreated } = sinceCreation(head, base, warn, limit);
  const { collidingStepNumbers, actionOnlySteps, actionOnlyStepsTotal } = stepWarnings(head, base, warn, limit);
  const last = head.commits.at(-1) ?? null;
  warnAboutSummaries(head, last, warn);
  return {
    head: head.name,
    base: base.name,
    commitsAhead,
    stepsSinceCreated,
    stepsSinceCreatedTotal,
    baseCommitsSinceCreated,
    headLastCommit: last,
    baseLastCommit: base.commits.at(-1) ?? null,
    collidingStepNumbers,
    actionOnlySteps,
    actionOnlyStepsTotal,
    warnings,
  };
}

/** What the head's metadata says about this merge: the same branch, no metadata, merged already, another base. */
function warnAboutOrigin(head: BranchSide, b: string, warn: Warn): void {
  const h = head.name;
  if (h === b) warn('same-branch', `Head and base are the same branch (\`${h}\`): there is nothing to compare or merge.`);
  const meta = head.metadata;
  if (!meta) warn('no-metadata', `\`${h}\` has no readable metadata.yaml: its purpose and origin are unknown, and a merge cannot mark it as merged.`);
  if (meta?.status === 'merged') {
    const into = meta.mergedInto ? ` into \`${meta.mergedInto}\`` : '';
    const at = meta.mergedAt ? ` at ${meta.mergedAt}` : '';
    warn('already-merged', `\`${h}\` was already merged${into}${at}. Merging it again copies its steps a second time and adds another merge commit.`);
  }
  if (meta && meta.createdFrom && meta.createdFrom !== b) {
    warn('other-base', `\`${h}\` was created from \`${meta.createdFrom}\`, not from \`${b}\`.`, 'info');
  }
}

/** The head's own steps since it was created, and the base's commits since then (the base moved on). */
function sinceCreation(head: BranchSide, base: BranchSide, warn: Warn, limit: number): Pick<BranchComparison, 'stepsSinceCreated' | 'stepsSinceCreatedTotal' | 'baseCommitsSinceCreated'> {
  const h = head.name;
  const b = base.name;
  const meta = head.metadata;
  const createdKey = meta?.createdAt ? timestampKey(meta.createdAt) : null;
  const steps = asStepList(head.steps);
  const since: number[] = [];
  for (let i = 0; i < steps.length; i++) {
    if (steps.mergedFromAt(i) !== undefined) continue;
    const k = createdKey ? steps.timeKeyAt(i) : null;
    if (!createdKey || k === null || compareTime(k, createdKey) >= 0) since.push(i);
  }
  const stepsSinceCreated = decodedAt(steps, since.slice(Math.max(0, since.length - limit)));
  const baseCommitsSinceCreated = createdKey
    ? base.commits.filter((c) => {
        const k = timestampKey(c.timestamp);
        return k !== null && compareTime(k, createdKey) > 0;
      })
    : [];
  if (baseCommitsSinceCreated.length > 0 && h !== b) {
    warn(
      'base-moved-on',
      `\`${b}\` has moved on: ${plural(baseCommitsSinceCreated.length, 'commit')} newer than \`${h}\`'s creation (${meta!.createdAt}). ` +
        `The branch started from an older state of \`${b}\` than the one the merge joins.`,
    );
  }
  return { stepsSinceCreated, stepsSinceCreatedTotal: since.length, baseCommitsSinceCreated };
}

/** Step numbers the copies will repeat in the base's log, and steps some readers drop. */
function stepWarnings(head: BranchSide, base: BranchSide, warn: Warn, limit: number): Pick<BranchComparison, 'collidingStepNumbers' | 'actionOnlySteps' | 'actionOnlyStepsTotal'> {
  const h = head.name;
  const b = base.name;
  const headSteps = asStepList(head.steps);
  const baseSteps = asStepList(base.steps);
  const baseNumbers = new Set<number>();
  for (let i = 0; i < baseSteps.length; i++) baseNumbers.add(baseSteps.stepAt(i));
  const headNumbers = Array.from({ length: headSteps.length }, (_, i) => headSteps.stepAt(i));
  const collidingStepNumbers = [...new Set(headNumbers.filter((n) => baseNumbers.has(n)))].sort((x, y) => x - y);
  if (collidingStepNumbers.length > 0 && h !== b) {
    warn(
      'step-number-collision',
      `A merge copies steps with their own numbers: step${collidingStepNumbers.length === 1 ? '' : 's'} ${stepRanges(collidingStepNumbers)} of \`${h}\` ` +
        `will appear in \`${b}\`'s log after \`${b}\`'s own step${collidingStepNumbers.length === 1 ? '' : 's'} with the same number${collidingStepNumbers.length === 1 ? '' : 's'}.`,
    );
  }

  const actionOnly: number[] = [];
  for (let i = 0; i < headSteps.length; i++) if (actionOnlyAt(headSteps, i)) actionOnly.push(i);
  const actionOnlySteps = decodedAt(headSteps, actionOnly.slice(0, limit));
  if (actionOnly.length > 0) {
    warn(
      'action-only-steps',
      `${plural(actionOnly.length, 'step')} of \`${h}\` (${stepRanges(actionOnly.map((i) => headNumbers[i]!))}) ${actionOnly.length === 1 ? 'has' : 'have'} only an action: ` +
        'the Contexa TypeScript, Go and Rust readers drop such steps (their next step then reuses the number), and their merges do not copy them.',
    );
  }
  return { collidingStepNumbers, actionOnlySteps, actionOnlyStepsTotal: actionOnly.length };
}

/** What the automatic merge summary will lack: commits, or text in the summary fields. */
function warnAboutSummaries(head: BranchSide, last: Commit | null, warn: Warn): void {
  const h = head.name;
  if (head.commits.length === 0) {
    warn('no-commits', `\`${h}\` has no commits: the automatic merge summary would read “Merged branch \`${h}\` (0 commits). Contributions: ” with nothing after it. Write your own summary.`);
  }
  if (last) {
    const empty = SUMMARY_FIELDS.filter((f) => last[f].trim() === '').map((f) => SUMMARY_FIELD_LABELS[f].toLowerCase());
    if (empty.length > 0) warn('empty-summary-field', `The last commit of \`${h}\` (\`${last.commitId}\`) has an empty ${empty.join(', ')}.`);
  }
  const blankContributions = head.commits.filter((c) => c !== last && c.thisCommitContribution.trim() === '');
  if (blankContributions.length > 0) {
    warn(
      'empty-summary-field',
      `${plural(blankContributions.length, 'commit')} of \`${h}\` (${blankContributions.map((c) => `\`${c.commitId}\``).join(', ')}) ` +
        `${blankContributions.length === 1 ? 'has' : 'have'} an empty contribution: the automatic merge summary will show an empty entry.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Word-level text diff (jsdiff), in the two layouts the page offers.

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** Word-level changes from `before` to `after`; concatenating same+removed gives `before`, same+added gives `after`. */
// diffWordsWithSpace, not diffWords: diffWords folds whitespace changes into the new text's spacing, so the old
// text could no longer be rebuilt from the parts (and an indentation change would vanish).
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ kind: 'same', text: before }];
  return diffWordsWithSpace(before, after).map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
}

export interface SideBySideRow {
  /** Old text of the row, with its changes (removed and same parts). */
  left: DiffPart[];
  /** New text of the row (added and same parts). */
  right: DiffPart[];
  changed: boolean;
}

/**
 * The diff in two columns, one row per line: each side's parts split at newlines and paired line by line, so
 * a line that only exists on one side leaves the other cell empty.
 */
export function sideBySide(parts: readonly DiffPart[]): SideBySideRow[] {
  const lines = (keep: DiffKind): DiffPart[][] => {
    const out: DiffPart[][] = [[]];
    for (const p of parts) {
      if (p.kind !== 'same' && p.kind !== keep) continue;
      const pieces = p.text.split('\n');
      pieces.forEach((piece, i) => {
        if (i > 0) out.push([]);
        if (piece !== '') out[out.length - 1]!.push({ kind: p.kind, text: piece });
      });
    }
    return out;
  };
  const left = lines('removed');
  const right = lines('added');
  const rows: SideBySideRow[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i] ?? [];
    const r = right[i] ?? [];
    rows.push({ left: l, right: r, changed: l.some((p) => p.kind !== 'same') || r.some((p) => p.kind !== 'same') || (l.length === 0) !== (r.length === 0) });
  }
  return rows;
}

/** How much changed, in words: shown beside each diff. */
export function diffStats(parts: readonly DiffPart[]): { added: number; removed: number } {
  const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
  let added = 0;
  let removed = 0;
  for (const p of parts) {
    if (p.kind === 'added') added += words(p.text);
    else if (p.kind === 'removed') removed += words(p.text);
  }
  return { added, removed };
}
