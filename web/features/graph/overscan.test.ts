import { describe, expect, it } from 'vitest';
import { OVERSCAN_AHEAD, OVERSCAN_BEHIND, rowsToDraw } from './overscan.ts';

describe('the rows drawn past the screen', () => {
  const range = { startIndex: 100, endIndex: 119, count: 1_000 };

  it('draws a margin on both sides at rest', () => {
    const rows = rowsToDraw(range, null);
    expect(rows[0]).toBe(100 - OVERSCAN_AHEAD);
    expect(rows.at(-1)).toBe(119 + OVERSCAN_AHEAD);
    expect(rows.length).toBe(20 + 2 * OVERSCAN_AHEAD);
  });

  it('draws ahead of a scroll and little behind it, both ways', () => {
    expect([rowsToDraw(range, 'forward')[0], rowsToDraw(range, 'forward').at(-1)]).toEqual([100 - OVERSCAN_BEHIND, 119 + OVERSCAN_AHEAD]);
    expect([rowsToDraw(range, 'backward')[0], rowsToDraw(range, 'backward').at(-1)]).toEqual([100 - OVERSCAN_AHEAD, 119 + OVERSCAN_BEHIND]);
  });

  it('stays inside the rows there are', () => {
    expect(rowsToDraw({ startIndex: 0, endIndex: 5, count: 8 }, null)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
