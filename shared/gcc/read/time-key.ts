// A record's time as a key that sorts, compares and draws, from a timestamp however a writer spelled it: every
// reader of times (the store's newest activity, time travel, the fleet's rows) takes its keys from here.
import type { StepList } from './step-list.ts';
import { describeTimestamp } from './timestamp.ts';
import { shapeCode } from './timestamp-shapes.ts';

/** [seconds since the epoch, nanoseconds]: exact for every writer's precision (a double would lose Rust's ns). */
export type TimeKey = readonly [seconds: number, nanos: number];

export function compareTime(a: TimeKey, b: TimeKey): number {
  return a[0] !== b[0] ? a[0] - b[0] : a[1] - b[1];
}

/**
 * The order key of a well-formed timestamp (`YYYY-MM-DDTHH:MM:SS(.f+)?(Z|±HH:MM)`), or null: the order the store and
 * the compare view keep. Date.UTC's rules: a date past its month's end rolls over (isoKey refuses it).
 */
export function timestampKey(ts: string): [number, number] | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|([+-])(\d\d):(\d\d))$/.exec(ts);
  if (!m) return null;
  let secs = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) / 1000;
  if (m[9]) secs -= (m[9] === '-' ? -1 : 1) * (+m[10]! * 3600 + +m[11]! * 60);
  const ns = m[7] ? +(m[7] + '000000000').slice(0, 9) : 0;
  return [secs, ns];
}

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

/**
 * Time travel's key of a timestamp read from a file: a real instant, spelled by any of the seven writers or damaged
 * as the doctor flags (Elixir's step headers carry stray bytes before the time: the ISO run inside is taken); null
 * for a record without a usable time.
 */
export function recordKey(timestamp: string | null | undefined): TimeKey | null {
  if (!timestamp) return null;
  const direct = isoKey(timestamp);
  if (direct) return direct;
  const found = describeTimestamp(timestamp);
  return found ? isoKey(found.timestamp) : null;
}

/** The key as UTC ISO 8601 with nanoseconds trimmed to what they need (`…:05Z`, `…:05.25Z`). */
export function formatKey(key: TimeKey): string {
  const base = new Date(key[0] * 1000).toISOString().slice(0, 19);
  const fraction = key[1] === 0 ? '' : `.${String(key[1]).padStart(9, '0').replace(/0+$/, '')}`;
  return `${base}${fraction}Z`;
}

/** Milliseconds since the epoch (for drawing on an axis: sub-millisecond order is kept by the keys themselves). */
export function keyMillis(key: TimeKey): number {
  return key[0] * 1000 + Math.floor(key[1] / 1_000_000);
}

/**
 * A step header's time read from its bytes (log-index.ts), without a string or a regex a step: timestampKey's key, and
 * whether isoKey would take it as a real instant, and its shape (timestamp-shapes.ts). The month's start is cached.
 */
export class TimeKeys {
  // Fields that hold fractions start with one (a field that changes its kind of number costs the optimised code).
  private month = -1;
  private monthMs = Number.NaN;
  private monthDays = 0;
  readonly key: [number, number] = [Number.NaN, 0];
  real = false;
  /** timestamp.ts's shape of the timestamp (its fraction's width and zone), as a code (shapeCode). */
  shape = 0;

  /** The key of the valid timestamp at b[s] (Date.UTC's rules, its years 0-99 included). */
  of(b: Uint8Array, s: number): readonly [number, number] {
    const year = two(b, s) * 100 + two(b, s + 2);
    const mon = two(b, s + 5);
    const ym = year * 100 + mon;
    if (ym !== this.month) {
      this.month = ym;
      this.monthMs = Date.UTC(year, mon - 1, 1);
      // Days in the month as Date.UTC counts them (years 0-99 are 1900-1999 to it).
      this.monthDays = mon >= 1 && mon <= 12 ? new Date(Date.UTC(year, mon, 0)).getUTCDate() : 0;
    }
    const day = two(b, s + 8);
    const hour = two(b, s + 11);
    const minute = two(b, s + 14);
    const second = two(b, s + 17);
    let secs = this.monthMs / 1000 + (day - 1) * 86400 + hour * 3600 + minute * 60 + second;
    // 23:59:60 rolls over into the next day, which isoKey refuses like any rolled-over date.
    this.real = day >= 1 && day <= this.monthDays && hour <= 23 && minute <= 59 && second <= 60 && hour * 3600 + minute * 60 + second < 86400;
    let i = s + 19;
    let ns = 0;
    let width = 0;
    if (b[i] === 0x2e) {
      for (i++; b[i]! >= 48 && b[i]! <= 57; i++) if (width++ < 9) ns = ns * 10 + (b[i]! - 48);
      for (let d = width; d < 9; d++) ns *= 10;
    }
    if (b[i] !== 0x5a) {
      const oh = two(b, i + 1);
      const om = two(b, i + 4);
      secs -= (b[i] === 0x2d ? -1 : 1) * (oh * 3600 + om * 60);
      if (oh > 23 || om > 59) this.real = false;
      this.shape = shapeCode(width, b[i] === 0x2b && oh === 0 && om === 0 ? '+00:00' : 'other');
    } else this.shape = shapeCode(width, 'Z');
    this.key[0] = secs;
    this.key[1] = ns;
    return this.key;
  }
}

/** The two-digit number at bytes[at]. */
const two = (b: Uint8Array, at: number): number => (b[at]! - 48) * 10 + (b[at + 1]! - 48);

const msCache = new Map<string, number | null>();

/**
 * A step's or commit's timestamp as epoch ms for the fleet's rows, or null when it holds no ISO timestamp; a time with
 * no zone is taken as UTC. Cached: the fleet asks for the same few strings often.
 */
export function timestampMs(text: string): number | null {
  const hit = msCache.get(text);
  if (hit !== undefined) return hit;
  const found = describeTimestamp(text);
  let ms: number | null = null;
  if (found) {
    // Date.parse takes at most milliseconds: cut a longer fraction.
    const iso = found.timestamp.replace(/(\.\d{3})\d+/, '$1').replace(' ', 'T');
    const parsed = Date.parse(/(Z|z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
    ms = Number.isNaN(parsed) ? null : parsed;
  }
  if (msCache.size > 50_000) msCache.clear();
  msCache.set(text, ms);
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
