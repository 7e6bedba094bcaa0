// The timeline's axis: every step, commit, branch creation, merge, roadmap update and hand edit on one time axis, drawn
// as counts per bucket (a 205,000-step log is never 205,000 marks), with the exact records of a narrow range.
import { parseRoadmap } from '../read/roadmap.ts';
import { encodeUtf8 } from '../read/bytes.ts';
import type { WorkspaceTimeline } from './memory-at.ts';
import type { RecordTimes } from './record-times.ts';
import { axisPieces, bucketsPerPiece, emptyProbe, findSegments, noteEvent, PROBE_BUCKETS, QUIET_MIN_MS, type AxisProbe, type AxisSegment } from './axis-segments.ts';
import { compareTime, formatKey, keyMillis, millisKey, recordKey, type TimeKey } from '../read/time-key.ts';

export const AXIS_KINDS = ['step', 'commit', 'branch', 'merge', 'roadmap', 'edit'] as const;
export type AxisKind = (typeof AXIS_KINDS)[number];

export interface AxisRecord {
  kind: AxisKind;
  /** UTC ISO time (nanoseconds kept). */
  time: string;
  ms: number;
  branch: string | null;
  /** 1-based position in its file (steps, commits) or among the roadmap's updates; null for the others. */
  position: number | null;
  /** The moment that travels to just after this record. */
  moment: string;
}

export interface AxisBucket {
  /** Start and end of the bucket (epoch ms); a bucket ends where the next of its segment begins. */
  fromMs: number;
  toMs: number;
  counts: Record<AxisKind, number>;
}

const beforeKey = (k: TimeKey): TimeKey => (k[1] === 0 ? [k[0] - 1, 999_999_999] : [k[0], k[1] - 1]);
const zeroCounts = (): Record<AxisKind, number> => ({ step: 0, commit: 0, branch: 0, merge: 0, roadmap: 0, edit: 0 });

/** The events that are not records of a log or commit file: few, listed outright. */
// Counts of a file's records in a range come from its cut at both ends (bisection, record-times.ts); the record next
// to a moment is what the arrow keys step to.
export function otherEvents(tl: WorkspaceTimeline): readonly AxisRecord[] {
  let events = eventsOf.get(tl.now);
  if (!events) eventsOf.set(tl.now, (events = listOtherEvents(tl)));
  return events;
}

/** Each synced workspace's events: one answer of the axis asks for them two or three times (5,000 branches: ~60 ms each). */
const eventsOf = new WeakMap<WorkspaceTimeline['now'], readonly AxisRecord[]>();

function listOtherEvents(tl: WorkspaceTimeline): AxisRecord[] {
  const out: AxisRecord[] = [];
  const add = (kind: AxisKind, ts: string | null | undefined, branch: string | null, position: number | null) => {
    const key = recordKey(ts);
    if (key) out.push({ kind, time: formatKey(key), ms: keyMillis(key), branch, position, moment: formatKey(key) });
  };
  for (const b of tl.now.branches) {
    add('branch', b.metadata?.createdAt, b.name, null);
    if (b.metadata?.status === 'merged') add('merge', b.metadata.mergedAt, b.name, null);
  }
  parseRoadmap(encodeUtf8(tl.now.roadmap)).updates.forEach((u, i) => add('roadmap', u.timestamp, null, i + 1));
  for (const e of tl.now.edits) add('edit', e.at, null, null);
  return out;
}

interface FileRef {
  branch: string;
  kind: 'step' | 'commit';
  times: RecordTimes;
}

function files(tl: WorkspaceTimeline): FileRef[] {
  return tl.now.branches.flatMap((b) => {
    const t = tl.times(b.name);
    return t ? [{ branch: b.name, kind: 'step' as const, times: t.steps }, { branch: b.name, kind: 'commit' as const, times: t.commits }] : [];
  });
}

/** Records before `key` (exclusive) and up to it (inclusive) in a file. */
function countBefore(tl: WorkspaceTimeline, f: FileRef, key: TimeKey): number {
  return f.times.cut(beforeKey(key), tl.mergeTimeFor(f.branch)).count;
}

