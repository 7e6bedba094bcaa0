// The live bench's memory rows: each point held to the RSS ceiling, the soak's heap growth to what its steps cost.
import { describe, expect, it } from 'vitest';
import { memoryRows, type MemoryPoint } from './memory-rows.ts';

const at = (label: string, steps: number, heapUsed: number, rss = 150e6): MemoryPoint => ({ label, steps, bytes: steps * 250, heapUsed, rss });

describe('memoryRows', () => {
  it('holds each point to the RSS ceiling, and the soak’s heap growth to what its steps cost at load', () => {
    // At load: 1000 B of heap a step. The soak appends 10,000 steps.
    const load = at('after load', 200_000, 200e6);
    const rounds = at('after the rounds', 210_000, 205e6, 500e6);
    const grew = (heap: number) => memoryRows([load, rounds, at('after the soak', 220_000, heap)]);
    const rows = grew(205e6 + 9e6);
    expect(rows.map((r) => r.ok)).toEqual([true, false, true, true]);
    expect(rows[3]!.value).toContain('900 B per step (at load 1000)');
    expect(rows[0]!.value).toContain('heap + buffers');
    expect(rows[3]!.value).toContain('3.60 B per byte (at load 4.00)');
    // Growth beyond what the data cost at load: a leak, or records kept heavier than they were read.
    expect(grew(205e6 + 11e6)[3]!.ok).toBe(false);
  });

  it('judges no growth without a soak', () => {
    expect(memoryRows([at('after load', 1000, 1e6)])).toHaveLength(1);
  });
});
