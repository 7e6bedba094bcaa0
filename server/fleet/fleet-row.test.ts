// A row's last activity is its records' newest time, as the workspace's own page shows it: a copied folder's files
// are all new, its records are not. The stalled badge judges each branch by the same rule. A step this server sees
// appended counts from when it was seen.
import { describe, expect, it, afterEach } from 'vitest';
import { readOnce } from '../live/read-once.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { WorkspaceActivity } from './fleet-activity.ts';
import { buildRow } from './fleet-row.ts';
import { DEFAULT_THRESHOLDS, judgeRow } from '../../shared/fleet/badges.ts';
import { timestampMs } from '../../shared/gcc/read/time-key.ts';

afterEach(removeTempCorpusCopies);

async function copied() {
  const { dir, gccDir } = tempCorpusCopy('python');
  const store = await readOnce({ gccDir, root: dir });
  return { gccDir, store };
}

describe('a fleet row', () => {
  it("says the records' newest time as its last activity, not the copy's file times", async () => {
    const { gccDir, store } = await copied();
    const now = Date.now();
    const activity = new WorkspaceActivity(() => now);
    activity.load(store);
    // The copy's logs were all written a moment ago: their times are not the records'.
    expect(activity.seenAt.size).toBe(0);
    const row = buildRow({ id: 'py', path: '/py', state: 'live', version: 1, view: store, activity, writeDiagnostics: [] });
    const newest = Math.max(...store.workspace().branches.map((b) => timestampMs(b.lastActivity!)!));
    expect(row.lastActivityAt).toBe(newest);
    expect(row.lastActivityAt).toBeLessThan(now - 60_000);
    // The stalled badge keeps the same rule: each branch by its newest step's own time, so a 3-day-old copy is stalled.
    for (const b of row.branchHealth) if (b.stepCount > 0) expect(b.lastStepAt).toBeLessThanOrEqual(newest);
    expect(judgeRow(row, DEFAULT_THRESHOLDS, now).map((b) => b.kind)).toContain('stalled');
  });

  it('counts a step seen appended from when it was seen', async () => {
    const { gccDir, store } = await copied();
    let now = Date.parse('2030-01-01T00:00:00Z');
    const activity = new WorkspaceActivity(() => now);
    activity.load(store);
    now += 5_000;
    activity.take({ type: 'steps-appended', branch: 'main', steps: [], revision: 1 } as never);
    const row = buildRow({ id: 'py', path: '/py', state: 'live', version: 2, view: store, activity, writeDiagnostics: [] });
    expect(row.lastActivityAt).toBe(now);
  });
});
