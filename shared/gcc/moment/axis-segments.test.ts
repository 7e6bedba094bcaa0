// The axis in pieces: quiet stretches found in fine buckets, drawn narrow, and the buckets shared out among the rest.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../test-support/corpus.ts';
import { readFolder } from '../test-support/read-folder.ts';
import { workspaceNow } from '../test-support/workspace-now.ts';
import { CONTEXT_DIALECTS } from '../../types.ts';
import type { EditEntry } from '../write/edit.ts';
import { axisBuckets, axisEnd, axisProbe, axisSegments, otherEvents, segmentedBuckets } from './axis.ts';
import { axisPieces, bucketsPerPiece, emptyProbe, findSegments, noteEvent, type AxisProbe } from './axis-segments.ts';
import { WorkspaceTimeline } from './memory-at.ts';
import { keyMillis } from '../read/time-key.ts';

/** A probe of `buckets` equal buckets over [fromMs, toMs] with events at these times. */
function probeOf(fromMs: number, toMs: number, buckets: number, events: number[]): AxisProbe {
  const probe = emptyProbe(fromMs, toMs, buckets);
  const width = (toMs - fromMs) / buckets;
  for (const ms of events) noteEvent(probe, Math.min(buckets - 1, Math.floor((ms - fromMs) / width)), ms);
  return probe;
}

describe('finding quiet stretches', () => {
  it('makes a run of empty buckets at least 15 % of the range quiet, and a shorter one part of the work around it', () => {
    // Minutes 0-10, 80 and 99 of 100.
    const min = 60_000;
    const segments = findSegments(probeOf(0, 100 * min, 100, [0, 1 * min, 5 * min, 9 * min, 10 * min, 80 * min, 99 * min]));
    expect(segments.map((s) => s.quiet)).toEqual([false, true, false, true, false]);
    expect(findSegments(probeOf(0, 100 * min, 100, [0, 14, 28, 42, 56, 70, 84, 99].map((m) => m * min)))).toEqual([{ fromMs: 0, toMs: 100 * min, quiet: false }]);
  });

  it('draws a pause of less than a minute to scale, however long against the range', () => {
    // An agent's 22 seconds with a 5-second pause.
    expect(findSegments(probeOf(0, 22_000, 1000, [0, 1_000, 2_000, 7_000, 9_000, 22_000]))).toEqual([{ fromMs: 0, toMs: 22_000, quiet: false }]);
  });

  it('makes a busy stretch as long as its events, with a pad of 5 % of that (500 ms at least) into the quiet', () => {
    // Work from 0 to 20 s, an edit at 3 days: the buckets are 4.3 minutes wide.
    const day = 86_400_000;
    expect(findSegments(probeOf(0, 3 * day, 1000, [0, 5_000, 20_000, 3 * day]))).toEqual([
      { fromMs: 0, toMs: 21_000, quiet: false },
      { fromMs: 21_000, toMs: 3 * day - 500, quiet: true },
      { fromMs: 3 * day - 500, toMs: 3 * day, quiet: false },
    ]);
  });

  it('finds quiet stretches at either end of a zoomed range, never padded away, and none in a range with no event', () => {
    // One event half-way through 100 minutes: a busy stretch of it and its pads (500 ms each).
    expect(findSegments(probeOf(0, 6_000_000, 100, [3_000_000]))).toEqual([
      { fromMs: 0, toMs: 2_999_500, quiet: true },
      { fromMs: 2_999_500, toMs: 3_000_500, quiet: false },
      { fromMs: 3_000_500, toMs: 6_000_000, quiet: true },
    ]);
    expect(findSegments(probeOf(0, 6_000_000, 100, []))).toEqual([{ fromMs: 0, toMs: 6_000_000, quiet: false }]);
  });
});

