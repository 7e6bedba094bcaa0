// A file's cuts at many edges in one pass equal its cuts one at a time, whatever its records: in time order or not,
// without times of their own, copied by merges with and without a merge time.
import { describe, expect, it } from 'vitest';
import { compareTime, type TimeKey } from '../read/time-key.ts';
import { RecordTimes, type TimedRecord } from './record-times.ts';

/** A small deterministic generator: the same records on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const justBefore = (k: TimeKey): TimeKey => (k[1] === 0 ? [k[0] - 1, 999_999_999] : [k[0], k[1] - 1]);

describe('RecordTimes.countsBefore', () => {
  it('equals a cut just before each edge, on random files and edges', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const r = random(seed);
      const times = new RecordTimes('f.md');
      const records: TimedRecord[] = [];
      let t = 100;
      for (let i = 0, n = r(40); i < n; i++) {
        // Mostly forward in time, sometimes back, sometimes no time at all, sometimes a merge's copy.
        t += r(5) === 0 ? -r(20) : r(10);
        const key: TimeKey | null = r(8) === 0 ? null : [t, r(2) * 500_000_000];
        const mergedFrom = r(6) === 0 ? (r(2) === 0 ? 'a' : 'b') : undefined;
        records.push({ key, mergedFrom });
      }
      times.append(records);
      const mergeTimes: Record<string, TimeKey | null> = { a: [t - r(30), 0], b: null };
      const mergeTime = (branch: string) => mergeTimes[branch] ?? null;
      const edges: TimeKey[] = Array.from({ length: 1 + r(30) }, () => [60 + r(200), r(4) * 250_000_000] as TimeKey).sort(compareTime);
      const expected = edges.map((e) => times.cut(justBefore(e), mergeTime).count);
      expect(times.countsBefore(edges, mergeTime), `seed ${seed}`).toEqual(expected);
    }
  });

  it('counts none before the first record and all after the last', () => {
    const times = new RecordTimes('f.md');
    times.append([{ key: [10, 0] }, { key: [20, 0] }]);
    expect(times.countsBefore([[5, 0], [10, 0], [10, 1], [20, 0], [20, 1]], () => null)).toEqual([0, 0, 1, 1, 2]);
    expect(new RecordTimes('e.md').countsBefore([[1, 0]], () => null)).toEqual([0]);
  });
});
