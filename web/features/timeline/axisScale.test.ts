import { describe, expect, it } from 'vitest';
import { axisScale, zoomInAt, zoomRange } from './axisScale.ts';

describe('the axis scale', () => {
  it('maps pixels to times and back on one straight piece, clamped to the axis', () => {
    const s = axisScale([{ fromMs: 1000, toMs: 2000, quiet: false }], 500);
    expect(s.msAtX(250)).toBe(1500);
    expect(s.xAtMs(1500)).toBe(250);
    expect(s.msAtX(-20)).toBe(1000);
    expect(s.msAtX(900)).toBe(2000);
  });

  it('draws a quiet stretch narrow and each side to its own scale, and maps both ways through it', () => {
    const day = 86_400_000;
    // An hour of work, three quiet days, ten minutes of edits.
    const s = axisScale(
      [
        { fromMs: 0, toMs: 3_600_000, quiet: false },
        { fromMs: 3_600_000, toMs: 3 * day, quiet: true },
        { fromMs: 3 * day, toMs: 3 * day + 600_000, quiet: false },
      ],
      1000,
    );
    const [work, quiet, edits] = s.pieces;
    expect((quiet!.x1 - quiet!.x0) * 1000).toBeCloseTo(40);
    // The edits are a sixth of the work's time, drawn a sixth as wide (both over the least width).
    expect((edits!.x1 - edits!.x0) / (work!.x1 - work!.x0)).toBeCloseTo(1 / 6);
    expect(s.xAtMs(0)).toBe(0);
    expect(s.xAtMs(3 * day + 600_000)).toBe(1000);
    for (const ms of [1_800_000, 2 * day, 3 * day + 300_000]) expect(s.msAtX(s.xAtMs(ms))).toBeCloseTo(ms, 3);
    // Half-way through the break is half-way through the quiet days.
    expect(s.msAtX(((quiet!.x0 + quiet!.x1) / 2) * 1000)).toBeCloseTo((3_600_000 + 3 * day) / 2, 3);
  });

  it('zooms out around the pointer and stays inside the workspace', () => {
    const range = { fromMs: 1000, toMs: 11_000 };
    expect(zoomRange({ fromMs: 3500, toMs: 8500 }, 6000, 2, range)).toEqual({ fromMs: 1000, toMs: 11_000 });
    expect(zoomRange({ fromMs: 1000, toMs: 6000 }, 1000, 2, { fromMs: 1000, toMs: 21_000 })).toEqual({ fromMs: 1000, toMs: 11_000 });
  });

  it('zooms in on the part under the pointer as drawn, never past a second', () => {
    const bounds = { fromMs: 0, toMs: 100_000 };
    const straight = axisScale([{ fromMs: 0, toMs: 100_000, quiet: false }], 1000);
    expect(zoomInAt(straight, 500, bounds)).toEqual({ fromMs: 25_000, toMs: 75_000 });
    expect(zoomInAt(straight, 0, bounds)).toEqual({ fromMs: 0, toMs: 50_000 });
    const narrow = axisScale([{ fromMs: 0, toMs: 1500, quiet: false }], 1000);
    expect(zoomInAt(narrow, 500, { fromMs: 0, toMs: 1500 })).toEqual({ fromMs: 250, toMs: 1250 });
    // Over a quiet stretch drawn narrow: the work on both sides of it stays in the range.
    const day = 86_400_000;
    const gapped = axisScale(
      [
        { fromMs: 0, toMs: 3_600_000, quiet: false },
        { fromMs: 3_600_000, toMs: 3 * day, quiet: true },
        { fromMs: 3 * day, toMs: 3 * day + 3_600_000, quiet: false },
      ],
      1000,
    );
    const zoomed = zoomInAt(gapped, 500, { fromMs: 0, toMs: 3 * day + 3_600_000 });
    expect(zoomed.fromMs).toBeLessThan(3_600_000);
    expect(zoomed.toMs).toBeGreaterThan(3 * day);
  });
});

