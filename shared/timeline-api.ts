// Answers of the time-travel routes (/api/timeline, and `?at=` on the read routes). Shapes only.
import type { WorkspaceResponse } from './api.ts';
import type { AxisBucket, AxisRecord } from './gcc/moment/axis.ts';
import type { AxisSegment } from './gcc/moment/axis-segments.ts';

export type { AxisBucket, AxisKind, AxisRecord } from './gcc/moment/axis.ts';
export type { AxisSegment } from './gcc/moment/axis-segments.ts';

/** The moment an answer shows: what was asked, the instant (UTC), and why it may not be exact. */
export interface MomentInfo {
  moment: string;
  time: string;
  exact: boolean;
  /** One line each, starting with the file it concerns (`branches/main/log.md: …`). */
  reasons: string[];
  /** An exact moment: the git commit whose tree of .GCC/ this is (not a reconstruction). */
  commit?: string;
}

/** GET /api/workspace?at=…: the workspace as it was, with the moment it shows. */
export type WorkspaceAtResponse = WorkspaceResponse & { at?: MomentInfo };

/** GET /api/timeline?from=&to=&buckets=&limit=. */
export interface TimelineResponse {
  /** When the workspace began and its newest event (UTC ISO, and epoch ms for the axis); null for an empty one. */
  start: string | null;
  end: string | null;
  startMs: number | null;
  endMs: number | null;
  /** The range the buckets cover (epoch ms). */
  fromMs: number;
  toMs: number;
  /** The range cut into busy and quiet stretches, in order (axis-segments.ts: a quiet one is drawn narrow). */
  segments: AxisSegment[];
  /** The busy segments' buckets, in order: about as many as asked for, shared out by the width each is drawn at. */
  buckets: AxisBucket[];
  /** Every event of the range when there are at most `limit` of them, else null (zoom in). */
  records: AxisRecord[] | null;
  revision: number;
  /** Exact moments: the git commits that changed .GCC/ (newest first), each the tree as that commit holds it. */
  gitMoments?: GitMomentMark[];
}

export interface GitMomentMark {
  /** `git:<sha>`: what `?at=` takes. */
  moment: string;
  commit: string;
  /** The author date (UTC ISO) and its epoch ms. */
  time: string;
  ms: number;
  subject: string;
}

/** GET /api/timeline/adjacent?at=&dir=next|prev: the event next to a moment, null at either end. */
export interface AdjacentResponse {
  record: AxisRecord | null;
}
