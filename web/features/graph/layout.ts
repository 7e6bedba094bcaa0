// The branch graph as data: workspace → nodes and edges on a grid of lanes (x) and rows (y, time order).
// Pure and deterministic so it is unit-tested; BranchGraph.tsx only draws what this returns.
import type { BranchSummary } from '../../../shared/api.ts';
import type { Commit } from '../../../shared/types.ts';
import { parseTimestamp } from '../../ui/time.ts';
import { statusClass, type StatusClass } from '../../ui/status.ts';

export type NodeKind = 'start' | 'commit' | 'merge';

export interface GraphNode {
  /** Stable across updates: `branch@index` for commits (commit ids can repeat), `branch^` for starts. */
  id: string;
  kind: NodeKind;
  branch: string;
  lane: number;
  row: number;
  status: StatusClass;
  commitIndex: number | null;
  commitId: string | null;
  timestamp: string | null;
  label: string;
  purpose: string;
}

export interface GraphEdge {
  id: string;
  kind: 'lane' | 'fork' | 'merge';
  branch: string;
  status: StatusClass;
  from: { lane: number; row: number };
  to: { lane: number; row: number };
  /** A lane still open (active branch) runs to the last row. */
  open: boolean;
}

export interface BranchPlacement {
  name: string;
  lane: number;
  startRow: number;
  endRow: number;
  status: StatusClass;
}

export interface GraphLayout {
  nodes: GraphNode[];
  edges: GraphEdge[];
  branches: BranchPlacement[];
  laneCount: number;
  rowCount: number;
}

export interface LayoutInput {
  branches: readonly BranchSummary[];
  /** Commits per branch name; a branch whose commits are not loaded yet has none here. */
  commits: Readonly<Record<string, readonly Commit[] | undefined>>;
}

/** How far a fork or merge curve reaches back (in rows) from the row it lands on. */
const CURVE_ROWS = 0.6;
/** A merge commit on the target is recognised by its text and by being this close to merged_at. */
const MERGE_SNAP_MS = 5_000;

interface Prepared {
  summary: BranchSummary;
  name: string;
  order: number;
  status: StatusClass;
  start: number;
  commitTimes: number[];
  merge: { target: string; time: number; snapTo: number | null } | null;
}

interface Event {
  kind: NodeKind;
  branch: string;
  index: number;
  time: number;
  branchOrder: number;
}

const KIND_ORDER: Record<NodeKind, number> = { start: 0, commit: 1, merge: 2 };

function cmp(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function firstFinite(...values: number[]): number {
  for (const v of values) if (Number.isFinite(v)) return v;
  return Number.NEGATIVE_INFINITY;
}

/** Commit times in file order, made non-decreasing: dots on a lane must follow the file even if a clock stepped back. */
function monotonicTimes(commits: readonly Commit[], start: number): number[] {
  const out: number[] = [];
  let prev = start;
  for (const c of commits) {
    const t = parseTimestamp(c.timestamp);
    prev = Number.isFinite(t) && t > prev ? t : prev;
    out.push(prev);
  }
  return out;
}

function prepare(input: LayoutInput): Prepared[] {
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
      merge = { target, time, snapTo: findMergeCommit(input.commits[target] ?? [], summary.name, time) };
    }
    return { summary, name: summary.name, order, status, start, commitTimes, merge };
  });
}

