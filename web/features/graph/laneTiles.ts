// The lanes drawn in fixed tiles of rows: a tile's lanes are a few paths (one a look: colour, status, dim, selected),
// each lane cut to the tile. A scroll then changes the DOM only when a tile comes into the window, not on every
// frame (on 5,000 branches some 2,500 lanes cross any window: one path each, re-cut each frame, was the scroll's cost).
import { displayRow, laneX, yOf, type RowOrder, type WindowMarks } from './geometry.ts';
import type { GraphEdge, GraphLayout } from './layout.ts';

/** Rows a tile spans: a few screens of overscan would re-cut too often, a whole graph would be one long path again. */
export const TILE_ROWS = 64;

/** The period of an abandoned lane's dashes (graphView.css: stroke-dasharray 3 3). */
export const DASH_PERIOD = 6;

/** The tiles that display rows [first, last] touch. */
export function tilesIn(first: number, last: number, tileRows = TILE_ROWS): number[] {
  if (last < first) return [];
  const out: number[] = [];
  for (let t = Math.floor(first / tileRows); t <= Math.floor(last / tileRows); t++) out.push(t);
  return out;
}

/**
 * The part of the vertical line from y `a` to y `b` inside [lo, hi], in the line's own direction; null when none.
 * With `period`, the cut start moves back to a whole number of periods from `a`, so dashes keep their phase.
 */
export function cutLane(a: number, b: number, lo: number, hi: number, period = 0): [number, number] | null {
  const down = b >= a;
  const [top, bottom] = down ? [a, b] : [b, a];
  if (bottom < lo || top > hi) return null;
  const clamp = (y: number) => Math.min(hi, Math.max(lo, y));
  let start = clamp(a);
  if (period > 0 && start !== a) {
    // Whole periods from `a` toward `b`, no further than the cut.
    const whole = Math.floor(Math.abs(start - a) / period) * period;
    start = down ? a + whole : a - whole;
  }
  return [start, clamp(b)];
}

/** Columns of this many px: the lanes drawn are those of the columns on screen, redrawn when another comes in. */
export const COLUMN_W = 512;

/** [left, right] (px) of the lanes to draw for a view scrolled `scrollLeft` across, at most `viewWidth` wide. */
export function columnsInView(scrollLeft: number, viewWidth: number, columnW = COLUMN_W): [number, number] {
  const first = Math.floor(Math.max(0, scrollLeft) / columnW);
  return [first * columnW, (first + 1) * columnW + Math.ceil(viewWidth / columnW) * columnW];
}

/** Room beside a drawn column for a lane's stroke (the selected one's is 3 px) to show whole at its edge. */
const STROKE_ROOM = 4;

/**
 * The lanes (kind `lane`) in the band [lo, hi] (y) and between `left` and `right` (x) as path data by look; `lookOf`
 * names the look. On 5,000 branches a band is crossed by 2,500 lanes, and a screen shows some 130 of them.
 */
export function lanePaths(edges: readonly GraphEdge[], o: RowOrder, lo: number, hi: number, lookOf: (e: GraphEdge) => string, left = -Infinity, right = Infinity): Map<string, string> {
  const parts = new Map<string, string[]>();
  for (const e of edges) {
    if (e.kind !== 'lane') continue;
    const x = laneX(e.from.lane, o.laneW);
    if (x < left - STROKE_ROOM || x > right + STROKE_ROOM) continue;
    const cut = cutLane(yOf(e.from.row, o), yOf(e.to.row, o), lo, hi, e.status === 'abandoned' ? DASH_PERIOD : 0);
    if (!cut) continue;
    const key = lookOf(e);
    const list = parts.get(key);
    const d = `M${x},${cut[0]}V${cut[1]}`;
    if (list) list.push(d);
    else parts.set(key, [d]);
  }
  return new Map([...parts].map(([k, v]) => [k, v.join('')]));
}

/** Half the width a lane answers the pointer within (the old hit path's stroke, 11 px). */
export const LANE_HIT = 5.5;

/** The lane edges on each lane: what `laneAt` looks through (a lane holds a few branches, one after another). */
export type LaneIndex = ReadonlyMap<number, readonly GraphEdge[]>;

