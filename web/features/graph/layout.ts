// The branch graph as data: workspace → nodes and edges on a grid of lanes (x) and rows (y, time order).
// Pure and deterministic so it is unit-tested; BranchGraph.tsx only draws what this returns.
import type { BranchSummary, CommitBrief } from '../../../shared/api.ts';
import type { StatusClass } from '../../ui/status.ts';
import { prepare, type Prepared } from './branchTimes.ts';
import { firstLine, foldedNode } from './layoutNodes.ts';
import { branchRuns, cutTimes, type Run } from './runs.ts';

/** `folded`: a branch a filter hides, shown as one marker on the lane of the nearest ancestor still shown. */
export type NodeKind = 'start' | 'commit' | 'merge' | 'folded';

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
  /** In the compact view, the dots this row stands for: its commits, and whether the branch's start is one. */
  run?: { commits: number; withStart: boolean; since: string | null };
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
  commits: Readonly<Record<string, readonly CommitBrief[] | undefined>>;
  /** Branches left out of `branches` by a filter: each becomes one marker on `onto`'s lane at `time`. */
  folded?: readonly FoldedBranch[];
  /** One row a run of a branch's own dots (runs.ts) instead of one a dot. */
  compact?: boolean;
}

export interface FoldedBranch {
  summary: BranchSummary;
  /** A branch in `branches` (the nearest ancestor shown). */
  onto: string;
  /** Epoch ms of the fork; NaN or ±Infinity sort first. */
  time: number;
}

/** How far a fork or merge curve reaches back (in rows) from the row it lands on. */
const CURVE_ROWS = 0.6;

interface Event {
  kind: NodeKind;
  branch: string;
  index: number;
  time: number;
  branchOrder: number;
}

const KIND_ORDER: Record<NodeKind, number> = { start: 0, commit: 1, merge: 2, folded: 3 };

function cmp(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}


/** The rows: every start, commit and merge dot of its own in time order, one a row (one a run when compact). */
interface Rows {
  count: number;
  folded(name: string): number;
  commit(branch: string, index: number): number;
  start(b: Prepared): number;
  lastOwn(b: Prepared): number;
  merge(b: Prepared): number | null;
  end(b: Prepared): number;
}

/** Each branch's runs, by branch order (compact view only). */
type RunsByOrder = readonly (readonly Run[])[];

