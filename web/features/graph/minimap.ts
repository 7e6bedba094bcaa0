// The minimap's drawing: the whole (filtered) graph squeezed into a canvas, lanes as lines in their branch colours,
// dots while there is room for them, the focus's lineage bright and the rest faint. Pure canvas calls, no DOM reads
// beyond the colours it is handed.
import type { GraphModel } from './graphModel.ts';
import { branchColours, displayRow, LANE_COLOURS, type RowOrder } from './geometry.ts';

export interface MinimapScale {
  x(lane: number): number;
  y(display: number): number;
  /** The display row at a y (CSS pixels). */
  rowAt(y: number): number;
}

export function minimapScale(laneCount: number, rowCount: number, width: number, height: number): MinimapScale {
  const step = Math.min(12, Math.max(2, (width - 16) / Math.max(1, laneCount)));
  const perRow = height / Math.max(1, rowCount);
  return {
    x: (lane) => 8 + lane * step + step / 2,
    y: (d) => (d + 0.5) * perRow,
    rowAt: (y) => Math.min(rowCount - 1, Math.max(0, Math.floor(y / perRow))),
  };
}

/** Reads the lane palette once per draw (the CSS custom properties, light or dark). */
export function lanePalette(el: Element): string[] {
  const css = getComputedStyle(el);
  return Array.from({ length: LANE_COLOURS }, (_, i) => css.getPropertyValue(`--lane-${i}`).trim() || '#888');
}

// One piece: a single pass over the edges and one over the dots keeps the canvas state changes few.
export function drawMinimap(ctx: CanvasRenderingContext2D, model: GraphModel, order: RowOrder, s: MinimapScale, palette: readonly string[], focus: ReadonlySet<string> | null): void {
  const { layout } = model;
  const colours = branchColours(layout);
  const colour = (b: string) => palette[colours.get(b) ?? 0] ?? '#888';
  const alpha = (b: string) => (focus && !focus.has(b) ? 0.18 : 1);
  ctx.lineCap = 'round';
  const perRow = s.y(1) - s.y(0);
  // Squeezed to under a pixel a row, forks and merges are a hatch over the lanes: drawn faint, the lanes stay legible.
  const joinAlpha = perRow < 1 ? 0.25 : 1;
  for (const e of layout.edges) {
    ctx.globalAlpha = alpha(e.branch) * (e.status === 'abandoned' ? 0.6 : 1) * (e.kind === 'lane' ? 1 : joinAlpha);
    ctx.strokeStyle = colour(e.branch);
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
      ctx.fillStyle = colour(n.kind === 'folded' ? '' : n.branch);
      ctx.beginPath();
      ctx.arc(s.x(n.lane), s.y(displayRow(n.row, order)), n.kind === 'commit' ? r : r * 0.8, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.globalAlpha = 1;
}
