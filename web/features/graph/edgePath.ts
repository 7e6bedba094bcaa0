// A graph edge as an svg path: a line when its ends share a lane, else d3-shape's vertical link. The lanes themselves
// are drawn by tile (laneTiles.ts), cut to the tile.
import { linkVertical } from 'd3';
import { laneX, yOf, type RowOrder } from './geometry.ts';
import type { GraphEdge } from './layout.ts';

const joinPath = linkVertical<{ source: [number, number]; target: [number, number] }, [number, number]>();

export function edgePathIn(e: GraphEdge, o: RowOrder): string {
  const x1 = laneX(e.from.lane, o.laneW);
  const y1 = yOf(e.from.row, o);
  const x2 = laneX(e.to.lane, o.laneW);
  const y2 = yOf(e.to.row, o);
  if (e.kind === 'lane' || x1 === x2) return `M${x1},${y1}V${y2}`;
  return joinPath({ source: [x1, y1], target: [x2, y2] }) ?? '';
}
