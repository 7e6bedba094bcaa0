// The height index against a plain array of sizes, through random appends, cuts and measurements.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeightIndex } from './heightIndex.ts';

const ESTIMATE = 128;

function naiveOffset(sizes: number[], i: number): number {
  return sizes.slice(0, i).reduce((a, b) => a + b, 0);
}

function naiveIndexAt(sizes: number[], y: number): number {
  if (sizes.length === 0) return -1;
  let start = 0;
  for (let i = 0; i < sizes.length; i++) {
    if (y < start + sizes[i]!) return i;
    start += sizes[i]!;
  }
  return sizes.length - 1;
}

type Op = { kind: 'count'; count: number } | { kind: 'set'; at: number; size: number };

const op = fc.oneof(
  fc.record({ kind: fc.constant('count' as const), count: fc.nat(300) }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(299), size: fc.integer({ min: 20, max: 900 }) }),
);

describe('HeightIndex', () => {
  it('answers offsets, the item at an offset and the total as a plain array would, through appends, cuts and sizes', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.array(fc.integer({ min: -50, max: 120_000 }), { minLength: 5, maxLength: 5 }), (ops: Op[], ys) => {
        const index = new HeightIndex(ESTIMATE);
        let sizes: number[] = [];
        for (const o of ops) {
          if (o.kind === 'count') {
            index.setCount(o.count);
            sizes = o.count <= sizes.length ? sizes.slice(0, o.count) : [...sizes, ...Array<number>(o.count - sizes.length).fill(ESTIMATE)];
          } else if (o.at < sizes.length) {
            expect(index.set(o.at, o.size)).toBe(o.size - sizes[o.at]!);
            sizes[o.at] = o.size;
          } else {
            expect(index.set(o.at, o.size)).toBe(0);
          }
        }
        expect(index.count).toBe(sizes.length);
        expect(index.total).toBe(naiveOffset(sizes, sizes.length));
        for (let i = 0; i <= sizes.length; i += Math.max(1, Math.floor(sizes.length / 7))) expect(index.offset(i)).toBe(naiveOffset(sizes, i));
        for (const y of ys) expect(index.indexAt(y)).toBe(naiveIndexAt(sizes, y));
      }),
    );
  });

  it('puts an offset on an item boundary in the item that starts there', () => {
    const index = new HeightIndex(100);
    index.setCount(3);
    index.set(1, 50);
    expect([index.indexAt(0), index.indexAt(99.5), index.indexAt(100), index.indexAt(149), index.indexAt(150), index.indexAt(1e9)]).toEqual([0, 0, 1, 1, 2, 2]);
    expect(new HeightIndex(100).indexAt(0)).toBe(-1);
  });

  it('grows a 205,000-item list one item at a time and keeps every sum', () => {
    const index = new HeightIndex(ESTIMATE);
    index.setCount(205_000);
    for (let i = 0; i < 1000; i++) index.setCount(205_000 + i + 1);
    index.set(0, 28);
    expect(index.total).toBe(206_000 * ESTIMATE - 100);
    expect(index.indexAt(index.offset(150_000))).toBe(150_000);
    expect(index.offset(206_000)).toBe(index.total);
  });
});
