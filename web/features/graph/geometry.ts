// Where things are in the full graph view, as pure functions: display rows (newest first or oldest first) over the
// layout's rows, lane x, and the marks inside a window of rows (all the virtualized view ever draws). No d3 here: the
// side column's minimap, on the first screen, uses these too.
import type { GraphEdge, GraphLayout, GraphNode } from './layout.ts';

export const ROW_H = 28;
/** The compact view's rows: denser, a branch a row. */
export const COMPACT_ROW_H = 24;
const PAD_X = 12;


/** The narrowest lane step (px): a 1.5 px line and a gap still tell two lanes apart. */
export const MIN_LANE_STEP = 3;

/**
 * Lanes get narrower as they get more, so the lanes take at most about 220 px of the row; past 73 lanes they are
 * packed 3 px apart and the view scrolls across them under the pinned labels (rowColumns.ts).
 */
export function laneStep(laneCount: number): number {
  return Math.max(MIN_LANE_STEP, Math.min(14, Math.floor(220 / Math.max(1, laneCount))));
}

/** A dot's radius: dots shrink with the lanes so neighbours never touch. */
export const dotRadius = (laneW: number) => (laneW >= 12 ? 4.5 : 3.5);

/** Half a dot's drawn width: a merge dot is a px smaller, a folded marker a square turned 45°. */
export function dotHalfWidth(kind: GraphNode['kind'], r: number): number {
  return kind === 'folded' ? r * Math.SQRT2 : kind === 'merge' ? r - 1 : r;
}

export const laneX = (lane: number, step: number) => PAD_X + lane * step;
export const lanesWidth = (laneCount: number, step: number) => laneX(Math.max(0, laneCount - 1), step) + PAD_X + 4;

/** How the view maps the layout: rows in display order, the lane step, and the row height (default ROW_H). */
export interface RowOrder {
  rowCount: number;
  newestFirst: boolean;
  laneW: number;
  rowH?: number;
}

/** The display row (top = 0) of a layout row, and back; the mapping is its own inverse. */
export function displayRow(row: number, o: RowOrder): number {
  return o.newestFirst ? o.rowCount - 1 - row : row;
}

export const rowMidY = (display: number, rowH = ROW_H) => display * rowH + rowH / 2;

/** A layout row (fractional for curve ends) as the y of its display row's middle. */
export function yOf(row: number, o: RowOrder): number {
  return rowMidY(displayRow(row, o), o.rowH);
}

export interface WindowMarks {
  edges: GraphEdge[];
  nodes: GraphNode[];
}

/** The edges crossing display rows [first, last] and the dots on them: what a virtualized window draws. */
export function marksInWindow(layout: GraphLayout, o: RowOrder, first: number, last: number): WindowMarks {
  if (layout.rowCount === 0 || last < first) return { edges: [], nodes: [] };
  const a = displayRow(first, o);
  const b = displayRow(last, o);
  const lo = Math.min(a, b) - 1;
  const hi = Math.max(a, b) + 1;
  const edges = layout.edges.filter((e) => Math.min(e.from.row, e.to.row) <= hi && Math.max(e.from.row, e.to.row) >= lo);
  // One node a row, sorted by row (layout.ts): the window is a slice.
  const nodes = layout.nodes.slice(Math.max(0, lo), Math.min(layout.nodes.length, hi + 1));
  return { edges, nodes };
}

/** The branch on `lane` at `row` (a merge dot and a folded marker sit on another branch's lane and take its colour). */
export function laneOwnerAt(layout: GraphLayout, lane: number, row: number): string | null {
  return layout.branches.find((b) => b.lane === lane && b.startRow <= row && row <= b.endRow)?.name ?? null;
}

/** The branch whose lane is next to `lane` (by `step`) and alive at `row`, skipping empty lanes; null at the edge. */
export function branchBeside(layout: GraphLayout, row: number, lane: number, step: -1 | 1): string | null {
  const alive = layout.branches.filter((b) => b.startRow <= row && row <= b.endRow);
  const candidates = alive.filter((b) => (step > 0 ? b.lane > lane : b.lane < lane)).sort((x, y) => (x.lane - y.lane) * step);
  return candidates[0]?.name ?? null;
}

/** The row of `branch`'s dot nearest to `row` (folded markers count). */
export function nearestRowOf(layout: GraphLayout, branch: string, row: number): number | null {
  let best: number | null = null;
  for (const n of layout.nodes) {
    if (n.branch !== branch || n.kind === 'merge') continue;
    if (best === null || Math.abs(n.row - row) < Math.abs(best - row)) best = n.row;
  }
  return best;
}
