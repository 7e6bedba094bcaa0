// The marks the graph draws, as pure functions of the layout: where a lane and a row are, each edge's path, and the
// classes, titles and texts of dots and labels. d3Graph.ts puts them on the elements.
import { formatTimestamp } from '../../ui/time.ts';
import type { GraphEdge, GraphNode } from './layout.ts';

export const LANE_W = 16;
const ROW_H = 22;
const PAD_X = 14;
const PAD_Y = 16;

export const laneX = (lane: number) => PAD_X + lane * LANE_W;
export const rowY = (row: number) => PAD_Y + row * ROW_H;

/** What is selected: a branch, and a commit's node id (`branch@index`). */
export interface Picked {
  branch: string | null;
  node: string | null;
}

export function edgePath(e: GraphEdge): string {
  const x1 = laneX(e.from.lane);
  const y1 = rowY(e.from.row);
  const x2 = laneX(e.to.lane);
  const y2 = rowY(e.to.row);
  if (e.kind === 'lane' || x1 === x2) return `M${x1},${y1}V${y2}`;
  const ym = (y1 + y2) / 2;
  return `M${x1},${y1}C${x1},${ym} ${x2},${ym} ${x2},${y2}`;
}

export function edgeClass(e: GraphEdge, picked: Picked): string {
  return `edge edge-${e.kind} status-${e.status}${e.open ? ' is-open' : ''}${e.branch === picked.branch ? ' is-selected' : ''}`;
}

export function nodeTitle(n: GraphNode): string {
  const when = n.timestamp ? ` · ${formatTimestamp(n.timestamp)}` : '';
  if (n.kind === 'commit') return `${n.commitId}${when}\n${n.label}\n\n${n.branch}: ${n.purpose}`;
  if (n.kind === 'merge') return `${n.label}${when}`;
  return `${n.branch}${when}\n${n.purpose || '(no purpose)'}`;
}

export function nodeRadius(n: GraphNode): number {
  return n.kind === 'commit' ? 4.5 : n.kind === 'merge' ? 3.5 : 4;
}

export function nodeAriaLabel(n: GraphNode): string {
  return n.kind === 'commit' ? `commit ${n.commitId} on ${n.branch}` : n.kind === 'start' ? `branch ${n.branch}` : n.label;
}

/** `node` for the circle, `label` for its text beside it. */
export function nodeClass(base: 'node' | 'label', n: GraphNode, picked: Picked): string {
  return `${base} ${base}-${n.kind} status-${n.status}${n.branch === picked.branch ? ' is-branch-selected' : ''}${n.id === picked.node ? ' is-selected' : ''}`;
}

export function labelText(n: GraphNode): string {
  return n.kind === 'commit' ? `${n.commitId}  ${n.label}` : n.label;
}

/** Labels stand in one column right of the last lane. */
export function labelX(laneCount: number): number {
  return laneX(laneCount - 1) + LANE_W;
}

/** The vertical pan that shows the newest rows when the drawing is taller than the panel; null when it fits. */
export function newestPan(rowCount: number, height: number): number | null {
  const contentH = rowY(rowCount - 1) + PAD_Y;
  return contentH > height && height > 0 ? height - contentH : null;
}
