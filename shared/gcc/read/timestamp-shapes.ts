// A timestamp's shape as a small code, so a step index keeps it in a byte and dialect detection reads no timestamp back.
import { isDigit } from './step-bytes.ts';
import { describeTimestamp, shapeOf, type TimestampShapeName } from './timestamp.ts';

const NAMES: readonly TimestampShapeName[] = ['seconds+00:00', 'millis+00:00', 'micros+00:00', 'nanos+00:00', 'millisZ', 'microsZ', 'secondsZ', 'other'];
const CODES = new Map(NAMES.map((n, i) => [n, i + 1]));

const ZONES = ['Z', '+00:00', 'other'] as const;
/** shapeCode by fraction width (a row each up to MAX_TABLED_WIDTH) and zone: asked once a step of a 205,000-step log. */
const MAX_TABLED_WIDTH = 12;
const TABLE = Array.from({ length: MAX_TABLED_WIDTH + 1 }, (_, width) => ZONES.map((zone) => computeShapeCode(width, zone)));

function computeShapeCode(fractionWidth: number, zone: (typeof ZONES)[number]): number {
  return CODES.get(shapeOf(fractionWidth === 0 ? undefined : '0'.repeat(fractionWidth), zone === 'other' ? '-' : zone, 'T'))!;
}

/** The code of a `…T…` timestamp's shape from its fraction's width and its zone (`Z`, `+00:00`, or any other). */
export function shapeCode(fractionWidth: number, zone: (typeof ZONES)[number]): number {
  const row = TABLE[fractionWidth];
  return row ? row[zone === 'Z' ? 0 : zone === '+00:00' ? 1 : 2]! : computeShapeCode(fractionWidth, zone);
}

const digitAt = (ts: string, i: number): boolean => isDigit(ts.charCodeAt(i));

/** Whether `ts` holds `YYYY-MM-DDTHH:MM:SS` from its start (digits and separators only, no range checked: the regex checks none). */
function dateTimeFirst(ts: string): boolean {
  return (
    ts.charCodeAt(4) === 0x2d &&
    ts.charCodeAt(7) === 0x2d &&
    ts.charCodeAt(10) === 0x54 &&
    ts.charCodeAt(13) === 0x3a &&
    ts.charCodeAt(16) === 0x3a &&
    digitAt(ts, 0) && digitAt(ts, 1) && digitAt(ts, 2) && digitAt(ts, 3) &&
    digitAt(ts, 5) && digitAt(ts, 6) && digitAt(ts, 8) && digitAt(ts, 9) &&
    digitAt(ts, 11) && digitAt(ts, 12) && digitAt(ts, 14) && digitAt(ts, 15) && digitAt(ts, 17) && digitAt(ts, 18)
  );
}

/**
 * The code of a timestamp as written (describeTimestamp's shape), 0 when it holds none; without the regex for a
 * timestamp that stands alone as the writers write it (a start asks it of every commit of every branch). The regex
 * finds the last ISO run in the text; a text that is one run from its start to its end, `T` and `Z` or `+00:00`
 * spelled, holds exactly one (greedy, it ends at the end), whose shape the fraction's width and the zone name.
 */
export function shapeCodeOf(ts: string): number {
  const n = ts.length;
  if (n >= 20 && dateTimeFirst(ts)) {
    let i = 19;
    let width = 0;
    if (ts.charCodeAt(i) === 0x2e) {
      i++;
      while (i < n && isDigit(ts.charCodeAt(i))) i++;
      width = i - 20;
    }
    // A `.` with no digit after it ends the run before it: the regex's way, not this one.
    if (width > 0 || i === 19) {
      const rest = n - i;
      if (rest === 1 && ts.charCodeAt(i) === 0x5a) return shapeCode(width, 'Z');
      if (rest === 6 && ts.endsWith('+00:00')) return shapeCode(width, '+00:00');
    }
  }
  const shape = describeTimestamp(ts)?.shape;
  return shape === undefined ? 0 : CODES.get(shape)!;
}

/** describeTimestamp(ts)?.shape ?? null, by shapeCodeOf. */
export const timestampShapeOf = (ts: string): TimestampShapeName | null => shapeName(shapeCodeOf(ts));

export function shapeName(code: number): TimestampShapeName | null {
  return code === 0 ? null : NAMES[code - 1]!;
}
