// A step's or commit's timestamp as epoch ms, whatever writer wrote it (fraction widths from none to nanoseconds,
// `Z` or `+00:00`); null when it holds no ISO timestamp. Cached: the fleet asks for the same few strings often.
import { keyMillis } from '../../shared/gcc/moment/time-key.ts';
import type { StepList } from '../../shared/gcc/read/step-list.ts';
import { describeTimestamp } from '../../shared/gcc/read/timestamp.ts';

const cache = new Map<string, number | null>();

export function timestampMs(text: string): number | null {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const found = describeTimestamp(text);
  let ms: number | null = null;
  if (found) {
    // Date.parse takes at most milliseconds: cut a longer fraction; a bare timestamp without zone is UTC for us.
    const iso = found.timestamp.replace(/(\.\d{3})\d+/, '$1').replace(' ', 'T');
    const parsed = Date.parse(/(Z|z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
    ms = Number.isNaN(parsed) ? null : parsed;
  }
  if (cache.size > 50_000) cache.clear();
  cache.set(text, ms);
  return ms;
}

/**
 * timestampMs of step i's timestamp, from the list's time column where it holds a real instant (no string is read
 * back); the same number: both cut the fraction to milliseconds.
 */
export function stepMs(steps: StepList, i: number): number | null {
  const key = steps.instantAt(i);
  return key ? keyMillis(key) : timestampMs(steps.timestampAt(i));
}
