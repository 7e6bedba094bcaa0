// Each branch's place in time, the first step of the graph layout: a fixed order, its start, its commit times (made
// non-decreasing), and for a merged branch when and where it merged. Pure; layout.ts turns this into rows and lanes.
import { parseTimestamp } from '../../ui/time.ts';
import { statusClass, type StatusClass } from '../../ui/status.ts';
import type { BranchSummary, CommitBrief } from '../../../shared/api.ts';
import type { LayoutInput } from './layout.ts';

/** A merge commit on the target is recognised by its text and by being this close to merged_at. */
const MERGE_SNAP_MS = 5_000;

export interface Prepared {
  summary: BranchSummary;
  name: string;
  order: number;
  status: StatusClass;
  start: number;
  commitTimes: number[];
  merge: { target: string; time: number; snapTo: number | null } | null;
}

function firstFinite(...values: number[]): number {
  for (const v of values) if (Number.isFinite(v)) return v;
  return Number.NEGATIVE_INFINITY;
}

/** Commit times in file order, made non-decreasing: dots on a lane must follow the file even if a clock stepped back. */
export function monotonicTimes(commits: readonly CommitBrief[], start: number): number[] {
  const out: number[] = [];
  let prev = start;
  for (const c of commits) {
    const t = parseTimestamp(c.timestamp);
    prev = Number.isFinite(t) && t > prev ? t : prev;
    out.push(prev);
  }
  return out;
}

/** Per commit of a target, the branches its text says were merged: found once, not once per merged branch. */
function mergeMarks(commits: readonly CommitBrief[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  commits.forEach((c, i) => {
    for (const m of c.thisCommitContribution.matchAll(/Merged branch `([^`]+)`/g)) {
      const list = out.get(m[1]!);
      if (!list) out.set(m[1]!, [i]);
      else if (list.at(-1) !== i) list.push(i);
    }
  });
  return out;
}

export function prepare(input: LayoutInput): Prepared[] {
  const marks = new Map<string, Map<string, number[]>>();
  const marksOf = (target: string) => {
    let m = marks.get(target);
    if (!m) marks.set(target, (m = mergeMarks(input.commits[target] ?? [])));
    return m;
  };
  // main first, then by name: a fixed order so ties in time always break the same way.
  const sorted = [...input.branches].sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = new Set(sorted.map((b) => b.name));
  return sorted.map((summary, order) => {
    const commits = input.commits[summary.name] ?? [];
    const firstCommit = commits.length ? parseTimestamp(commits[0]!.timestamp) : Number.NaN;
    let start = firstFinite(parseTimestamp(summary.metadata?.createdAt), firstCommit, parseTimestamp(summary.lastActivity));
    if (Number.isFinite(firstCommit) && firstCommit < start) start = firstCommit;
    const commitTimes = monotonicTimes(commits, start);
    const status = statusClass(summary.status ?? summary.metadata?.status);
    const target = summary.mergedInto ?? summary.metadata?.mergedInto ?? null;
    let merge: Prepared['merge'] = null;
    if (status === 'merged' && target && names.has(target) && target !== summary.name) {
      const last = commitTimes.length ? commitTimes[commitTimes.length - 1]! : start;
      const at = firstFinite(parseTimestamp(summary.metadata?.mergedAt), last);
      const time = Math.max(at, last);
      merge = { target, time, snapTo: findMergeCommit(input.commits[target] ?? [], summary.name, time, marksOf(target).get(summary.name) ?? []) };
    }
    return { summary, name: summary.name, order, status, start, commitTimes, merge };
  });
}

/** The target's commit that records this merge: its contribution names the branch and it is close to merged_at. */
export function findMergeCommit(commits: readonly CommitBrief[], branch: string, time: number, candidates?: readonly number[]): number | null {
  const mark = `Merged branch \`${branch}\``;
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  (candidates ?? commits.map((_, i) => i)).forEach((i) => {
    const c = commits[i]!;
    if (!c.thisCommitContribution.includes(mark)) return;
    const t = parseTimestamp(c.timestamp);
    const d = Number.isFinite(t) && Number.isFinite(time) ? Math.abs(t - time) : MERGE_SNAP_MS;
    if (d <= MERGE_SNAP_MS && d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}
