// Each branch's place in time, the first step of the graph layout: a fixed order, its start, its commit times (made
// non-decreasing), and for a merged branch when and where it merged. Pure; layout.ts turns this into rows and lanes.
import { parseTimestamp } from '../../ui/time.ts';
import { statusClass, type StatusClass } from '../../ui/status.ts';
import type { BranchSummary, CommitBrief } from '../../../shared/api.ts';
import type { LayoutInput } from './layout.ts';

/** A merge commit on the target is recognised by its text and by being this close to merged_at. */
const MERGE_SNAP_MS = 5_000;
/** Every dialect stamps the merge commit, then merged_at, in one call: milliseconds apart, one second apart at most
 * where stamps drop the fraction (Go, Zig, Lua). */
const MERGE_WRITE_MS = 1_000;

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
  const mergeCommitOf = mergePairing(input);
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
      const mergedAt = parseTimestamp(summary.metadata?.mergedAt);
      const time = Math.max(firstFinite(mergedAt, last), last);
      merge = { target, time, snapTo: mergeCommitOf(summary.name, target, { time, mergedAt, sourceEnd: last }) };
    }
    return { summary, name: summary.name, order, status, start, commitTimes, merge };
  });
}

/**
 * Pairs each merge with the target's commit that records it: by its text when a commit names the branch, else by
 * merged_at (a hand edit may rewrite the text, never the stamps), each commit at most once. Per target, the text
 * marks and stamps are read once, not once per merged branch.
 */
function mergePairing(input: LayoutInput) {
  const marks = new Map<string, Map<string, number[]>>();
  const stamps = new Map<string, number[]>();
  const paired = new Map<string, Set<number>>();
  return (branch: string, target: string, at: { time: number; mergedAt: number; sourceEnd: number }): number | null => {
    const commits = input.commits[target] ?? [];
    let targetMarks = marks.get(target);
    if (!targetMarks) marks.set(target, (targetMarks = mergeMarks(commits)));
    let taken = paired.get(target);
    if (!taken) paired.set(target, (taken = new Set()));
    const named = targetMarks.get(branch);
    let found: number | null;
    if (named) found = findMergeCommit(commits, branch, at.time, named);
    else {
      let times = stamps.get(target);
      if (!times) stamps.set(target, (times = commits.map((c) => parseTimestamp(c.timestamp))));
      found = commitAtMerge(times, at.mergedAt, at.sourceEnd, unavailable(targetMarks, branch, taken));
    }
    if (found !== null) taken.add(found);
    return found;
  };
}

/** Commits another merge owns: already paired, or their text names another branch's merge. */
function unavailable(marks: ReadonlyMap<string, readonly number[]>, branch: string, taken: ReadonlySet<number>): Set<number> {
  const out = new Set(taken);
  for (const [name, list] of marks) if (name !== branch) for (const i of list) out.add(i);
  return out;
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

/**
 * The merge commit found by merged_at alone (`times`: the target's commit stamps, as written), for when no commit's text names the branch (a hand edit rewrote it):
 * the target's last commit stamped at most a second before merged_at and not before the source's last commit.
 * Without merged_at nothing is claimed: an ordinary commit must not pose as a merge.
 */
export function commitAtMerge(times: readonly number[], mergedAt: number, sourceEnd: number, unavailable: ReadonlySet<number> = new Set()): number | null {
  if (!Number.isFinite(mergedAt)) return null;
  for (let i = times.length - 1; i >= 0; i--) {
    if (unavailable.has(i)) continue;
    const t = times[i]!;
    if (Number.isFinite(t) && t <= mergedAt && mergedAt - t <= MERGE_WRITE_MS && !(t < sourceEnd)) return i;
  }
  return null;
}
