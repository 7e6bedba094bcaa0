// Timestamps as each Contexa writer formats them: the fraction's width and `Z` or `+00:00` often name the writer. A
// timestamp read from a file is never formatted again.

import type { Dialect } from '../../types.ts';

/** The shapes the writers produce, named by fraction width and zone spelling. */
export type TimestampShapeName =
  | 'seconds+00:00' // lua; python when the microseconds are 0; rust when the nanoseconds are 0
  | 'millis+00:00' // rust when the nanoseconds are a multiple of 1,000,000
  | 'micros+00:00' // python; rust when the nanoseconds are a multiple of 1,000
  | 'nanos+00:00' // rust (chrono `to_rfc3339`)
  | 'millisZ' // typescript (`Date.prototype.toISOString`)
  | 'microsZ' // elixir (`DateTime.to_iso8601` of `utc_now`, always 6 digits)
  | 'secondsZ' // go (`time.RFC3339`) and zig (hand formatted)
  | 'other'; // an ISO-8601 timestamp no Contexa writer produces (other offset, width, or zone)

/** `typical`: what the writer nearly always writes; `rare`: only when the sub-second digits happen to be 0. */
export type ShapeChance = 'typical' | 'rare';

export interface TimestampDescription {
  /** The ISO timestamp found in the input, without surrounding junk. */
  timestamp: string;
  shape: TimestampShapeName;
  writers: { dialect: Dialect; chance: ShapeChance }[];
  /** True when the input held more than the bare timestamp (e.g. Elixir's corrupted step header). */
  hadJunk: boolean;
}

// Unanchored on purpose: Elixir's step-header regex leaves stray bytes (0x80 0x94, decoded as U+FFFD
// or worse) and a second `— ` in front of merged steps' timestamps, and a torn last line may carry
// trailing garbage. We take the last ISO-looking run in the string.
const ISO_TIMESTAMP = /(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:?\d{2})?/g;

export const WRITERS_BY_SHAPE: Record<TimestampShapeName, { dialect: Dialect; chance: ShapeChance }[]> = {
  'seconds+00:00': [
    { dialect: 'lua', chance: 'typical' },
    { dialect: 'python', chance: 'rare' },
    { dialect: 'rust', chance: 'rare' },
  ],
  'millis+00:00': [{ dialect: 'rust', chance: 'rare' }],
  'micros+00:00': [
    { dialect: 'python', chance: 'typical' },
    { dialect: 'rust', chance: 'rare' },
  ],
  'nanos+00:00': [{ dialect: 'rust', chance: 'typical' }],
  millisZ: [{ dialect: 'typescript', chance: 'typical' }],
  microsZ: [{ dialect: 'elixir', chance: 'typical' }],
  secondsZ: [
    { dialect: 'go', chance: 'typical' },
    { dialect: 'zig', chance: 'typical' },
  ],
  other: [],
};

export function shapeOf(fraction: string | undefined, zone: string | undefined, separator: string): TimestampShapeName {
  if (separator !== 'T') return 'other';
  const width = fraction === undefined ? 0 : fraction.length;
  if (zone === '+00:00') {
    if (width === 0) return 'seconds+00:00';
    if (width === 3) return 'millis+00:00';
    if (width === 6) return 'micros+00:00';
    if (width === 9) return 'nanos+00:00';
    return 'other';
  }
  if (zone === 'Z') {
    if (width === 0) return 'secondsZ';
    if (width === 3) return 'millisZ';
    if (width === 6) return 'microsZ';
  }
  return 'other';
}

/** Classify one timestamp string; null when it holds no ISO-8601 timestamp at all. */
export function describeTimestamp(input: string): TimestampDescription | null {
  let last: RegExpExecArray | null = null;
  ISO_TIMESTAMP.lastIndex = 0;
  for (let m = ISO_TIMESTAMP.exec(input); m !== null; m = ISO_TIMESTAMP.exec(input)) last = m;
  if (last === null) return null;
  const timestamp = last[0];
  const separator = timestamp.charAt(10);
  const shape = shapeOf(last[7], last[8], separator);
  return {
    timestamp,
    shape,
    writers: WRITERS_BY_SHAPE[shape],
    hadJunk: timestamp.length !== input.trim().length,
  };
}

/**
 * Which writers produce this timestamp's shape, most likely first (typical before rare).
 * Empty when the string holds no timestamp or one in a shape no writer produces.
 */
export function timestampShape(ts: string): Dialect[] {
  const description = describeTimestamp(ts);
  if (description === null) return [];
  const typical = description.writers.filter((w) => w.chance === 'typical');
  const rare = description.writers.filter((w) => w.chance === 'rare');
  return [...typical, ...rare].map((w) => w.dialect);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * A new timestamp for `date` in `dialect`'s shape, as that writer would format the same instant.
 *
 * `Date` holds milliseconds only; `extraDigits` supplies the sub-millisecond digits for the writers
 * that print more (python and elixir: 3 more digits, rust: 6 more). Missing digits count as 0, and
 * then the writers' own rules apply: Python drops a zero microsecond fraction entirely and chrono
 * (`to_rfc3339`, AutoSi) prints only 0, 3, 6 or 9 digits as needed — so pass non-zero extra digits
 * to get the writer's typical shape. Writers that print whole seconds truncate, as they do.
 * `unknown` gets the TypeScript shape (the reference implementation's field names are ours too).
 */
export function formatTimestamp(date: Date, dialect: Dialect, extraDigits = ''): string {
  const seconds =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}` +
    `T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
  const millis = pad(date.getUTCMilliseconds(), 3);
  const extra = extraDigits.replace(/\D/g, '');
  const fraction = (width: number): string => (millis + extra).padEnd(width, '0').slice(0, width);
  switch (dialect) {
    case 'python': {
      const micros = fraction(6);
      return /^0+$/.test(micros) ? `${seconds}+00:00` : `${seconds}.${micros}+00:00`;
    }
    case 'rust': {
      const nanos = fraction(9);
      if (/^0{9}$/.test(nanos)) return `${seconds}+00:00`;
      if (nanos.endsWith('000000')) return `${seconds}.${nanos.slice(0, 3)}+00:00`;
      if (nanos.endsWith('000')) return `${seconds}.${nanos.slice(0, 6)}+00:00`;
      return `${seconds}.${nanos}+00:00`;
    }
    case 'elixir':
      return `${seconds}.${fraction(6)}Z`;
    case 'lua':
      return `${seconds}+00:00`;
    case 'go':
    case 'zig':
      return `${seconds}Z`;
    case 'typescript':
    case 'unknown':
      return `${seconds}.${millis}Z`;
  }
}
