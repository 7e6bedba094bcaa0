// The shape without the regex is describeTimestamp's shape for every text: the writers' timestamps, their damaged
// and near-miss spellings, and random text built from a timestamp's characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeTimestamp } from './timestamp.ts';
import { timestampShapeOf } from './timestamp-shapes.ts';

const slow = (ts: string) => describeTimestamp(ts)?.shape ?? null;

const WRITTEN = [
  '2026-02-02T08:00:00+00:00', '2026-02-02T08:00:00.123456+00:00', '2026-02-02T08:00:00.123+00:00', '2026-02-02T08:00:00.123456789+00:00',
  '2026-02-02T08:00:00.123Z', '2026-02-02T08:00:00.123456Z', '2026-02-02T08:00:00Z', '2026-02-02T08:00:00.1234567890123456Z',
];
const NEAR = [
  '', 'Z', '2026-02-02T08:00:00', '2026-02-02T08:00:00.Z', '2026-02-02T08:00:00.+00:00', '2026-02-02 08:00:00Z', '2026-02-02t08:00:00Z',
  '2026-02-02T08:00:00z', '2026-02-02T08:00:00+0000', '2026-02-02T08:00:00-00:00', '2026-02-02T08:00:00+05:30', '2026-02-02T08:00:00.5Z ',
  ' 2026-02-02T08:00:00.5Z', '12026-02-02T08:00:00Z', '2026-02-02T08:00:00Z2026-02-02T08:00:00.123Z', '2026-02-02T08:00:00.123+00:00x',
  '2026-13-45T99:99:99Z', '2026-02-02T08:00:00.12a3Z', '2026-02-02T08:00:00+00:00+00:00', '2026-02-02T08:00:00.123ZZ', '\uFFFD 2026-02-02T08:00:00.123Z',
  '2026-02-02T08:00:00.１２Z', '٢٠٢٦-02-02T08:00:00Z',
];

describe('timestampShapeOf', () => {
  it('is describeTimestamp’s shape for the writers’ timestamps and their near misses', () => {
    for (const ts of [...WRITTEN, ...NEAR]) expect(timestampShapeOf(ts), JSON.stringify(ts)).toBe(slow(ts));
    expect(WRITTEN.map(timestampShapeOf)).toContain('millisZ');
  });

  it('is describeTimestamp’s shape for random texts of timestamp characters', () => {
    const piece = fc.constantFrom('2026', '-', '02', 'T', 't', ' ', ':', '08', '.', '1', '123', '123456', 'Z', 'z', '+00:00', '+', '00', '-05:30', 'x', '\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), fc.constantFrom(...WRITTEN), fc.nat(30), (parts, base, cut) => {
        for (const ts of [parts.join(''), base.slice(0, cut) + parts.join(''), base + parts.join(''), parts.join('') + base]) expect(timestampShapeOf(ts), JSON.stringify(ts)).toBe(slow(ts));
      }),
      { numRuns: 3000 },
    );
  });
});