export function laneIndex(layout: GraphLayout): LaneIndex {
  const by = new Map<number, GraphEdge[]>();
  for (const e of layout.edges) {
    if (e.kind !== 'lane') continue;
    const list = by.get(e.from.lane);
    if (list) list.push(e);
    else by.set(e.from.lane, [e]);
  }
  return by;
}

/** The branch whose lane line is under (x, y) (px in the rows' space), the nearest lane first; null off every lane. */
export function laneAt(index: LaneIndex, layout: GraphLayout, o: RowOrder, x: number, y: number): string | null {
  const step = o.laneW;
  const near = Math.round((x - laneX(0, step)) / step);
  const reach = Math.ceil(LANE_HIT / step);
  let best: { branch: string; dx: number } | null = null;
  for (let lane = Math.max(0, near - reach); lane <= Math.min(layout.laneCount - 1, near + reach); lane++) {
    const dx = Math.abs(x - laneX(lane, step));
    if (dx > LANE_HIT || (best && dx >= best.dx)) continue;
    const hit = (index.get(lane) ?? []).find((e) => {
      const a = yOf(e.from.row, o);
      const b = yOf(e.to.row, o);
      return Math.min(a, b) <= y && y <= Math.max(a, b);
    });
    if (hit) best = { branch: hit.branch, dx };
  }
  return best?.branch ?? null;
}

/** The marks a tile looks through: the lane edges by lane, and the forks and merges by their first row. */
export interface MarkIndex {
  lanes: LaneIndex;
  /** Fork and merge edges, by the lower of their two rows. */
  curves: readonly GraphEdge[];
  /** The most rows a curve spans. */
  curveRows: number;
  /** Each edge's place in the layout: a tile draws its marks in that order, as a look through every edge did. */
  place: ReadonlyMap<GraphEdge, number>;
}

const lowRow = (e: GraphEdge) => Math.min(e.from.row, e.to.row);

export function markIndex(layout: GraphLayout, lanes: LaneIndex = laneIndex(layout)): MarkIndex {
  const curves = layout.edges.filter((e) => e.kind !== 'lane').sort((a, b) => lowRow(a) - lowRow(b));
  const place = new Map(layout.edges.map((e, i) => [e, i]));
  return { lanes, curves, curveRows: Math.max(0, ...curves.map((e) => Math.abs(e.to.row - e.from.row))), place };
}

/**
 * What `marksInWindow` gives for display rows [first, last], but only the lanes between x `left` and `right`: the
 * lanes of the columns on screen are looked up by lane and the curves by row, not found among every edge (12,500 on
 * 5,000 branches, once a tile).
 */
export function marksInTile(index: MarkIndex, layout: GraphLayout, o: RowOrder, first: number, last: number, left: number, right: number): WindowMarks {
  if (layout.rowCount === 0 || last < first) return { edges: [], nodes: [] };
  const a = displayRow(first, o);
  const b = displayRow(last, o);
  const lo = Math.min(a, b) - 1;
  const hi = Math.max(a, b) + 1;
  const crosses = (e: GraphEdge) => lowRow(e) <= hi && Math.max(e.from.row, e.to.row) >= lo;
  const edges: GraphEdge[] = [];
  const fromLane = Math.max(0, Math.floor((left - STROKE_ROOM - laneX(0, o.laneW)) / o.laneW));
  const toLane = Math.min(layout.laneCount - 1, Math.ceil((right + STROKE_ROOM - laneX(0, o.laneW)) / o.laneW));
  for (let lane = fromLane; lane <= toLane; lane++) for (const e of index.lanes.get(lane) ?? []) if (crosses(e)) edges.push(e);
  // The first curve that can reach row `lo`, then on while they start at or before `hi`.
  const { curves } = index;
  let i = 0;
  let j = curves.length;
  while (i < j) {
    const mid = (i + j) >> 1;
    if (lowRow(curves[mid]!) < lo - index.curveRows) i = mid + 1;
    else j = mid;
  }
  for (; i < curves.length && lowRow(curves[i]!) <= hi; i++) if (crosses(curves[i]!)) edges.push(curves[i]!);
  edges.sort((x, y) => index.place.get(x)! - index.place.get(y)!);
  const nodes = layout.nodes.slice(Math.max(0, lo), Math.min(layout.nodes.length, hi + 1));
  return { edges, nodes };
}
