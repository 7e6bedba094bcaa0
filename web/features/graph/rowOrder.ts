// The graph's rows in time order: one a dot, or in the compact view one a branch. Pure; layout.ts puts the lanes on
// them.
import type { Prepared } from './branchTimes.ts';
import type { FoldedBranch, NodeKind } from './layout.ts';

interface Event {
  kind: NodeKind;
  branch: string;
  index: number;
  time: number;
  branchOrder: number;
}

const KIND_ORDER: Record<NodeKind, number> = { start: 0, commit: 1, merge: 2, folded: 3 };

export function cmp(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const byTime = (a: Event, b: Event) => cmp(a.time, b.time) || cmp(KIND_ORDER[a.kind], KIND_ORDER[b.kind]) || cmp(a.branchOrder, b.branchOrder) || cmp(a.index, b.index);

/** Where each branch's marks are, in rows (a compact lane's ends and joins can fall between two rows). */
export interface Rows {
  count: number;
  /** Each row's moment (epoch ms, what the rows are sorted by; -Infinity when it has none). */
  times: readonly number[];
  folded(name: string): number;
  commit(branch: string, index: number): number;
  start(b: Prepared): number;
  lastOwn(b: Prepared): number;
  merge(b: Prepared): number | null;
  end(b: Prepared): number;
}

function foldedEvents(branches: readonly Prepared[], folded: readonly FoldedBranch[]): Event[] {
  return folded.map((f, i) => ({ kind: 'folded', branch: f.summary.name, index: i, time: Number.isFinite(f.time) ? f.time : Number.NEGATIVE_INFINITY, branchOrder: branches.length + i }));
}

/**
 * The last row each branch's lane must reach besides its own dots: where a branch forked from it starts, where a
 * folded marker sits on it (an abandoned branch can be forked from after its last commit).
 */
function landedRows(branches: readonly Prepared[], folded: readonly FoldedBranch[], startOf: (b: Prepared) => number, foldedRow: (name: string) => number): number[] {
  const orderOf = new Map(branches.map((b) => [b.name, b.order]));
  const landed: number[] = [];
  for (const b of branches) {
    const parent = orderOf.get(b.summary.createdFrom ?? b.summary.metadata?.createdFrom ?? '');
    if (parent !== undefined && parent !== b.order) landed[parent] = Math.max(landed[parent] ?? -1, startOf(b));
  }
  for (const f of folded) {
    const onto = orderOf.get(f.onto);
    if (onto !== undefined) landed[onto] = Math.max(landed[onto] ?? -1, foldedRow(f.summary.name));
  }
  return landed;
}

function endOf(b: Prepared, merge: number | null, lastOwn: number): number {
  if (b.status === 'merged') return Math.max(merge ?? lastOwn, lastOwn);
  if (b.status === 'abandoned') return lastOwn;
  return Number.POSITIVE_INFINITY;
}

/** One row a dot. */
export function orderRows(branches: readonly Prepared[], folded: readonly FoldedBranch[]): Rows {
  const events = foldedEvents(branches, folded);
  for (const b of branches) {
    events.push({ kind: 'start', branch: b.name, index: 0, time: b.start, branchOrder: b.order });
    b.commitTimes.forEach((time, index) => events.push({ kind: 'commit', branch: b.name, index, time, branchOrder: b.order }));
    if (b.merge && b.merge.snapTo === null) events.push({ kind: 'merge', branch: b.name, index: 0, time: b.merge.time, branchOrder: b.order });
  }
  events.sort(byTime);
  // Rows by branch order (arrays, not string-keyed maps: 10,000 events are laid out on every live update).
  const startRows: number[] = [];
  const mergeRows: number[] = [];
  const commitRows: number[][] = branches.map((b) => new Array<number>(b.commitTimes.length));
  const foldedRows = new Map<string, number>();
  events.forEach((e, row) => {
    if (e.kind === 'start') startRows[e.branchOrder] = row;
    else if (e.kind === 'commit') commitRows[e.branchOrder]![e.index] = row;
    else if (e.kind === 'merge') mergeRows[e.branchOrder] = row;
    else foldedRows.set(e.branch, row);
  });
  const orderOf = new Map(branches.map((b) => [b.name, b.order]));
  const commitRow = (branch: string, index: number): number | undefined => {
    const o = orderOf.get(branch);
    return o === undefined ? undefined : commitRows[o]?.[index];
  };
  const startRow = (b: Prepared) => startRows[b.order]!;
  const landed = landedRows(branches, folded, startRow, (name) => foldedRows.get(name)!);
  const lastOwnRow = (b: Prepared) => Math.max(b.commitTimes.length ? commitRows[b.order]![b.commitTimes.length - 1]! : startRow(b), landed[b.order] ?? -1);
  const mergeRow = (b: Prepared): number | null => {
    if (!b.merge) return null;
    if (b.merge.snapTo !== null) return commitRow(b.merge.target, b.merge.snapTo) ?? null;
    return mergeRows[b.order] ?? null;
  };
  return {
    count: events.length,
    times: events.map((e) => e.time),
    folded: (name) => foldedRows.get(name)!,
    commit: (branch, index) => commitRow(branch, index)!,
    start: startRow,
    lastOwn: lastOwnRow,
    merge: mergeRow,
    end: (b) => endOf(b, mergeRow(b), lastOwnRow(b)),
  };
}

/**
 * One row a branch, at its newest commit (its start when it has none), and a row a folded marker. A lane starts at
 * the moment of its fork and a merge lands at its moment: half a row before the first row at or after it.
 */
export function compactRows(branches: readonly Prepared[], folded: readonly FoldedBranch[]): Rows {
  const events = foldedEvents(branches, folded);
  for (const b of branches) {
    const newest = b.commitTimes.at(-1);
    events.push({ kind: newest === undefined ? 'start' : 'commit', branch: b.name, index: 0, time: newest ?? b.start, branchOrder: b.order });
  }
  events.sort(byTime);
  const times = events.map((e) => e.time);
  const headRows: number[] = [];
  const foldedRows = new Map<string, number>();
  events.forEach((e, row) => {
    if (e.kind === 'folded') foldedRows.set(e.branch, row);
    else headRows[e.branchOrder] = row;
  });
  /** The place of a moment among the rows: half a row before the first row at or after it. */
  const at = (t: number): number => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (times[m]! < t) lo = m + 1;
      else hi = m;
    }
    return lo - 0.5;
  };
  const byName = new Map(branches.map((b) => [b.name, b]));
  const head = (b: Prepared) => headRows[b.order]!;
  const start = (b: Prepared) => Math.min(head(b), at(b.start));
  const landed = landedRows(branches, folded, start, (name) => foldedRows.get(name)!);
  const lastOwn = (b: Prepared) => Math.max(head(b), landed[b.order] ?? -1);
  const merge = (b: Prepared): number | null => {
    if (!b.merge) return null;
    const snapped = b.merge.snapTo !== null ? byName.get(b.merge.target)?.commitTimes[b.merge.snapTo] : undefined;
    return Math.max(at(snapped ?? b.merge.time), head(b) + 0.5);
  };
  return {
    count: events.length,
    times,
    folded: (name) => foldedRows.get(name)!,
    commit: (branch) => head(byName.get(branch)!),
    start,
    lastOwn,
    merge,
    end: (b) => endOf(b, merge(b), lastOwn(b)),
  };
}
