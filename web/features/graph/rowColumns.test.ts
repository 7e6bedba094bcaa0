import { describe, expect, it } from 'vitest';
import { laneX } from './geometry.ts';
import { pinSide, revealLane, rowColumns } from './rowColumns.ts';

describe('the label column', () => {
  it('follows the lanes while they fit: the row is the view, the labels fill what the lanes leave', () => {
    const c = rowColumns(640, 200);
    expect(c).toEqual({ labelW: 440, rowW: 640, wide: false, paneW: 200 });
  });

  it('is pinned over lanes wider than the view, keeping most of the view for the labels', () => {
    const c = rowColumns(640, 12_520);
    expect(c.wide).toBe(true);
    expect(c.paneW + c.labelW).toBe(640);
    expect(c.labelW).toBeGreaterThanOrEqual(640 * 0.5);
    // Scrolled all the way across, the last lane sits just left of the labels.
    expect(c.rowW - 640).toBe(12_520 - c.paneW);
  });

  it('leaves a narrow view half to the lanes at most', () => {
    const c = rowColumns(360, 2_000);
    expect(c.paneW).toBe(180);
    expect(c.labelW).toBe(180);
  });

  it('scrolls across to a dot out of view, and not at all for one in view', () => {
    const c = rowColumns(640, 12_520);
    expect(revealLane(3, 5, 0, c)).toBe(0);
    const far = revealLane(2_000, 5, 0, c);
    const x = laneX(2_000, 5);
    expect(x).toBeGreaterThan(far);
    expect(x).toBeLessThan(far + c.paneW);
    expect(revealLane(2_000, 5, far, c)).toBe(far);
    // Back to the left edge, never past it; never past the right end either.
    expect(revealLane(0, 5, far, c)).toBe(0);
    expect(revealLane(2_503, 5, 0, c)).toBeLessThanOrEqual(c.rowW - 640);
  });

  it('is not wide before the view is measured', () => {
    expect(rowColumns(0, 12_520).wide).toBe(false);
  });

  it('never scrolls when the lanes fit', () => {
    expect(revealLane(40, 5, 0, rowColumns(640, 250))).toBe(0);
  });

  it('pins a dot at the edge it went out by, and not while all of it is in the lanes seen', () => {
    const c = rowColumns(640, 12_520);
    expect(pinSide(100, 4, 0, c)).toBeNull();
    expect(pinSide(100, 4, 97, c)).toBe('left');
    expect(pinSide(100, 4, 96, c)).toBeNull();
    expect(pinSide(c.paneW - 4, 4, 0, c)).toBeNull();
    expect(pinSide(c.paneW - 3, 4, 0, c)).toBe('right');
    // Lanes that fit need no pin.
    expect(pinSide(5_000, 4, 0, rowColumns(640, 250))).toBeNull();
  });
});