function orderRows(branches: readonly Prepared[], folded: readonly FoldedBranch[], runs: RunsByOrder | null): Rows {
  const events: Event[] = [];
  folded.forEach((f, i) => events.push({ kind: 'folded', branch: f.summary.name, index: i, time: Number.isFinite(f.time) ? f.time : Number.NEGATIVE_INFINITY, branchOrder: branches.length + i }));
  for (const b of branches) {
    if (runs) {
      // A run's row: 'start' when it is the start alone, else 'commit', indexed by its place among the runs.
      runs[b.order]!.forEach((r, index) => events.push({ kind: r.last < r.first ? 'start' : 'commit', branch: b.name, index, time: r.time, branchOrder: b.order }));
    } else {
      events.push({ kind: 'start', branch: b.name, index: 0, time: b.start, branchOrder: b.order });
      b.commitTimes.forEach((time, index) => events.push({ kind: 'commit', branch: b.name, index, time, branchOrder: b.order }));
    }
    if (b.merge && b.merge.snapTo === null) events.push({ kind: 'merge', branch: b.name, index: 0, time: b.merge.time, branchOrder: b.order });
  }
  events.sort((a, b) => cmp(a.time, b.time) || cmp(KIND_ORDER[a.kind], KIND_ORDER[b.kind]) || cmp(a.branchOrder, b.branchOrder) || cmp(a.index, b.index));
  // Rows by branch order (arrays, not string-keyed maps: 10,000 events are laid out on every live update).
  const startRows: number[] = [];
  const mergeRows: number[] = [];
  const commitRows: number[][] = branches.map((b) => new Array<number>(b.commitTimes.length));
  const foldedRows = new Map<string, number>();
  const orderOf = new Map(branches.map((b) => [b.name, b.order]));
  if (runs) {
    // Every dot of a run is at its run's row.
    const runRows = branches.map((b) => new Array<number>(runs[b.order]!.length));
    events.forEach((e, row) => {
      if (e.kind === 'start' || e.kind === 'commit') runRows[e.branchOrder]![e.index] = row;
      else if (e.kind === 'merge') mergeRows[e.branchOrder] = row;
      else foldedRows.set(e.branch, row);
    });
    for (const b of branches) {
      runs[b.order]!.forEach((r, k) => {
        const row = runRows[b.order]![k]!;
        if (r.withStart) startRows[b.order] = row;
        for (let i = r.first; i <= r.last; i++) commitRows[b.order]![i] = row;
      });
    }
  } else {
    events.forEach((e, row) => {
      if (e.kind === 'start') startRows[e.branchOrder] = row;
      else if (e.kind === 'commit') commitRows[e.branchOrder]![e.index] = row;
      else if (e.kind === 'merge') mergeRows[e.branchOrder] = row;
      else foldedRows.set(e.branch, row);
    });
  }
  const commitRow = (branch: string, index: number): number | undefined => {
    const o = orderOf.get(branch);
    return o === undefined ? undefined : commitRows[o]?.[index];
  };
  const startRow = (b: Prepared) => startRows[b.order]!;
  // A lane reaches its last dot, and the last row a fork leaves it at or a folded marker sits on it (an abandoned
  // branch can be forked from after its last commit: its lane must still be there for the fork to leave from).
  const landed: number[] = [];
  for (const b of branches) {
    const parent = orderOf.get(b.summary.createdFrom ?? b.summary.metadata?.createdFrom ?? '');
    if (parent !== undefined && parent !== b.order) landed[parent] = Math.max(landed[parent] ?? -1, startRows[b.order]!);
  }
  for (const f of folded) {
    const onto = orderOf.get(f.onto);
    if (onto !== undefined) landed[onto] = Math.max(landed[onto] ?? -1, foldedRows.get(f.summary.name)!);
  }
  const lastOwnRow = (b: Prepared) => Math.max(b.commitTimes.length ? commitRows[b.order]![b.commitTimes.length - 1]! : startRow(b), landed[b.order] ?? -1);
  const mergeRow = (b: Prepared): number | null => {
    if (!b.merge) return null;
    if (b.merge.snapTo !== null) return commitRow(b.merge.target, b.merge.snapTo) ?? null;
    return mergeRows[b.order] ?? null;
  };
  const endRow = (b: Prepared): number => {
    if (b.status === 'merged') return Math.max(mergeRow(b) ?? lastOwnRow(b), lastOwnRow(b));
    if (b.status === 'abandoned') return lastOwnRow(b);
    return Number.POSITIVE_INFINITY;
  };
  return { count: events.length, folded: (name) => foldedRows.get(name)!, commit: (branch, index) => commitRow(branch, index)!, start: startRow, lastOwn: lastOwnRow, merge: mergeRow, end: endRow };
}

interface Lanes {
  of: Map<string, number>;
  placements: BranchPlacement[];
  count: number;
}

// Lanes are reused once their branch has been merged or abandoned, so fifty branches need only a few columns.
function assignLanes(branches: readonly Prepared[], rows: Rows): Lanes {
  const laneBusyUntil: number[] = [];
  const laneOf = new Map<string, number>();
  const placements: BranchPlacement[] = [];
  const byStart = [...branches].sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : 0) || cmp(rows.start(a), rows.start(b)));
  for (const b of byStart) {
    const s = rows.start(b);
    let lane = laneBusyUntil.findIndex((until) => until < s);
    if (lane === -1) lane = laneBusyUntil.length;
    const end = rows.end(b);
    laneBusyUntil[lane] = end;
    laneOf.set(b.name, lane);
    placements.push({ name: b.name, lane, startRow: s, endRow: Number.isFinite(end) ? end : rows.count - 1, status: b.status });
  }
  return { of: laneOf, placements, count: laneBusyUntil.length };
}

interface Placed {
  input: LayoutInput;
  rows: Rows;
  laneOf: ReadonlyMap<string, number>;
  byName: ReadonlyMap<string, Prepared>;
  runs: RunsByOrder | null;
}

