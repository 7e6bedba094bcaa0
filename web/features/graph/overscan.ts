// The rows drawn beyond those on screen: a dozen ahead of a scroll (React draws a frame behind it), and only a couple
// behind it. On 5,000 branches a fast scroll moves past the whole window every frame: the rows behind were drawn for
// nothing, a quarter of each frame's rows.
import type { Range } from '@tanstack/react-virtual';

/** Rows drawn past the screen on the side a scroll goes to, and on both sides at rest. */
export const OVERSCAN_AHEAD = 12;
/** Rows kept past the screen on the side a scroll comes from. */
export const OVERSCAN_BEHIND = 2;

/** The indexes to draw for the rows on screen `range`, scrolling toward `direction` (null: at rest). */
export function rowsToDraw(range: Pick<Range, 'startIndex' | 'endIndex' | 'count'>, direction: 'forward' | 'backward' | null): number[] {
  const start = Math.max(0, range.startIndex - (direction === 'forward' ? OVERSCAN_BEHIND : OVERSCAN_AHEAD));
  const end = Math.min(range.count - 1, range.endIndex + (direction === 'backward' ? OVERSCAN_BEHIND : OVERSCAN_AHEAD));
  const out: number[] = [];
  for (let i = start; i <= end; i++) out.push(i);
  return out;
}