/** Where each of `buckets` equal buckets over [fromMs, toMs] begins, and the end of the last: it holds the whole of its last millisecond. */
function bucketEdges(fromMs: number, toMs: number, buckets: number): { width: number; edges: TimeKey[] } {
  const width = Math.max(1, toMs - fromMs) / buckets;
  return { width, edges: [...Array.from({ length: buckets }, (_, i) => millisKey(fromMs + i * width)), millisKey(Math.floor(toMs) + 1)] };
}

/** Counts per bucket, `buckets` equal spans from `from` to `to` (epoch ms, inclusive of both ends). */
export function axisBuckets(tl: WorkspaceTimeline, fromMs: number, toMs: number, buckets: number): AxisBucket[] {
  const { width, edges } = bucketEdges(fromMs, toMs, buckets);
  const out: AxisBucket[] = Array.from({ length: buckets }, (_, i) => ({ fromMs: fromMs + i * width, toMs: i === buckets - 1 ? toMs : fromMs + (i + 1) * width, counts: zeroCounts() }));
  const ordered = edges.every((e, i) => i === 0 || compareTime(edges[i - 1]!, e) <= 0);
  for (const f of files(tl)) {
    const before = ordered ? f.times.countsBefore(edges, tl.mergeTimeFor(f.branch)) : edges.map((e) => countBefore(tl, f, e));
    for (let i = 0; i < buckets; i++) out[i]!.counts[f.kind] += Math.max(0, before[i + 1]! - before[i]!);
  }
  for (const e of otherEvents(tl)) {
    if (e.ms < fromMs || e.ms > Math.floor(toMs)) continue;
    out[Math.min(buckets - 1, Math.floor((e.ms - fromMs) / width))]!.counts[e.kind] += 1;
  }
  return out;
}

/** Where the events of [fromMs, toMs] fall among `buckets` equal buckets, by axisBuckets' edges and rules. */
export function axisProbe(tl: WorkspaceTimeline, fromMs: number, toMs: number, buckets: number): AxisProbe {
  const { width, edges } = bucketEdges(fromMs, toMs, buckets);
  const probe = emptyProbe(fromMs, toMs, buckets);
  for (const f of files(tl)) {
    // The bucket the file has reached (its times only grow): looked up again only once a time passes its end.
    let b = -1;
    f.times.forEachAppearance(tl.mergeTimeFor(f.branch), (key) => {
      if (b >= buckets) return;
      if (b === -1 || compareTime(key, edges[b + 1]!) >= 0) b = bucketOf(edges, key);
      if (b >= 0 && b < buckets) noteEvent(probe, b, keyMillis(key));
    });
  }
  for (const e of otherEvents(tl)) {
    if (e.ms >= fromMs && e.ms <= Math.floor(toMs)) noteEvent(probe, Math.min(buckets - 1, Math.floor((e.ms - fromMs) / width)), e.ms);
  }
  return probe;
}

