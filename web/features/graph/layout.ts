// The branch graph as data: workspace → nodes and edges on a grid of lanes (x) and rows (y, time order).
// Pure and deterministic so it is unit-tested; the graph views only draw what this returns.
import type { BranchSummary, CommitBrief } from '../../../shared/api.ts';
import { countOf } from '../../ui/count.ts';
import { plainInline } from '../../ui/plainInline.ts';
import { statusClass, type StatusClass } from '../../ui/status.ts';
import { prepare, type Prepared } from './branchTimes.ts';
import { MinHeap } from './minHeap.ts';
import { cmp, compactRows, orderRows, type Rows } from './rowOrder.ts';

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
  /** Each row's moment, epoch ms, in row order (-Infinity: none): what the rows were sorted by. */
  times: readonly number[];
}

export interface LayoutInput {
  branches: readonly BranchSummary[];
  /** Commits per branch name; a branch whose commits are not loaded yet has none here. */
  commits: Readonly<Record<string, readonly CommitBrief[] | undefined>>;
  /** Branches left out of `branches` by a filter: each becomes one marker on `onto`'s lane at `time`. */
  folded?: readonly FoldedBranch[];
  /** One row a branch (its newest commit, and how many), its lane spanning its time (rowOrder.ts), not one a dot. */
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

interface Lanes {
  of: Map<string, number>;
  placements: BranchPlacement[];
  count: number;
}

// Lanes are reused once their branch has been merged or abandoned, so fifty branches need only a few columns. A branch
// takes the lowest lane free at its start (busy until a row before it); by start order, a lane freed stays free.
function assignLanes(branches: readonly Prepared[], rows: Rows): Lanes {
  const laneOf = new Map<string, number>();
  const placements: BranchPlacement[] = [];
  const busy = new MinHeap<{ until: number; lane: number }>((a, b) => a.until < b.until);
  const free = new MinHeap<number>((a, b) => a < b);
  let count = 0;
  const byStart = [...branches].sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : 0) || cmp(rows.start(a), rows.start(b)));
  for (const b of byStart) {
    const s = rows.start(b);
    while (busy.size > 0 && busy.peek()!.until < s) free.push(busy.pop()!.lane);
    const lane = free.pop() ?? count++;
    const end = rows.end(b);
    busy.push({ until: end, lane });
    laneOf.set(b.name, lane);
    placements.push({ name: b.name, lane, startRow: s, endRow: Number.isFinite(end) ? end : rows.count - 1, status: b.status });
  }
  return { of: laneOf, placements, count };
}

interface Placed {
  input: LayoutInput;
  rows: Rows;
  laneOf: ReadonlyMap<string, number>;
  byName: ReadonlyMap<string, Prepared>;
  compact: boolean;
}

/** One branch's dots and lines: its start and commits, its lane, the fork from its parent, its merge into the target. */
function drawBranch(b: Prepared, { input, rows, laneOf, byName, compact }: Placed, nodes: GraphNode[], edges: GraphEdge[]): void {
  const lane = laneOf.get(b.name)!;
  const purpose = b.summary.purpose ?? b.summary.metadata?.purpose ?? '';
  const s = rows.start(b);
  if (compact) nodes.push(branchNode(b, input.commits[b.name] ?? [], lane, rows, purpose));
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
    // Compact rows land a merge between rows, at its moment, with no dot of its own.
    if (b.merge.snapTo === null && !compact) nodes.push(mergeNode(b, b.merge.target, targetLane, mr, purpose));
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

/** The compact view's one dot a branch, at its newest commit: named after it, so a cursor or a fresh mark follows it. */
function branchNode(b: Prepared, commits: readonly CommitBrief[], lane: number, rows: Rows, purpose: string): GraphNode {
  const created = b.summary.metadata?.createdAt ?? null;
  const newest = commits.at(-1);
  const last = commits.length - 1;
  return {
    id: newest ? `${b.name}@${last}` : `${b.name}^`,
    kind: newest ? 'commit' : 'start',
    branch: b.name,
    lane,
    // The branch's one row (its start, when it has no commit yet: rows.start is where its lane begins).
    row: rows.commit(b.name, last),
    status: b.status,
    commitIndex: newest ? last : null,
    commitId: newest?.commitId ?? null,
    timestamp: newest ? newest.timestamp : created,
    label: newest ? firstLine(newest.thisCommitContribution) : b.name,
    purpose,
    run: { commits: commits.length, withStart: true, since: created },
  };
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
  const rows = input.compact ? compactRows(branches, folded) : orderRows(branches, folded);
  const lanes = assignLanes(branches, rows);
  const placed: Placed = { input, rows, laneOf: lanes.of, byName: new Map(branches.map((b) => [b.name, b])), compact: input.compact === true };
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (const b of branches) drawBranch(b, placed, nodes, edges);
  for (const f of folded) nodes.push(foldedNode(f, lanes.of.get(f.onto)!, rows.folded(f.summary.name)));
  // One node a row: placing each at its row is the sort.
  const byRow = new Array<GraphNode>(rows.count);
  for (const n of nodes) byRow[n.row] = n;
  return { nodes: byRow, edges, branches: lanes.placements, laneCount: lanes.count, rowCount: rows.count, times: rows.times };
}

/** A commit's first non-blank line as plain text (a row draws no Markdown), cut to `max`: its label on the graph. */
export function firstLine(text: string, max = 90): string {
  // Scans to the first non-blank line only: merge commits can carry every contribution of the branch after it.
  let from = 0;
  let line = '';
  while (from <= text.length) {
    const end = text.indexOf('\n', from);
    line = text.slice(from, end === -1 ? text.length : end).trim();
    if (line !== '' || end === -1) break;
    from = end + 1;
  }
  // Markers taken out of a bounded start: a merge commit's first line can hold every contribution of the branch.
  line = plainInline(line.length > 4 * max ? line.slice(0, 4 * max) : line);
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}

/** The marker of a hidden branch on the lane it forked from. */
export function foldedNode(f: FoldedBranch, lane: number, row: number): GraphNode {
  const s = f.summary;
  const status = s.status ?? s.metadata?.status ?? null;
  return {
    id: `${s.name}~`,
    kind: 'folded',
    branch: s.name,
    lane,
    row,
    status: statusClass(status),
    commitIndex: null,
    commitId: null,
    timestamp: s.metadata?.createdAt ?? null,
    label: `${s.name} (${status ?? 'no metadata'}${s.mergedInto ? ` → ${s.mergedInto}` : ''}, ${countOf(s.commitCount, 'commit')}) folded`,
    purpose: s.purpose ?? s.metadata?.purpose ?? '',
  };
}
