import { describe, expect, it } from 'vitest';
import { formatCount, plural } from './count.ts';

describe('formatCount', () => {
  it("writes what toLocaleString('en-US') writes for the counts the page shows", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 205_000, 1_234_567, 50_800_000, -4321, 10 ** 15]) expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});

describe('plural', () => {
  it('counts in words, one and many', () => {
    expect(plural(1, 'commit')).toBe('1 commit');
    expect(plural(2, 'commit')).toBe('2 commits');
    expect(plural(1, 'branch')).toBe('1 branch');
    expect(plural(0, 'branch')).toBe('0 branches');
    expect(plural(12345, 'lane')).toBe('12,345 lanes');
  });
});
