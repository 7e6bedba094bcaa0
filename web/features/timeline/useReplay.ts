// Replay: the moment moves forward by itself at a chosen pace, never faster than the views answer, and returns to Live
// at the end.
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
  /** Stretches with no event (epoch ms), leapt over rather than played through. */
  quiet: readonly { fromMs: number; toMs: number }[];
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
      const { endMs, moment, quiet, travelTo, stop } = latest.current;
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
      const next = (position ?? latest.current.momentMs ?? 0) + TICK_MS * input.speed;
      position = quiet.find((q) => q.fromMs <= next && next < q.toMs)?.toMs ?? next;
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