/** The target's commit that records this merge: its contribution names the branch and it is close to merged_at. */
function findMergeCommit(commits: readonly Commit[], branch: string, time: number): number | null {
  const mark = `Merged branch \`${branch}\``;
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  commits.forEach((c, i) => {
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

function firstLine(text: string, max = 90): string {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}

export function layoutGraph(input: LayoutInput): GraphLayout {
  const branches = prepare(input);
  const byName = new Map(branches.map((b) => [b.name, b]));

  const events: Event[] = [];
  for (const b of branches) {
    events.push({ kind: 'start', branch: b.name, index: 0, time: b.start, branchOrder: b.order });
    b.commitTimes.forEach((time, index) => events.push({ kind: 'commit', branch: b.name, index, time, branchOrder: b.order }));
    if (b.merge && b.merge.snapTo === null) events.push({ kind: 'merge', branch: b.name, index: 0, time: b.merge.time, branchOrder: b.order });
  }
  events.sort((a, b) => cmp(a.time, b.time) || cmp(KIND_ORDER[a.kind], KIND_ORDER[b.kind]) || cmp(a.branchOrder, b.branchOrder) || cmp(a.index, b.index));
  const rowOf = new Map<string, number>();
  events.forEach((e, row) => rowOf.set(`${e.kind}:${e.branch}:${e.index}`, row));
  const rowCount = events.length;
  const startRow = (b: Prepared) => rowOf.get(`start:${b.name}:0`)!;
  const lastOwnRow = (b: Prepared) => (b.commitTimes.length ? rowOf.get(`commit:${b.name}:${b.commitTimes.length - 1}`)! : startRow(b));
  const mergeRow = (b: Prepared): number | null => {
    if (!b.merge) return null;
    if (b.merge.snapTo !== null) return rowOf.get(`commit:${b.merge.target}:${b.merge.snapTo}`) ?? null;
    return rowOf.get(`merge:${b.name}:0`) ?? null;
  };
  const endRow = (b: Prepared): number => {
    if (b.status === 'merged') return Math.max(mergeRow(b) ?? lastOwnRow(b), lastOwnRow(b));
    if (b.status === 'abandoned') return lastOwnRow(b);
    return Number.POSITIVE_INFINITY;
  };

  // Lanes are reused once their branch has been merged or abandoned, so fifty branches need only a few columns.
  const laneBusyUntil: number[] = [];
  const laneOf = new Map<string, number>();
  const placements: BranchPlacement[] = [];
  const byStart = [...branches].sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : 0) || cmp(startRow(a), startRow(b)));
  for (const b of byStart) {
    const s = startRow(b);
    let lane = laneBusyUntil.findIndex((until) => until < s);
    if (lane === -1) lane = laneBusyUntil.length;
    const end = endRow(b);
    laneBusyUntil[lane] = end;
    laneOf.set(b.name, lane);
    placements.push({ name: b.name, lane, startRow: s, endRow: Number.isFinite(end) ? end : rowCount - 1, status: b.status });
  }

  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (const b of branches) {
    const lane = laneOf.get(b.name)!;
    const purpose = b.summary.purpose ?? b.summary.metadata?.purpose ?? '';
    const commits = input.commits[b.name] ?? [];
    const s = startRow(b);
    nodes.push({
      id: `${b.name}^`,
      kind: 'start',
      branch: b.name,
      lane,
      row: s,
      status: b.status,
      commitIndex: null,
      commitId: null,
      timestamp: b.summary.metadata?.createdAt ?? null,
      label: b.name,
      purpose,
    });
    commits.forEach((c, i) =>
      nodes.push({
        id: `${b.name}@${i}`,
        kind: 'commit',
        branch: b.name,
        lane,
        row: rowOf.get(`commit:${b.name}:${i}`)!,
        status: b.status,
        commitIndex: i,
        commitId: c.commitId,
        timestamp: c.timestamp,
        label: firstLine(c.thisCommitContribution),
        purpose,
      }),
    );

    const open = b.status !== 'merged' && b.status !== 'abandoned';
    const mr = mergeRow(b);
    const laneEnd = open ? Math.max(rowCount - 1, s) : b.merge && mr !== null ? Math.max(lastOwnRow(b), mr - CURVE_ROWS) : lastOwnRow(b);
    edges.push({ id: `${b.name}|lane`, kind: 'lane', branch: b.name, status: b.status, from: { lane, row: s }, to: { lane, row: laneEnd }, open });

    const parent = b.summary.createdFrom ?? b.summary.metadata?.createdFrom ?? '';
    const parentLane = parent && parent !== b.name ? laneOf.get(parent) : undefined;
    if (parentLane !== undefined) {
      edges.push({
        id: `${b.name}|fork`,
        kind: 'fork',
        branch: b.name,
        status: b.status,
        from: { lane: parentLane, row: Math.max(s - CURVE_ROWS, startRow(byName.get(parent)!)) },
        to: { lane, row: s },
        open: false,
      });
    }

    if (b.merge && mr !== null) {
      const targetLane = laneOf.get(b.merge.target)!;
      if (b.merge.snapTo === null) {
        nodes.push({
          id: `${b.name}>`,
          kind: 'merge',
          branch: b.name,
          lane: targetLane,
          row: mr,
          status: 'merged',
          commitIndex: null,
          commitId: null,
          timestamp: b.summary.metadata?.mergedAt ?? null,
          label: `merged ${b.name} into ${b.merge.target}`,
          purpose,
        });
      }
      edges.push({
        id: `${b.name}|merge`,
        kind: 'merge',
        branch: b.name,
        status: 'merged',
        from: { lane, row: laneEnd },
        to: { lane: targetLane, row: mr },
        open: false,
      });
    }
  }
  nodes.sort((a, b) => a.row - b.row);
  return { nodes, edges, branches: placements, laneCount: laneBusyUntil.length, rowCount };
}
