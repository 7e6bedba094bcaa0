// The timeline's axis over the Python corpus: buckets, exact records, stepping event by event.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../test-support/corpus.ts';
import { readFolder } from '../test-support/read-folder.ts';
import { workspaceNow } from '../test-support/workspace-now.ts';
import { adjacentRecord, axisBuckets, axisEnd, axisRecords, otherEvents } from './axis.ts';
import { WorkspaceTimeline } from './memory-at.ts';
import { isoKey, keyMillis, recordKey } from '../read/time-key.ts';

describe('the axis over the Python corpus workspace', () => {
  const tl = new WorkspaceTimeline();
  const now = workspaceNow(readFolder(join(CORPUS, 'python', '.GCC')), 'python');
  tl.sync(now);
  const records = now.branches.reduce((n, b) => n + b.steps.length + b.commits.length, 0);
  const start = tl.start()!;
  const end = axisEnd(tl)!;

  it('counts every record and event once, in buckets of any width', () => {
    for (const n of [1, 7, 400]) {
      const buckets = axisBuckets(tl, keyMillis(start), keyMillis(end) + 1, n);
      expect(buckets).toHaveLength(n);
      const sum = buckets.reduce((s, b) => s + b.counts.step + b.counts.commit, 0);
      expect(sum).toBe(records);
      expect(buckets.reduce((s, b) => s + b.counts.merge + b.counts.branch + b.counts.roadmap, 0)).toBe(otherEvents(tl).length);
    }
  });

  it('lists the exact records of a range, in time order, or null past the limit', () => {
    const all = axisRecords(tl, start, end, 10_000)!;
    expect(all.length).toBe(records + otherEvents(tl).length);
    const times = all.map((r) => recordKey(r.time)!);
    for (let i = 1; i < times.length; i++) expect(times[i]![0] * 1e9 + times[i]![1]).toBeGreaterThanOrEqual(times[i - 1]![0] * 1e9 + times[i - 1]![1]);
    expect(axisRecords(tl, start, end, 3)).toBeNull();
    // The merged steps appear at the merge, not at their old times.
    const merged = all.filter((r) => r.branch === 'main' && r.kind === 'step' && r.position! > 6);
    expect(new Set(merged.map((r) => r.time))).toEqual(new Set([otherEvents(tl).find((e) => e.kind === 'merge')!.time]));
  });

  it('steps record by record to the next and previous event', () => {
    const first = adjacentRecord(tl, [start[0] - 1, 0], 1)!;
    expect(first).toMatchObject({ kind: 'branch', branch: 'main' });
    const next = adjacentRecord(tl, isoKey(first.time)!, 1)!;
    expect(recordKey(next.time)![0] * 1e9 + recordKey(next.time)![1]).toBeGreaterThan(start[0] * 1e9 + start[1]);
    expect(adjacentRecord(tl, isoKey(next.time)!, -1)!.time).toBe(first.time);
    expect(adjacentRecord(tl, end, 1)).toBeNull();
  });
});
