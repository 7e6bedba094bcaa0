import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/gcc/test-support/fuzz-inputs.ts';
import { MinHeap } from './minHeap.ts';

describe('MinHeap', () => {
  it('gives back what it holds smallest first, pushes and pops interleaved', () => {
    const rand = seededRandom(5);
    const heap = new MinHeap<number>((a, b) => a < b);
    const held: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      if (rand() < 0.6 || held.length === 0) {
        const x = Math.floor(rand() * 500);
        heap.push(x);
        held.push(x);
      } else {
        held.sort((a, b) => a - b);
        expect(heap.peek()).toBe(held[0]);
        expect(heap.pop()).toBe(held.shift());
      }
      expect(heap.size).toBe(held.length);
    }
    held.sort((a, b) => a - b);
    while (heap.size > 0) expect(heap.pop()).toBe(held.shift());
    expect(heap.pop()).toBeUndefined();
  });
});
