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

/** The key of an instant in epoch milliseconds (a fraction kept to the nanosecond); `end`: the last nanosecond of its millisecond. */
export function millisKey(ms: number, end = false): TimeKey {
  const seconds = Math.floor(ms / 1000);
  const nanos = Math.floor((ms - seconds * 1000) * 1_000_000);
  return end ? [seconds, Math.min(999_999_999, nanos + 999_999)] : [seconds, nanos];
}

/**
 * The 19 bytes `YYYY-MM-DDTHH:MM:SS` as five little-endian words, at these offsets: per word, the bits that must equal a
 * fixed pattern (a mark's byte whole; a digit's high nibble, 3) and a digit's low nibble, which must not carry when 6 is
 * added (0x30-0x39 are the bytes that pass both). Four bytes a load, where a byte loop was a tenth of the scan.
 */
const WORD_OFFSETS = [0, 4, 8, 12, 15] as const;
const SHAPE_TEXT = '0000-00-00T00:00:00';
const WORD_MASKS = WORD_OFFSETS.map((o) => {
  let fixedMask = 0;
  let fixed = 0;
  let add = 0;
  let digitMask = 0;
  for (let j = 0; j < 4; j++) {
    const c = SHAPE_TEXT.charCodeAt(o + j);
    const digit = c === 0x30;
    fixedMask |= (digit ? 0xf0 : 0xff) << (8 * j);
    fixed |= (digit ? 0x30 : c) << (8 * j);
    add |= (digit ? 0x06 : 0) << (8 * j);
    digitMask |= (digit ? 0xf0 : 0) << (8 * j);
  }
  // The digits' high nibbles after the add: 3 each, as in `fixed`.
  return { fixedMask: fixedMask | 0, fixed: fixed | 0, add: add | 0, digitMask: digitMask | 0, digits: (fixed & digitMask) | 0 };
});
const [M0, M1, M2, M3, M4] = WORD_MASKS as [(typeof WORD_MASKS)[0], (typeof WORD_MASKS)[0], (typeof WORD_MASKS)[0], (typeof WORD_MASKS)[0], (typeof WORD_MASKS)[0]];

/** Whether a word holds its marks and digits where the shape puts them. */
const wordFits = (w: number, m: (typeof WORD_MASKS)[0]): boolean => (w & m.fixedMask) === m.fixed && ((w + m.add) & m.digitMask) === m.digits;

/** The digit in byte `j` of a word that passed wordFits. */
const digit = (w: number, j: number): number => (w >> (8 * j)) & 0xf;

/**
 * A step header's time read from its bytes (step-scan.ts), without a string or a regex a step: where a timestamp that
 * TIMESTAMP_RE accepts ends, and timestampKey's key, whether isoKey would take it as a real instant, and its shape
 * (timestamp-shapes.ts), in one pass. The month's start is cached.
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
  /** The fraction's width and zone (ZONE_*) `shape` is the code of; -1: none yet. */
  private shapeWidth = -1;
  private shapeZone = -1;

  /**
   * Where the timestamp (`YYYY-MM-DDTHH:MM:SS(.f+)?(Z|±HH:MM)`) that starts at b[s] ends, or -1 (a fraction longer than
   * 20 digits too: the full reader reads such a rarity); when it is one, its key, `real` and `shape` (Date.UTC's
   * rules, its years 0-99 included). `view` views `b`.
   */
  read(view: DataView, b: Uint8Array, s: number): number {
    const len = b.length;
    if (s + 20 > len) return -1;
    const w0 = view.getInt32(s, true);
    const w1 = view.getInt32(s + 4, true);
    const w2 = view.getInt32(s + 8, true);
    const w3 = view.getInt32(s + 12, true);
    const w4 = view.getInt32(s + 15, true);
    if (!wordFits(w0, M0) || !wordFits(w1, M1) || !wordFits(w2, M2) || !wordFits(w3, M3) || !wordFits(w4, M4)) return -1;
    let i = s + 19;
    let ns = 0;
    let width = 0;
    if (b[i] === 0x2e) {
      const f = ++i;
      for (; i < len && i - f <= 20 && b[i]! >= 48 && b[i]! <= 57; i++) if (i - f < 9) ns = ns * 10 + (b[i]! - 48);
      width = i - f;
      if (width === 0 || width > 20) return -1;
      for (let d = width; d < 9; d++) ns *= 10;
    }
    const zone = i < len ? b[i]! : -1;
    let end = i + 1;
    // The zone's hours and minutes (Z: none).
    let oh = 0;
    let om = 0;
    if (zone !== 0x5a) {
      if ((zone !== 0x2b && zone !== 0x2d) || i + 6 > len) return -1;
      if (!isDigitByte(b[i + 1]!) || !isDigitByte(b[i + 2]!) || b[i + 3] !== 0x3a || !isDigitByte(b[i + 4]!) || !isDigitByte(b[i + 5]!)) return -1;
      end = i + 6;
      oh = two(b, i + 1);
      om = two(b, i + 4);
    }
    const year = digit(w0, 0) * 1000 + digit(w0, 1) * 100 + digit(w0, 2) * 10 + digit(w0, 3);
    const mon = digit(w1, 1) * 10 + digit(w1, 2);
    const ym = year * 100 + mon;
    if (ym !== this.month) this.newMonth(ym, year, mon);
    const day = digit(w2, 0) * 10 + digit(w2, 1);
    const hour = digit(w2, 3) * 10 + digit(w3, 0);
    const minute = digit(w3, 2) * 10 + digit(w3, 3);
    const second = digit(w4, 2) * 10 + digit(w4, 3);
    let secs = this.monthMs / 1000 + (day - 1) * 86400 + hour * 3600 + minute * 60 + second;
    // 23:59:60 rolls over into the next day, which isoKey refuses like any rolled-over date.
    this.real = day >= 1 && day <= this.monthDays && hour <= 23 && minute <= 59 && second <= 60 && hour * 3600 + minute * 60 + second < 86400;
    let zoneKind = ZONE_Z;
    if (zone !== 0x5a) {
      secs -= (zone === 0x2d ? -1 : 1) * (oh * 3600 + om * 60);
      if (oh > 23 || om > 59) this.real = false;
      zoneKind = zone === 0x2b && oh === 0 && om === 0 ? ZONE_UTC_OFFSET : ZONE_OTHER;
    }
    // A log's timestamps share one shape: the last one's code is kept, not looked up again.
    if (width !== this.shapeWidth || zoneKind !== this.shapeZone) {
      this.shapeWidth = width;
      this.shapeZone = zoneKind;
      this.shape = shapeCode(width, ZONES[zoneKind]!);
    }
    this.key[0] = secs;
    this.key[1] = ns;
    return end;
  }

  /** The month's start and length, as Date.UTC counts them (years 0-99 are 1900-1999 to it). */
  private newMonth(ym: number, year: number, mon: number): void {
    this.month = ym;
    this.monthMs = Date.UTC(year, mon - 1, 1);
    this.monthDays = mon >= 1 && mon <= 12 ? new Date(Date.UTC(year, mon, 0)).getUTCDate() : 0;
  }
}

const isDigitByte = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** A timestamp's zone, as shapeCode tells them apart: `Z`, `+00:00`, any other offset. */
const ZONE_Z = 0;
const ZONE_UTC_OFFSET = 1;
const ZONE_OTHER = 2;
const ZONES = ['Z', '+00:00', 'other'] as const;

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
