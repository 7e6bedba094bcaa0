// Replay: the moment moves forward by itself, at 1×, 10× or 100× the run's own pace (workspace time per wall time),
// or one record a second; past the newest event it returns the page to Live (the end of a replay is now). Pausing
// leaves the page at the moment it reached. A tick while the views are still answering for the moment shown is
// skipped (travelViews.ts): the pace is at most the chosen one, and every moment the replay passes is shown.
import { useEffect, useRef } from 'react';
import { timelineApi } from '../../api/timelineQueries.ts';
import { travelViewsBusy } from './travelViews.ts';

export type ReplaySpeed = 1 | 10 | 100 | 'record';
export const REPLAY_SPEEDS: readonly ReplaySpeed[] = [1, 10, 100, 'record'];

const TICK_MS = 100;

export interface ReplayInput {
  playing: boolean;
  speed: ReplaySpeed;
  /** Where the replay stands (epoch ms) and the moment text it is at. */
  momentMs: number | null;
  moment: string | null;
  endMs: number | null;
  /** null: back to now, live. */
  travelTo: (moment: string | null) => void;
  stop: () => void;
}

export function useReplay(input: ReplayInput): void {
  const latest = useRef(input);
  latest.current = input;
  useEffect(() => {
    if (!input.playing) return;
    let cancelled = false;
    let position = latest.current.momentMs;
    const everyMs = input.speed === 'record' ? 1000 : TICK_MS;
    const timer = setInterval(() => {
      const { endMs, moment, travelTo, stop } = latest.current;
      if (travelViewsBusy()) return;
      if (input.speed === 'record') {
        if (!moment) return;
        void timelineApi.adjacent(moment, 'next').then(({ record }) => {
          if (cancelled) return;
          if (record) return travelTo(record.moment);
          travelTo(null);
          stop();
        }, stop);
        return;
      }
      position = (position ?? latest.current.momentMs ?? 0) + TICK_MS * input.speed;
      if (endMs !== null && position >= endMs) {
        travelTo(null);
        stop();
        return;
      }
      travelTo(new Date(position).toISOString());
    }, everyMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [input.playing, input.speed]);
}
