// A record's time as a comparable key, from a timestamp exactly as any of the seven writers spelled it: second,
// milli-, micro- or nanosecond fractions, `Z` or any `±HH:MM` offset, and the damaged spellings the doctor flags
// (Elixir's step headers carry stray bytes before the time: the ISO run inside is taken, see read/timestamp.ts).
import { describeTimestamp } from '../read/timestamp.ts';

/** [seconds since the epoch, nanoseconds]: exact for every writer's precision (a double would lose Rust's ns). */
export type TimeKey = readonly [seconds: number, nanos: number];

const ISO = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(?:[.,](\d+))?(Z|z|([+-])(\d\d):?(\d\d))$/;

/** The key of a strict ISO 8601 date-time with its offset; null when it is not one (or names no real instant). */
export function isoKey(text: string): TimeKey | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over to March: such a date is not one.
  if (new Date(utc).getUTCDate() !== day) return null;
  let seconds = utc / 1000;
  if (m[9]) {
    const offsetHours = Number(m[10]);
    const offsetMinutes = Number(m[11]);
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    seconds -= (m[9] === '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  const nanos = m[7] ? Number(`${m[7]}000000000`.slice(0, 9)) : 0;
  return [seconds, nanos];
}

/** The key of a timestamp read from a file (junk around it tolerated); null for a record without a usable time. */
export function recordKey(timestamp: string | null | undefined): TimeKey | null {
  if (!timestamp) return null;
  const direct = isoKey(timestamp);
  if (direct) return direct;
  const found = describeTimestamp(timestamp);
  return found ? isoKey(found.timestamp) : null;
}

export function compareTime(a: TimeKey, b: TimeKey): number {
  return a[0] !== b[0] ? a[0] - b[0] : a[1] - b[1];
}

/** The key as UTC ISO 8601 with nanoseconds trimmed to what they need (`…:05Z`, `…:05.25Z`). */
export function formatKey(key: TimeKey): string {
  const base = new Date(key[0] * 1000).toISOString().slice(0, 19);
  const fraction = key[1] === 0 ? '' : `.${String(key[1]).padStart(9, '0').replace(/0+$/, '')}`;
  return `${base}${fraction}Z`;
}

/** The key plus a nanosecond, for "just after" a time. */
export function afterKey(key: TimeKey): TimeKey {
  return key[1] === 999_999_999 ? [key[0] + 1, 0] : [key[0], key[1] + 1];
}

/** Milliseconds since the epoch (for drawing on an axis: sub-millisecond order is kept by the keys themselves). */
export function keyMillis(key: TimeKey): number {
  return key[0] * 1000 + Math.floor(key[1] / 1_000_000);
}
