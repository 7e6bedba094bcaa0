// How the bench reports a figure: medians, spreads and speed-ups.
import { describe, expect, it } from 'vitest';
import { describeMs, interleaved, middle, speedup } from './figures.ts';
import { parseBenchArgs } from './options.ts';

describe('bench figures', () => {
  it('takes the middle of an even count as the mean of the two middle values', () => {
    expect(middle([4, 1, 3, 2])).toBe(2.5);
    expect(middle([5, 1, 9])).toBe(5);
  });
  it('prints min, median and the spread between them', () => {
    expect(describeMs([100, 110, 120])).toBe('min 100 ms, median 110 ms (spread 10 %, 3 runs)');
  });
  it('says how many times faster ours is, medians against medians', () => {
    expect(speedup([10, 12, 11], [100, 130, 110])).toBe(10);
  });
  it('runs the contenders interleaved, round by round', async () => {
    const order: string[] = [];
    const got = await interleaved(2, { a: async () => (order.push('a'), 1), b: async () => (order.push('b'), 2) });
    expect(order).toEqual(['a', 'b', 'a', 'b']);
    expect(got).toEqual({ a: [1, 1], b: [2, 2] });
  });
});

describe('bench options', () => {
  it('has a quick pass without soak, page build or packed install', () => {
    const o = parseBenchArgs(['--quick']);
    expect([...o.sections]).toEqual(['oneshot', 'parse', 'spawn', 'live', 'graph', 'wide']);
    expect(o.idleSeconds).toBe(20);
    expect(o.soakSeconds).toBe(0);
    expect(parseBenchArgs([]).soakSeconds).toBe(600);
    expect(parseBenchArgs([]).idleSeconds).toBe(60);
  });
  it('refuses unknown sections and arguments', () => {
    expect(() => parseBenchArgs(['--only=speed'])).toThrow(/unknown section "speed"/);
    expect(() => parseBenchArgs(['--fast'])).toThrow(/unknown argument "--fast"/);
    expect([...parseBenchArgs(['--only=live,parse']).sections]).toEqual(['live', 'parse']);
  });
});
