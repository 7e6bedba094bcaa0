// The live bench on a short run: the naive baseline and our phases measured end to end on the same readers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLargeWorkspace } from '../gen-large.ts';
import { measureLive, openReaders, runPhase, startLive } from './live-bench.ts';

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
      expect(run.companion).toBe('stalled');
      expect(run.companionGot).toMatchObject({ seen: run.delivered, resyncs: 0, outOfOrder: 0 });
      // The stalled client read nothing until it was let go: every step it got was held for it (its observation alone
      // is `seq=2xx t=<ms>`, 27 bytes).
      expect(run.companionGot!.heldBytes).toBeGreaterThanOrEqual(27 * run.delivered);
      // Only our server answers with its streams' backlogs.
      expect(run.streams).toBeNull();
    } finally {
      await setup.server.stop();
    }
  }, 30_000);

  it('runs phases on the same readers, each counted afresh, with no companion or a slow one', async () => {
    const made = generateLargeWorkspace(join(scratch, 'src2'), 200);
    const setup = await startLive('naive', { dir: join(scratch, 'src2'), bytes: made.logBytes, description: '', logPath: made.logPath }, scratch, 1);
    setup.nextStep = 201;
    const readers = await openReaders(setup.server, 2);
    try {
      const alone = await runPhase(setup, 'naive', readers, 'none', 100, 0.3);
      const slow = await runPhase(setup, 'naive', readers, 'slow', 100, 0.3);
      expect(alone.companionGot).toBeNull();
      expect([alone.written, slow.written]).toEqual([30, 30]);
      expect(setup.nextStep).toBe(261);
      for (const run of [alone, slow]) {
        expect(run.delivered).toBeLessThanOrEqual(30);
        expect(run.latencies).toHaveLength(2 * run.delivered);
      }
      expect(slow.companionGot!.seen).toBe(slow.delivered);
    } finally {
      readers.close();
      await setup.server.stop();
    }
  }, 30_000);
});
