import { describe, expect, it } from 'vitest';
import { isoMs, zoomRange } from './axisDraw.ts';

describe('the axis range', () => {
  const range = { fromMs: 1000, toMs: 2000 };
  it('zooms around the pointer and stays inside the workspace', () => {
    expect(zoomRange(range, 1500, 0.5, range)).toEqual({ fromMs: 1250, toMs: 1750 });
    expect(zoomRange(range, 1000, 0.5, range)).toEqual({ fromMs: 1000, toMs: 1500 });
    expect(zoomRange({ fromMs: 1250, toMs: 1750 }, 1500, 4, range)).toEqual({ fromMs: 1000, toMs: 2000 });
  });

  it('reads ISO times with micro- and nanosecond fractions', () => {
    expect(isoMs('2026-12-02T13:58:03.590694315Z')).toBe(Date.UTC(2026, 11, 2, 13, 58, 3, 590));
    expect(isoMs('2026-12-02T15:58:03+02:00')).toBe(Date.UTC(2026, 11, 2, 13, 58, 3));
  });
});
