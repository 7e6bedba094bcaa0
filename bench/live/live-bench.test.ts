import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLargeWorkspace } from '../gen-large.ts';
import { measureLive, startLive } from './live-bench.ts';

const scratch = mkdtempSync(join(tmpdir(), 'gcc-live-bench-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the live bench', () => {
  // chokidar drops a trailing change, so the naive dashboard may miss the last appends: that loss is a figure.
  it('measures the naive baseline end to end: each delivered append timed at each reader, the stalled one catching up', async () => {
    const made = generateLargeWorkspace(join(scratch, 'src'), 200);
    const setup = await startLive('naive', { dir: join(scratch, 'src'), bytes: made.logBytes, description: '', logPath: made.logPath }, scratch, 0);
    setup.nextStep = 201;
    try {
      const run = await measureLive(setup, 'naive', 100, 0.5, 3);
      expect(run.written).toBe(50);
      expect(run.delivered).toBeGreaterThan(0);
      expect(run.delivered).toBeLessThanOrEqual(50);
      expect(run.duplicates).toBe(0);
      expect(run.latencies).toHaveLength(2 * run.delivered);
      expect(run.latencies.every((l) => l >= 0 && l < 10_000)).toBe(true);
      expect(run.stalled.seen).toBe(run.delivered);
    } finally {
      await setup.server.stop();
    }
  }, 30_000);
});
