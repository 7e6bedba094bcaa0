// A graph edge as an svg path: a lane as a line cut to the drawn window, a fork or merge as d3-shape's vertical link.
import { linkVertical } from 'd3';
import { laneX, yOf, type RowOrder } from './geometry.ts';
import type { GraphEdge } from './layout.ts';

const joinPath = linkVertical<{ source: [number, number]; target: [number, number] }, [number, number]>();

/**
 * The edge's path; `clip` ([top, bottom] in px) cuts a lane to the window it is drawn in: a lane can run 300,000 px
 * down a 10,000-row graph, and the browser strokes (and dashes) all of it on every frame otherwise.
 */
export function edgePathIn(e: GraphEdge, o: RowOrder, clip?: readonly [number, number]): string {
  const x1 = laneX(e.from.lane, o.laneW);
  let y1 = yOf(e.from.row, o);
  const x2 = laneX(e.to.lane, o.laneW);
  let y2 = yOf(e.to.row, o);
  if (e.kind === 'lane' || x1 === x2) {
    if (clip) {
      const [top, bottom] = clip;
      const clamp = (y: number) => Math.min(bottom, Math.max(top, y));
      y1 = clamp(y1);
      y2 = clamp(y2);
    }
    return `M${x1},${y1}V${y2}`;
  }
  return joinPath({ source: [x1, y1], target: [x2, y2] }) ?? '';
}

