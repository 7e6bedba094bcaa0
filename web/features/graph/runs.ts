// The compact graph's rows: a branch's own dots (its start and commits) folded into runs, one row each, cut only where
// something lands on its lane (a fork from it, a merge into it, a hidden branch's marker) or its parent's lane ends,
// so every fork and merge still joins lanes that are drawn there. Pure; layout.ts places a run at its newest dot.
import type { Prepared } from './branchTimes.ts';

export interface Run {
  /** The run begins with the branch's start (its fork). */
  withStart: boolean;
  /** Commit indices [first, last]; last < first: the start alone. */
  first: number;
  last: number;
  /** Its newest dot's time (what orders its row). */
  time: number;
}

/**
 * The times at which each branch's runs are cut: something lands on its lane (a child's fork, a merge into it, a
 * folded marker), or its parent's lane ends in a merge.
 */
export function cutTimes(branches: readonly Prepared[], folded: readonly { onto: string; time: number }[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (branch: string, t: number) => {
    const list = out.get(branch);
    if (list) list.push(t);
    else out.set(branch, [t]);
  };
  const byName = new Map(branches.map((b) => [b.name, b]));
  const mergedAt = (b: Prepared): number | null => {
    if (!b.merge) return null;
    const target = byName.get(b.merge.target);
    return b.merge.snapTo !== null && target ? (target.commitTimes[b.merge.snapTo] ?? b.merge.time) : b.merge.time;
  };
  for (const b of branches) {
    const parentName = b.summary.createdFrom ?? b.summary.metadata?.createdFrom ?? '';
    const parent = parentName !== b.name ? byName.get(parentName) : undefined;
    if (parent) {
      add(parent.name, b.start);
      // A child's first row must come before its parent's lane ends in a merge, or its fork would leave no lane.
      const end = mergedAt(parent);
      if (end !== null) add(b.name, end);
    }
    const at = mergedAt(b);
    if (b.merge && at !== null) add(b.merge.target, at);
  }
  for (const f of folded) add(f.onto, Number.isFinite(f.time) ? f.time : Number.NEGATIVE_INFINITY);
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

/**
 * The branch's runs: a cut at time t starts a new run at its first dot at or after t. A cut at or before the start
 * keeps the start a run of its own, so a branch forked at its parent's very start still finds the parent's lane there.
 */
export function branchRuns(b: Prepared, cuts: readonly number[]): Run[] {
  const runs: Run[] = [];
  let run: Run = { withStart: true, first: 0, last: -1, time: b.start };
  let k = 0;
  while (k < cuts.length && cuts[k]! <= b.start) k++;
  const startAlone = k > 0 && b.commitTimes.length > 0;
  for (let i = 0; i < b.commitTimes.length; i++) {
    const t = b.commitTimes[i]!;
    let cut = i === 0 && startAlone;
    while (k < cuts.length && cuts[k]! <= t) {
      cut = true;
      k++;
    }
    if (cut) {
      runs.push(run);
      run = { withStart: false, first: i, last: i - 1, time: t };
    }
    run.last = i;
    run.time = t;
  }
  runs.push(run);
  return runs;
}
