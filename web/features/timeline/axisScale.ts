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
