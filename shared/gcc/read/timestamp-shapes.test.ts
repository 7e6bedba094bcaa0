// A shape's code from its parts (the byte scan's way, tabled) is the code of a timestamp so spelled (the decoded way).
import { describe, expect, it } from 'vitest';
import { shapeCode, shapeCodeOf, shapeName } from './timestamp-shapes.ts';

describe('shapeCode', () => {
  it('equals shapeCodeOf a timestamp of that fraction width and zone, inside the table and past it', () => {
    for (let width = 0; width <= 16; width++) {
      for (const [zone, spelled] of [['Z', 'Z'], ['+00:00', '+00:00'], ['other', '+05:30']] as const) {
        const ts = `2026-01-02T03:04:05${width ? `.${'7'.repeat(width)}` : ''}${spelled}`;
        expect(shapeCode(width, zone), ts).toBe(shapeCodeOf(ts));
      }
    }
    expect(shapeName(shapeCode(3, 'Z'))).toBe('millisZ');
    expect(shapeName(shapeCode(6, '+00:00'))).toBe('micros+00:00');
  });
});
