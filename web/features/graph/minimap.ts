// The minimap drawn on a canvas: lanes, dots, the focus's lineage and the time axis. No d3 here: the minimap is on the
// first screen and d3 loads after it.
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
  /** Where the lanes end: names start after it, and the axis' column never has a lane under it. */
  lanesRight: number;
  /** A lane's stroke (px): thinner than 2 once thousands of lanes share the room. */
  laneWidth: number;
}

export function minimapScale(laneCount: number, rowCount: number, width: number, height: number): MinimapScale {
  const room = Math.max(0, width - AXIS_W - 16);
  const perRow = height / Math.max(1, rowCount);
  // Lanes spread over the room (a third of it when the names are drawn beside them), at most 18 px apart; thousands
  // of them are packed under a pixel apart rather than run under the axis, where its labels could not be read.
  const share = perRow >= NAME_ROW_H ? room / 3 : room;
  const step = Math.min(18, share / Math.max(1, laneCount));
  return {
    x: (lane) => 8 + lane * step + step / 2,
    y: (d) => (d + 0.5) * perRow,
    rowAt: (y) => Math.min(rowCount - 1, Math.max(0, Math.floor(y / perRow))),
    lanesRight: 8 + laneCount * step,
    laneWidth: Math.max(0.75, Math.min(2, step * 0.8)),
  };
}

/** Each layout row's time (epoch ms), never going back: a row without one takes the row's before it. */
export function rowTimes(layout: GraphLayout): Float64Array {
  // The layout's own moments (no timestamp parsed again: 33,000 rows on 5,000 branches).
  const out = new Float64Array(layout.rowCount);
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < layout.rowCount; i++) {
    const t = layout.times[i]!;
    if (Number.isFinite(t) && t > last) last = t;
    out[i] = last;
  }
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
  /** The page's background: a backdrop behind each label of the axis. */
  bg: string;
}

/** The right margin the time axis keeps, in CSS pixels: nothing of it is drawn there. */
export const AXIS_EDGE_PX = 6;

// One piece: the edges stroked by look, then the dots, keep the canvas state changes few.
export function drawMinimap(ctx: CanvasRenderingContext2D, model: GraphModel, order: RowOrder, s: MinimapScale, colours: MinimapColours, focus: ReadonlySet<string> | null, ticks: readonly AxisTick[], width: number): void {
  const { layout } = model;
  const alpha = (b: string) => (focus && !focus.has(b) ? 0.18 : 1);
  ctx.lineCap = 'round';
  const perRow = s.y(1) - s.y(0);
  strokeEdges(ctx, layout, order, s, colours, alpha, perRow);
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
  // Clear of the right edge, where the box's border and the viewport's run: a tick mark drawn up to the edge merged
  // with them and read as a label cut short ("Dec 05-").
  const tickEnd = width - AXIS_EDGE_PX;
  ctx.lineCap = 'butt';
  for (const t of ticks) {
    const w = ctx.measureText(t.label).width;
    ctx.fillStyle = colours.bg;
    ctx.fillRect(tickEnd - 7 - w, t.y - 7, w + 4, 14);
    ctx.fillStyle = colours.text;
    ctx.beginPath();
    ctx.moveTo(tickEnd - 3, t.y);
    ctx.lineTo(tickEnd, t.y);
    ctx.stroke();
    ctx.fillText(t.label, tickEnd - 5, t.y);
  }
  ctx.textAlign = 'left';
}

interface EdgeLook {
  colour: string;
  alpha: number;
  width: number;
  /** x1, y1, x2, y2 of each line. */
  lines: number[];
}

/**
 * Every edge as a line, one stroke a look (colour, alpha, width) and the lanes' looks first: a stroke an edge was
 * 12,500 strokes and 140 ms on 5,000 branches, before the Graph tab could draw.
 */
function strokeEdges(ctx: CanvasRenderingContext2D, layout: GraphLayout, order: RowOrder, s: MinimapScale, colours: MinimapColours, alpha: (b: string) => number, perRow: number): void {
  // Squeezed to under a pixel a row, forks and merges are a hatch over the lanes: drawn faint, the lanes stay legible.
  const joinAlpha = perRow < 1 ? 0.25 : 1;
  const looks = new Map<string, EdgeLook>();
  const add = (e: GraphLayout['edges'][number]) => {
    const look = { colour: colours.lane(e.branch), alpha: alpha(e.branch) * (e.status === 'abandoned' ? 0.6 : 1) * (e.kind === 'lane' ? 1 : joinAlpha), width: e.kind === 'lane' ? s.laneWidth : Math.min(1.2, s.laneWidth) };
    const key = `${e.kind === 'lane'}|${look.colour}|${look.alpha}|${look.width}`;
    let at = looks.get(key);
    if (!at) looks.set(key, (at = { ...look, lines: [] }));
    at.lines.push(s.x(e.from.lane), s.y(displayRow(e.from.row, order)), s.x(e.to.lane), s.y(displayRow(e.to.row, order)));
  };
  for (const e of layout.edges) if (e.kind === 'lane') add(e);
  for (const e of layout.edges) if (e.kind !== 'lane') add(e);
  for (const look of looks.values()) {
    ctx.globalAlpha = look.alpha;
    ctx.strokeStyle = look.colour;
    ctx.lineWidth = look.width;
    ctx.beginPath();
    for (let i = 0; i < look.lines.length; i += 4) {
      ctx.moveTo(look.lines[i]!, look.lines[i + 1]!);
      ctx.lineTo(look.lines[i + 2]!, look.lines[i + 3]!);
    }
    ctx.stroke();
  }
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
