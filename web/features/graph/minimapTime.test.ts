// The minimap's time axis: d3's ticks placed at the first row of their moment, in display order, never crowded.
import { describe, expect, it } from 'vitest';
import { minimapScale } from './minimap.ts';
import { timeTicks } from './minimapTime.ts';

describe('the minimap time axis', () => {
  const hour = 3_600_000;
  const t0 = Date.UTC(2026, 0, 1, 9);
  // 40 rows over ten hours, four rows an hour.
  const times = Float64Array.from({ length: 40 }, (_, i) => t0 + (i * hour) / 4);
  const scale = minimapScale(3, 40, 280, 400);

  it('puts each tick at the first row at or after its moment, oldest at the bottom when newest is first', () => {
    const newest = timeTicks(times, { rowCount: 40, newestFirst: true, laneW: 0 }, scale, 400);
    const oldest = timeTicks(times, { rowCount: 40, newestFirst: false, laneW: 0 }, scale, 400);
    expect(newest.length).toBeGreaterThanOrEqual(3);
    expect(newest.map((t) => t.label)).toEqual(oldest.map((t) => t.label));
    // Oldest first: y grows with time; newest first: it shrinks.
    expect(oldest.map((t) => t.y)).toEqual([...oldest.map((t) => t.y)].sort((a, b) => a - b));
    expect(newest.map((t) => t.y)).toEqual([...newest.map((t) => t.y)].sort((a, b) => b - a));
    for (let i = 1; i < newest.length; i++) expect(Math.abs(newest[i]!.y - newest[i - 1]!.y)).toBeGreaterThanOrEqual(16);
  });

  it('has nothing to say about rows all of one moment, or none', () => {
    expect(timeTicks(new Float64Array([t0, t0, t0]), { rowCount: 3, newestFirst: true, laneW: 0 }, scale, 400)).toEqual([]);
    expect(timeTicks(new Float64Array([Number.NEGATIVE_INFINITY]), { rowCount: 1, newestFirst: true, laneW: 0 }, scale, 400)).toEqual([]);
  });

  it('labels a row after a quiet gap of days with its own day, once, not with a time of a day it is not on', () => {
    // Ten rows on Jan 1 from 09:00, then one row on Jan 4 at 21:20.
    const gap = Float64Array.from([...Array.from({ length: 10 }, (_, i) => t0 + i * 60_000), Date.UTC(2026, 0, 4, 21, 20)]);
    const local = new Date(gap[10]!);
    const day = `${local.toLocaleString('en-US', { month: 'short' })} ${String(local.getDate()).padStart(2, '0')}`;
    const ticks = timeTicks(gap, { rowCount: 11, newestFirst: true, laneW: 0 }, minimapScale(3, 11, 280, 400), 400);
    const atLast = ticks.filter((t) => t.y === minimapScale(3, 11, 280, 400).y(0));
    expect(atLast).toEqual([{ y: minimapScale(3, 11, 280, 400).y(0), label: day }]);
  });
});
