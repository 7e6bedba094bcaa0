// The minimap drawn on a canvas: lanes, dots, the focus's lineage and the time axis. No d3 here: the minimap is on the
// first screen and d3 loads after it.
import { parseTimestamp } from '../../ui/time.ts';
import type { GraphModel } from './graphModel.ts';
import { displayRow, type RowOrder } from './geometry.ts';
import type { GraphLayout } from './layout.ts';
import { fitName } from './rowText.ts';

/** The axis' column on the right (labels like "Dec 02", "14:30" or "14:30:15"). */
export const AXIS_W = 58;
/** Names beside the dots once a row is at least this tall (px). */
const NAME_ROW_H = 11;

export interface MinimapScale {
  x(lane: number): number;
  y(display: number): number;
  /** The display row at a y (CSS pixels). */
  rowAt(y: number): number;
  /** Where the lanes end: names start after it. */
  lanesRight: number;
}

export function minimapScale(laneCount: number, rowCount: number, width: number, height: number): MinimapScale {
  const room = Math.max(0, width - AXIS_W - 16);
  const perRow = height / Math.max(1, rowCount);
  // Lanes spread over the room (a third of it when the names are drawn beside them), 2 to 18 px apart.
  const share = perRow >= NAME_ROW_H ? room / 3 : room;
  const step = Math.max(2, Math.min(18, share / Math.max(1, laneCount)));
  return {
    x: (lane) => 8 + lane * step + step / 2,
    y: (d) => (d + 0.5) * perRow,
    rowAt: (y) => Math.min(rowCount - 1, Math.max(0, Math.floor(y / perRow))),
    lanesRight: 8 + laneCount * step,
  };
}

/** Each layout row's time (epoch ms), never going back: a row without one takes the row's before it. */
export function rowTimes(layout: GraphLayout): Float64Array {
  const out = new Float64Array(layout.rowCount);
  let last = Number.NEGATIVE_INFINITY;
  layout.nodes.forEach((n, i) => {
    const t = parseTimestamp(n.timestamp);
    if (Number.isFinite(t) && t > last) last = t;
    out[i] = last;
  });
  return out;
}

/** A label of the time axis, at the y of its row (minimapTime.ts makes them). */
export interface AxisTick {
  y: number;
  label: string;
}

export interface MinimapColours {
  lane(branch: string): string;
  text: string;
  faint: string;
}

// One piece: a single pass over the edges and one over the dots keeps the canvas state changes few.
export function drawMinimap(ctx: CanvasRenderingContext2D, model: GraphModel, order: RowOrder, s: MinimapScale, colours: MinimapColours, focus: ReadonlySet<string> | null, ticks: readonly AxisTick[], width: number): void {
  const { layout } = model;
  const alpha = (b: string) => (focus && !focus.has(b) ? 0.18 : 1);
  ctx.lineCap = 'round';
  const perRow = s.y(1) - s.y(0);
  // Squeezed to under a pixel a row, forks and merges are a hatch over the lanes: drawn faint, the lanes stay legible.
  const joinAlpha = perRow < 1 ? 0.25 : 1;
  for (const e of layout.edges) {
    ctx.globalAlpha = alpha(e.branch) * (e.status === 'abandoned' ? 0.6 : 1) * (e.kind === 'lane' ? 1 : joinAlpha);
    ctx.strokeStyle = colours.lane(e.branch);
    ctx.lineWidth = e.kind === 'lane' ? 2 : 1.2;
    ctx.beginPath();
    ctx.moveTo(s.x(e.from.lane), s.y(displayRow(e.from.row, order)));
    ctx.lineTo(s.x(e.to.lane), s.y(displayRow(e.to.row, order)));
    ctx.stroke();
  }
  if (perRow >= 2.5) {
    const r = Math.min(3, perRow / 2.5);
    for (const n of layout.nodes) {
      if (n.kind === 'merge') continue;
      ctx.globalAlpha = alpha(n.branch);
      ctx.fillStyle = n.kind === 'folded' ? colours.faint : colours.lane(n.branch);
      ctx.beginPath();
      ctx.arc(s.x(n.lane), s.y(displayRow(n.row, order)), n.kind === 'commit' ? r : r * 0.8, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.font = '10.5px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
  ctx.textBaseline = 'middle';
  if (perRow >= NAME_ROW_H) drawNames(ctx, model, order, s, colours, alpha, width);
  ctx.globalAlpha = 1;
  ctx.fillStyle = colours.faint;
  ctx.strokeStyle = colours.faint;
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  for (const t of ticks) {
    ctx.beginPath();
    ctx.moveTo(width - 4, t.y);
    ctx.lineTo(width - 1, t.y);
    ctx.stroke();
    ctx.fillText(t.label, width - 6, t.y);
  }
  ctx.textAlign = 'left';
}

/** Each branch's name beside its newest dot, where it does not run into the axis or another name. */
function drawNames(ctx: CanvasRenderingContext2D, model: GraphModel, order: RowOrder, s: MinimapScale, colours: MinimapColours, alpha: (b: string) => number, width: number): void {
  const right = width - AXIS_W - 4;
  const taken: number[] = [];
  for (const [branch, row] of model.headRow) {
    const y = s.y(displayRow(row, order));
    if (taken.some((t) => Math.abs(t - y) < 12)) continue;
    taken.push(y);
    const x = Math.max(s.lanesRight, s.x(model.layout.nodes[row]!.lane) + 8) + 2;
    ctx.globalAlpha = alpha(branch);
    ctx.fillStyle = colours.text;
    ctx.fillText(fitName(branch, Math.floor((right - x) / ctx.measureText('0').width)), x, y);
  }
}