/** The bucket whose edges hold `key`: -1 before the first edge, edges.length - 1 at or past the last. */
function bucketOf(edges: readonly TimeKey[], key: TimeKey): number {
  let lo = 0;
  let hi = edges.length;
  // The number of edges at or before the key, less one.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareTime(edges[mid]!, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * [fromMs, toMs] cut into busy and quiet segments; a busy one between quiet ones is looked into once more, against its
 * own length (an agent's run of seconds, then ten idle minutes, days after the rest: the ten minutes are quiet too).
 */
export function axisSegments(tl: WorkspaceTimeline, fromMs: number, toMs: number): AxisSegment[] {
  const top = findSegments(axisProbe(tl, fromMs, toMs, PROBE_BUCKETS));
  if (top.length === 1) return top;
  return top.flatMap((s) => (s.quiet || s.toMs - s.fromMs < 2 * QUIET_MIN_MS ? [s] : findSegments(axisProbe(tl, s.fromMs, s.toMs, PROBE_BUCKETS))));
}

/** About `buckets` buckets over the busy segments of [fromMs, toMs], shared out by the width each is drawn at. */
export function segmentedBuckets(tl: WorkspaceTimeline, fromMs: number, toMs: number, buckets: number): { segments: AxisSegment[]; buckets: AxisBucket[] } {
  const segments = axisSegments(tl, fromMs, toMs);
  if (segments.length === 1) return { segments, buckets: axisBuckets(tl, fromMs, toMs, buckets) };
  const counts = bucketsPerPiece(axisPieces(segments), buckets);
  return { segments, buckets: segments.flatMap((s, i) => (s.quiet ? [] : axisBuckets(tl, s.fromMs, s.toMs, counts[i]!))) };
}

/** Every event from `from` to `to` (inclusive), in time order; null when there are more than `limit`. */
export function axisRecords(tl: WorkspaceTimeline, from: TimeKey, to: TimeKey, limit: number): AxisRecord[] | null {
  const out: { r: AxisRecord; key: TimeKey; order: number }[] = [];
  let total = 0;
  for (const f of files(tl)) {
    const a = countBefore(tl, f, from);
    const b = f.times.cut(to, tl.mergeTimeFor(f.branch)).count;
    total += Math.max(0, b - a);
    if (total > limit) return null;
    for (let i = a; i < b; i++) out.push({ r: fileRecord(tl, f, i), key: f.times.effectiveKey(i, tl.mergeTimeFor(f.branch)), order: i });
  }
  for (const e of otherEvents(tl)) {
    const key = recordKey(e.time)!;
    if (compareTime(key, from) >= 0 && compareTime(key, to) <= 0) out.push({ r: e, key, order: 0 });
  }
  if (out.length > limit) return null;
  return out.sort((x, y) => compareTime(x.key, y.key) || x.order - y.order).map((x) => x.r);
}

function fileRecord(tl: WorkspaceTimeline, f: FileRef, i: number): AxisRecord {
  const key = f.times.effectiveKey(i, tl.mergeTimeFor(f.branch));
  return { kind: f.kind, time: formatKey(key), ms: keyMillis(key), branch: f.branch, position: i + 1, moment: `${f.branch}@${f.kind}:${i + 1}` };
}

/** The first event after `at` (dir 1) or the last before it (dir -1); null at either end. */
export function adjacentRecord(tl: WorkspaceTimeline, at: TimeKey, dir: 1 | -1): AxisRecord | null {
  let best: { r: AxisRecord; key: TimeKey } | null = null;
  const better = (key: TimeKey) => best === null || (dir === 1 ? compareTime(key, best.key) < 0 : compareTime(key, best.key) > 0);
  for (const f of files(tl)) {
    const i = dir === 1 ? f.times.cut(at, tl.mergeTimeFor(f.branch)).count : countBefore(tl, f, at) - 1;
    if (i < 0 || i >= f.times.length) continue;
    const key = f.times.effectiveKey(i, tl.mergeTimeFor(f.branch));
    if (better(key)) best = { r: fileRecord(tl, f, i), key };
  }
  for (const e of otherEvents(tl)) {
    const key = recordKey(e.time)!;
    const side = compareTime(key, at);
    if ((dir === 1 ? side > 0 : side < 0) && better(key)) best = { r: e, key };
  }
  return best?.r ?? null;
}

/** The newest event's time: where "now" sits on the axis. */
export function axisEnd(tl: WorkspaceTimeline): TimeKey | null {
  let end: TimeKey | null = null;
  for (const f of files(tl)) {
    if (f.times.length === 0) continue;
    const key = f.times.effectiveKey(f.times.length - 1, tl.mergeTimeFor(f.branch));
    if (Number.isFinite(key[0]) && (end === null || compareTime(key, end) > 0)) end = key;
  }
  for (const e of otherEvents(tl)) {
    const key = recordKey(e.time)!;
    if (end === null || compareTime(key, end) > 0) end = key;
  }
  return end;
}

