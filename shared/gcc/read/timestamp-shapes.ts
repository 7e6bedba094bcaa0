// A timestamp's shape (timestamp.ts: the fraction's width and the zone's spelling, which name the writers) as a small
// code, so that a step index keeps it in a byte a step and dialect detection reads no timestamp back. 0: no timestamp.
import { describeTimestamp, shapeOf, type TimestampShapeName } from './timestamp.ts';

const NAMES: readonly TimestampShapeName[] = ['seconds+00:00', 'millis+00:00', 'micros+00:00', 'nanos+00:00', 'millisZ', 'microsZ', 'secondsZ', 'other'];
const CODES = new Map(NAMES.map((n, i) => [n, i + 1]));

/** The code of a `…T…` timestamp's shape from its fraction's width and its zone (`Z`, `+00:00`, or any other). */
export function shapeCode(fractionWidth: number, zone: 'Z' | '+00:00' | 'other'): number {
  return CODES.get(shapeOf(fractionWidth === 0 ? undefined : '0'.repeat(fractionWidth), zone === 'other' ? '-' : zone, 'T'))!;
}

/** The code of a timestamp as written (describeTimestamp's shape), 0 when it holds none. */
export function shapeCodeOf(timestamp: string): number {
  const shape = describeTimestamp(timestamp)?.shape;
  return shape === undefined ? 0 : CODES.get(shape)!;
}

export function shapeName(code: number): TimestampShapeName | null {
  return code === 0 ? null : NAMES[code - 1]!;
}
