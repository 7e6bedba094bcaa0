// How counts are shown.
import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './count.ts';

describe('formatCount', () => {
  it("writes what toLocaleString('en-US') writes for the counts the page shows", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 205_000, 1_234_567, 50_800_000, -4321, 10 ** 15]) expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});

describe('countOf', () => {
  it('puts the noun in the number the count asks for', () => {
    expect(countOf(1, 'commit')).toBe('1 commit');
    expect(countOf(0, 'commit')).toBe('0 commits');
    expect(countOf(12_345, 'step')).toBe('12,345 steps');
    expect(countOf(1, 'branch')).toBe('1 branch');
    expect(countOf(2, 'branch')).toBe('2 branches');
    expect(countOf(12345, 'lane')).toBe('12,345 lanes');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
