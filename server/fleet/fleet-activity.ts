// What a workspace's fleet row needs beyond its records: when steps were seen written (a step's own timestamp can be
// old), steps per minute over the last hour, and the last hand edit.
import type { StudioEvent } from '../../shared/events.ts';
import type { RecordsView } from '../live/index.ts';
import { stepMs, timestampMs } from '../../shared/gcc/read/time-key.ts';

const MINUTE = 60_000;
const HOUR_MINUTES = 60;
/** How far back from a log's end the first count walks: enough for an hour at a busy agent's pace. */
const MAX_WALK = 20_000;

/** Fed by the workspace's bus; the first figures come from the records' timestamps. */
export class WorkspaceActivity {
  /**
   * Per branch: epoch ms when this server last saw a step appended. Not the log's mtime at load: a copied, checked-out
   * or pushed folder's is the copy's, and stalled would then disagree with Last activity (shared/fleet/badges.ts).
   */
  readonly seenAt = new Map<string, number>();
  /**
   * When this server last saw a step appended (not the files' mtimes: a copied folder's are the copy's); the row's
   * last activity is its records' newest time, or this when later (a writer whose clock is behind).
   */
  lastAppendAt: number | null = null;
  /** Epoch minute → steps. */
  readonly perMinute = new Map<number, number>();
  lastEditAt: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The first figures: steps bucketed by their timestamps over the last hour. */
  load(view: RecordsView): void {
    const since = this.now() - HOUR_MINUTES * MINUTE;
    for (const b of view.records().branches) {
      const steps = b.steps;
      for (let i = steps.length - 1; i >= Math.max(0, steps.length - MAX_WALK); i--) {
        const at = stepMs(steps, i);
        if (at === null || at < since) break;
        this.count(at, 1);
      }
    }
  }

  /** Takes one event of the workspace's bus; true when the row may have changed. */
  take(event: StudioEvent): boolean {
    const now = this.now();
    if (event.type === 'steps-appended') {
      this.seenAt.set(event.branch, now);
      this.lastAppendAt = now;
      this.count(now, event.steps.length);
    } else if (event.type === 'record-edited') {
      this.lastEditAt = Math.max(this.lastEditAt ?? 0, timestampMs(event.entry.at) ?? now);
    } else if (event.type === 'branch-removed') {
      this.seenAt.delete(event.branch);
    }
    return true;
  }

  /** [epoch minute, steps] over the last hour, oldest first. */
  minutes(): [number, number][] {
    const first = Math.floor(this.now() / MINUTE) - HOUR_MINUTES + 1;
    for (const m of this.perMinute.keys()) if (m < first) this.perMinute.delete(m);
    return [...this.perMinute].sort((a, b) => a[0] - b[0]);
  }

  private count(at: number, n: number): void {
    const m = Math.floor(at / MINUTE);
    this.perMinute.set(m, (this.perMinute.get(m) ?? 0) + n);
  }
}
