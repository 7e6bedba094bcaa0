import { describe, expect, it } from 'vitest';
import { runLatencyBench } from './latency.ts';

describe('runLatencyBench', () => {
  it('measures a short run end to end and reports every append delivered', async () => {
    const rows = await runLatencyBench({ rates: [100], seconds: 0.5 });
    expect(rows.map((r) => r.name)).toEqual(['append → SSE p50 at 100/s', 'append → SSE p99 at 100/s', 'delivered at 100/s']);
    expect(rows[2]!.value).toBe('50/50');
    expect(rows[2]!.ok).toBe(true);
    expect(Number.parseFloat(rows[0]!.value)).toBeGreaterThan(0);
  }, 30_000);
});