/** One branch's dots and lines: its start and commits, its lane, the fork from its parent, its merge into the target. */
function drawBranch(b: Prepared, { input, rows, laneOf, byName, runs }: Placed, nodes: GraphNode[], edges: GraphEdge[]): void {
  const lane = laneOf.get(b.name)!;
  const purpose = b.summary.purpose ?? b.summary.metadata?.purpose ?? '';
  const s = rows.start(b);
  if (runs) runNodes(b, input.commits[b.name] ?? [], runs[b.order]!, lane, rows, purpose, nodes);
  else ownNodes(b, input.commits[b.name] ?? [], lane, rows, purpose, nodes);

  const open = b.status !== 'merged' && b.status !== 'abandoned';
  const mr = rows.merge(b);
  const laneEnd = open ? Math.max(rows.count - 1, s) : b.merge && mr !== null ? Math.max(rows.lastOwn(b), mr - CURVE_ROWS) : rows.lastOwn(b);
  edges.push({ id: `${b.name}|lane`, kind: 'lane', branch: b.name, status: b.status, from: { lane, row: s }, to: { lane, row: laneEnd }, open });

  const parent = b.summary.createdFrom ?? b.summary.metadata?.createdFrom ?? '';
  const parentLane = parent && parent !== b.name ? laneOf.get(parent) : undefined;
  if (parentLane !== undefined) {
    edges.push({
      id: `${b.name}|fork`,
      kind: 'fork',
      branch: b.name,
      status: b.status,
      from: { lane: parentLane, row: Math.max(s - CURVE_ROWS, rows.start(byName.get(parent)!)) },
      to: { lane, row: s },
      open: false,
    });
  }

  if (b.merge && mr !== null) {
    const targetLane = laneOf.get(b.merge.target)!;
    if (b.merge.snapTo === null) nodes.push(mergeNode(b, b.merge.target, targetLane, mr, purpose));
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

/** The branch's start dot and one dot a commit, on its lane. */
function ownNodes(b: Prepared, commits: readonly CommitBrief[], lane: number, rows: Rows, purpose: string, nodes: GraphNode[]): void {
  nodes.push({
    id: `${b.name}^`,
    kind: 'start',
    branch: b.name,
    lane,
    row: rows.start(b),
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
      row: rows.commit(b.name, i),
      status: b.status,
      commitIndex: i,
      commitId: c.commitId,
      timestamp: c.timestamp,
      label: firstLine(c.thisCommitContribution),
      purpose,
    }),
  );
}

/** One dot a run (compact view): named after its newest dot, so a cursor or a fresh mark follows the newest commit. */
function runNodes(b: Prepared, commits: readonly CommitBrief[], runs: readonly Run[], lane: number, rows: Rows, purpose: string, nodes: GraphNode[]): void {
  const created = b.summary.metadata?.createdAt ?? null;
  for (const r of runs) {
    const count = r.last - r.first + 1;
    const newest = count > 0 ? commits[r.last] : undefined;
    const row = count > 0 ? rows.commit(b.name, r.last) : rows.start(b);
    nodes.push({
      id: newest ? `${b.name}@${r.last}` : `${b.name}^`,
      kind: newest ? 'commit' : 'start',
      branch: b.name,
      lane,
      row,
      status: b.status,
      commitIndex: newest ? r.last : null,
      commitId: newest?.commitId ?? null,
      timestamp: newest ? newest.timestamp : created,
      label: newest ? firstLine(newest.thisCommitContribution) : b.name,
      purpose,
      run: { commits: count, withStart: r.withStart, since: r.withStart ? created : (commits[r.first]?.timestamp ?? null) },
    });
  }
}

/** The merge dot on the target's lane, for a merge no commit on the target records. */
function mergeNode(b: Prepared, target: string, targetLane: number, row: number, purpose: string): GraphNode {
  return {
    id: `${b.name}>`,
    kind: 'merge',
    branch: b.name,
    lane: targetLane,
    row,
    status: 'merged',
    commitIndex: null,
    commitId: null,
    timestamp: b.summary.metadata?.mergedAt ?? null,
    label: `merged ${b.name} into ${target}`,
    purpose,
  };
}

export function layoutGraph(input: LayoutInput): GraphLayout {
  const branches = prepare(input);
  const shown = new Set(branches.map((b) => b.name));
  const folded = (input.folded ?? []).filter((f) => shown.has(f.onto));
  let runs: RunsByOrder | null = null;
  if (input.compact) {
    const cuts = cutTimes(branches, folded);
    runs = branches.map((b) => branchRuns(b, cuts.get(b.name) ?? []));
  }
  const rows = orderRows(branches, folded, runs);
  const lanes = assignLanes(branches, rows);
  const placed: Placed = { input, rows, laneOf: lanes.of, byName: new Map(branches.map((b) => [b.name, b])), runs };
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (const b of branches) drawBranch(b, placed, nodes, edges);
  for (const f of folded) nodes.push(foldedNode(f, lanes.of.get(f.onto)!, rows.folded(f.summary.name)));
  // One node a row: placing each at its row is the sort.
  const byRow = new Array<GraphNode>(rows.count);
  for (const n of nodes) byRow[n.row] = n;
  return { nodes: byRow, edges, branches: lanes.placements, laneCount: lanes.count, rowCount: rows.count };
}
