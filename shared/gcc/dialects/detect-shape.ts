// A timestamp's shape as the dialect vote reads it (describeTimestamp's), without its regular expression for a
// timestamp that stands alone as the writers write it: a start asks it of every commit of every branch.
import { describeTimestamp, type TimestampShapeName } from '../read/timestamp.ts';
import { shapeCode, shapeName } from '../read/timestamp-shapes.ts';

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
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
 * describeTimestamp(ts)?.shape ?? null. The regex finds the last ISO run in the text; a text that is one run from its
 * start to its end, `T` and `Z` or `+00:00` spelled, holds exactly one (greedy, it ends at the end), whose shape the
 * fraction's width and the zone name: shapeCode's table. Anything else is asked of describeTimestamp.
 */
export function timestampShapeOf(ts: string): TimestampShapeName | null {
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
      if (rest === 1 && ts.charCodeAt(i) === 0x5a) return shapeName(shapeCode(width, 'Z'));
      if (rest === 6 && ts.endsWith('+00:00')) return shapeName(shapeCode(width, '+00:00'));
    }
  }
  return describeTimestamp(ts)?.shape ?? null;
}
