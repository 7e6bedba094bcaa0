// Pixels and times on the timeline's axis: linear within each piece (shared/gcc/moment/axis-segments.ts), a quiet
// stretch drawn narrow. Pure.
import { axisPieces, pieceAtFraction, pieceAtMs, type AxisPiece, type AxisSegment } from '../../../shared/gcc/moment/axis-segments.ts';

export interface AxisScale {
  width: number;
  pieces: readonly AxisPiece[];
  /** The x of a time; one outside the range is placed past the nearest end, at that end's pace. */
  xAtMs(ms: number): number;
  /** The time at an x, clamped to the axis. */
  msAtX(x: number): number;
}

export function axisScale(segments: readonly AxisSegment[], width: number): AxisScale {
  const pieces = axisPieces(segments);
  const along = (p: AxisPiece, ms: number) => (p.toMs > p.fromMs ? (ms - p.fromMs) / (p.toMs - p.fromMs) : 0);
  return {
    width,
    pieces,
    xAtMs: (ms) => {
      const p = pieceAtMs(pieces, ms);
      return (p.x0 + along(p, ms) * (p.x1 - p.x0)) * width;
    },
    msAtX: (x) => {
      const f = Math.min(Math.max(x, 0), width) / Math.max(1, width);
      const p = pieceAtFraction(pieces, f);
      return p.fromMs + (p.x1 > p.x0 ? (f - p.x0) / (p.x1 - p.x0) : 0) * (p.toMs - p.fromMs);
    },
  };
}

export interface AxisRange {
  fromMs: number;
  toMs: number;
}

/** The least span the wheel zooms in to: records are a second apart or more, and a narrower range shows nothing more. */
export const MIN_ZOOM_MS = 1000;

/** The range zoomed by `factor` (< 1 zooms in) around `centreMs`, at least MIN_ZOOM_MS long, kept inside `bounds`. */
export function zoomRange(range: AxisRange, centreMs: number, factor: number, bounds: AxisRange): AxisRange {
  const span = Math.max(MIN_ZOOM_MS, (range.toMs - range.fromMs) * factor);
  const left = (centreMs - range.fromMs) / Math.max(1, range.toMs - range.fromMs);
  return within(centreMs - left * span, span, bounds);
}

/**
 * Zoomed in at x: the time drawn on the half of the axis around it (what lies before x halved, and what lies after), so
 * the part the pointer is over stays under it, a quiet stretch's neighbours with it; at least MIN_ZOOM_MS, inside `bounds`.
 */
export function zoomInAt(scale: AxisScale, x: number, bounds: AxisRange): AxisRange {
  const fromMs = scale.msAtX(x / 2);
  const toMs = scale.msAtX(x + (scale.width - x) / 2);
  if (toMs - fromMs >= MIN_ZOOM_MS) return within(fromMs, toMs - fromMs, bounds);
  return within(scale.msAtX(x) - MIN_ZOOM_MS / 2, MIN_ZOOM_MS, bounds);
}

/** `span` from `fromMs`, moved inside `bounds` (or all of them when they are shorter). */
function within(fromMs: number, span: number, bounds: AxisRange): AxisRange {
  let from = fromMs;
  let to = fromMs + span;
  if (from < bounds.fromMs) [from, to] = [bounds.fromMs, bounds.fromMs + span];
  if (to > bounds.toMs) [from, to] = [Math.max(bounds.fromMs, bounds.toMs - span), bounds.toMs];
  return { fromMs: from, toMs: to };
}

/** The zoom to keep: null (none) once it covers all of `bounds`. */
export const zoomWithin = (range: AxisRange, bounds: AxisRange): AxisRange | null => (range.fromMs <= bounds.fromMs && range.toMs >= bounds.toMs ? null : range);
