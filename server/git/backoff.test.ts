// The wait before the next fetch while the remote is unreachable: the interval, doubled per failure, capped.
import { describe, expect, it } from 'vitest';
import { backoff } from './git-fleet.ts';

describe('backoff', () => {
  it('doubles from the interval for each failure in a row, up to the cap', () => {
    expect([0, 1, 2, 3, 10, 1000].map((n) => backoff(5_000, n, 60_000))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});
