// A graph edge as an svg path: a line when its ends share a lane, else a vertical link (d3-shape's linkVertical, its
// one cubic written out, so the Graph tab's chunk does not wait on d3-shape's). The lanes themselves are drawn by
// tile (laneTiles.ts), cut to the tile.
import { laneX, yOf, type RowOrder } from './geometry.ts';
import type { GraphEdge } from './layout.ts';

export function edgePathIn(e: GraphEdge, o: RowOrder): string {
  const x1 = laneX(e.from.lane, o.laneW);
  const y1 = yOf(e.from.row, o);
  const x2 = laneX(e.to.lane, o.laneW);
  const y2 = yOf(e.to.row, o);
  if (e.kind === 'lane' || x1 === x2) return `M${x1},${y1}V${y2}`;
  // Three decimals, as d3-shape's link writes them.
  const r = (v: number) => Math.round(v * 1000) / 1000;
  const mid = r((y1 + y2) / 2);
  return `M${r(x1)},${r(y1)}C${r(x1)},${mid},${r(x2)},${mid},${r(x2)},${r(y2)}`;
}
