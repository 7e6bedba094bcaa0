// A timestamp's shape as a small code, so a step index keeps it in a byte and dialect detection reads no timestamp back.
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

/** The code of a timestamp as written (describeTimestamp's shape), 0 when it holds none. */
export function shapeCodeOf(timestamp: string): number {
  const shape = describeTimestamp(timestamp)?.shape;
  return shape === undefined ? 0 : CODES.get(shape)!;
}

export function shapeName(code: number): TimestampShapeName | null {
  return code === 0 ? null : NAMES[code - 1]!;
}