describe('drawing the pieces', () => {
  // 30 minutes of work, 50 quiet, 20 of work: each busy stretch padded by 5 % of itself (1.5 minutes, 1).
  const segments = findSegments(probeOf(0, 6_000_000, 1000, [0, 10, 20, 30, 80, 90, 100].map((m) => m * 60_000)));

  it('covers the axis once, quiet stretches narrow, a short busy one at its least width', () => {
    const pieces = axisPieces(segments);
    expect(pieces[0]!.x0).toBe(0);
    expect(pieces.at(-1)!.x1).toBe(1);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.x0).toBe(pieces[i - 1]!.x1);
    expect(pieces.map((p) => p.quiet)).toEqual([false, true, false]);
    expect(pieces[1]!.x1 - pieces[1]!.x0).toBeCloseTo(0.04);
    // 21 minutes against 31.5: drawn 2 : 3.
    expect((pieces[2]!.x1 - pieces[2]!.x0) / (pieces[0]!.x1 - pieces[0]!.x0)).toBeCloseTo(2 / 3);
  });

  it('shares out exactly the buckets asked for, at least one a busy piece', () => {
    const pieces = axisPieces(segments);
    for (const total of [2, 3, 7, 400]) {
      const counts = bucketsPerPiece(pieces, total);
      expect(counts[1]).toBe(0);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.min(counts[0]!, counts[2]!)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('the axis of a workspace edited three days after its agent stopped', () => {
  const now = workspaceNow(readFolder(join(CORPUS, 'python', '.GCC')), 'python');
  const tl = new WorkspaceTimeline();
  const last = keyMillis(axisEnd((tl.sync(now), tl))!);
  const at = new Date(last + 3 * 86_400_000).toISOString();
  const edit: EditEntry = { id: 'e1', at, file: 'branches/main/log.md', changes: [] };
  tl.sync({ ...now, edits: [edit] });
  const from = keyMillis(tl.start()!);
  const to = keyMillis(axisEnd(tl)!);

  it('cuts out the quiet days and counts every record and event once, as one straight axis does', () => {
    const { segments, buckets } = segmentedBuckets(tl, from, to, 400);
    expect(segments.map((s) => s.quiet)).toEqual([false, true, false]);
    expect(segments[1]!.toMs - segments[1]!.fromMs).toBeGreaterThan(2.9 * 86_400_000);
    expect(buckets).toHaveLength(400);
    const straight = axisBuckets(tl, from, to, 400);
    for (const kind of ['step', 'commit', 'branch', 'merge', 'roadmap', 'edit'] as const) {
      expect(buckets.reduce((n, b) => n + b.counts[kind], 0)).toBe(straight.reduce((n, b) => n + b.counts[kind], 0));
    }
    expect(buckets.reduce((n, b) => n + b.counts.edit, 0)).toBe(1);
    expect(otherEvents(tl).filter((e) => e.kind === 'edit')).toHaveLength(1);
    // Each bucket lies in a busy segment, in order.
    for (const b of buckets) expect(segments.some((s) => !s.quiet && s.fromMs <= b.fromMs && b.toMs <= s.toMs)).toBe(true);
  });

  it('finds the ten quiet minutes between two edits too, inside the busy stretch after the days', () => {
    const later: EditEntry = { ...edit, id: 'e2', at: new Date(last + 3 * 86_400_000 + 600_000).toISOString() };
    const two = new WorkspaceTimeline();
    two.sync({ ...now, edits: [edit, later] });
    const segments = axisSegments(two, from, keyMillis(axisEnd(two)!));
    expect(segments.map((s) => s.quiet)).toEqual([false, true, false, true, false]);
    expect(segments[3]!.toMs - segments[3]!.fromMs).toBeGreaterThan(590_000);
  });
});

describe('the probe, against the buckets it stands for', () => {
  it('finds a bucket empty exactly where axisBuckets counts nothing, in the workspace of each dialect', () => {
    for (const dialect of CONTEXT_DIALECTS) {
      const tl = new WorkspaceTimeline();
      tl.sync(workspaceNow(readFolder(join(CORPUS, dialect, '.GCC')), dialect));
      const from = keyMillis(tl.start()!);
      const to = keyMillis(axisEnd(tl)!);
      for (const n of [7, 400, 1000]) {
        const counted = axisBuckets(tl, from, to, n).map((b) => Object.values(b.counts).some((c) => c > 0));
        const probe = axisProbe(tl, from, to, n);
        expect(Array.from(probe.first, (ms) => !Number.isNaN(ms)), `${dialect}, ${n} buckets`).toEqual(counted);
      }
    }
  });
});
