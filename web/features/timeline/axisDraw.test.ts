import { describe, expect, it } from 'vitest';
import { isoMs } from './axisDraw.ts';

describe('times on the axis', () => {
  it('reads ISO times with micro- and nanosecond fractions', () => {
    expect(isoMs('2026-12-02T13:58:03.590694315Z')).toBe(Date.UTC(2026, 11, 2, 13, 58, 3, 590));
    expect(isoMs('2026-12-02T15:58:03+02:00')).toBe(Date.UTC(2026, 11, 2, 13, 58, 3));
  });
});
