// Where the rows' labels go: after the lanes while the lanes fit beside them, else in a column pinned to the view's
// right over the lanes (which then scroll across under it). On 5,000 branches the lanes are thousands of pixels wide:
// labels after them were off screen, and a row could not be told from another.
import { laneX } from './geometry.ts';

/** The lanes never get less than this share of the view before the labels pin over them... */
const LANES_SHARE = 0.4;
/** ...nor less than this (px), unless the view is narrower than twice it. */
const LANES_MIN = 260;

export interface RowColumns {
  /** The label column's width (px): branch chip, tags, text, time. */
  labelW: number;
  /** A row's whole width: the lanes, then the labels (wider than the view when the lanes do not fit). */
  rowW: number;
  /** The lanes do not fit: the labels are pinned over them and the view scrolls across. */
  wide: boolean;
  /** The width of the lanes seen beside the labels (px). */
  paneW: number;
}

/** The columns of a view `viewW` wide (px, without its scrollbar) over lanes `lanesW` wide. */
export function rowColumns(viewW: number, lanesW: number): RowColumns {
  // Not measured yet: nothing is wide until the view has a width.
  if (viewW <= 0) return { labelW: 0, rowW: 0, wide: false, paneW: lanesW };
  const paneMax = Math.round(Math.max(Math.min(LANES_MIN, viewW / 2), viewW * LANES_SHARE));
  if (lanesW <= paneMax) return { labelW: Math.max(0, viewW - lanesW), rowW: viewW, wide: false, paneW: lanesW };
  const labelW = viewW - paneMax;
  return { labelW, rowW: lanesW + labelW, wide: true, paneW: paneMax };
}

/** Room kept between a revealed dot and the edges of the lanes seen (px). */
const REVEAL_MARGIN = 24;

/**
 * The horizontal scroll that shows lane `lane`'s dot beside the pinned labels: `scrollLeft` itself when it is already
 * in view, else the one that puts it in the middle of the lanes seen.
 */
export function revealLane(lane: number, laneW: number, scrollLeft: number, c: RowColumns): number {
  if (!c.wide) return scrollLeft;
  const x = laneX(lane, laneW);
  const margin = Math.min(REVEAL_MARGIN, c.paneW / 4);
  if (x - margin >= scrollLeft && x + margin <= scrollLeft + c.paneW) return scrollLeft;
  return Math.max(0, Math.min(c.rowW - c.paneW - c.labelW, Math.round(x - c.paneW / 2)));
}

/** Where a row's dot is pinned: at the left or right edge of the lanes seen, or nowhere (its own dot is in view). */
export type PinSide = 'left' | 'right' | null;

/**
 * The pin of a dot at lane x `x`, `halfW` px either side, in a view scrolled `scrollLeft` across: none while the whole
 * dot is in the lanes seen, else at the edge it went out by.
 */
export function pinSide(x: number, halfW: number, scrollLeft: number, c: RowColumns): PinSide {
  if (!c.wide) return null;
  if (x - halfW < scrollLeft) return 'left';
  if (x + halfW > scrollLeft + c.paneW) return 'right';
  return null;
}
