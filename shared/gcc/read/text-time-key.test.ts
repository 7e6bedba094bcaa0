// TextTimeKeys reads the key timestampKey's regex gives, or none when it gives none, for every corpus commit's
// timestamp and for thousands of spellings around the usual shapes (one reader for all: its cached month must not leak).
import { describe, expect, it } from 'vitest';
import { parseCommits } from './commits.ts';
import { corpusFiles } from '../test-support/corpus.ts';
import { seededRandom } from '../test-support/fuzz-inputs.ts';
import { TextTimeKeys } from './text-time-key.ts';
import { timestampKey } from './time-key.ts';

const keys = new TextTimeKeys();
const read = (ts: string): [number, number] | null => (keys.read(ts) ? [keys.key0, keys.key1] : null);

function expectSame(ts: string): void {
  expect(read(ts), JSON.stringify(ts)).toEqual(timestampKey(ts));
}

describe('TextTimeKeys', () => {
  it("equals timestampKey on every corpus commit's timestamp", () => {
    let n = 0;
    for (const f of corpusFiles().filter((x) => x.kind === 'commit')) {
      for (const c of parseCommits(f.bytes, { file: f.file, dialect: f.dialect }).commits) {
        expectSame(c.timestamp);
        n++;
      }
    }
    expect(n).toBeGreaterThan(50);
  });

  it('equals it on rolled-over dates, short years, zones, fractions of every width and damaged spellings', () => {
    const bases = [
      '2026-12-02T13:58:03.590694+00:00', '2026-12-02T13:58:19Z', '0099-01-01T00:00:00Z', '0000-00-00T00:00:00Z',
      '2026-02-30T24:60:60.5-23:59', '9999-99-99T99:99:99.123456789123456789012+99:99', '1970-01-01T00:00:00.000000000Z',
      '2024-02-29T23:59:60Z', '2026-13-01T00:00:00.000Z',
    ];
    const pieces = ['0', '9', '5', '-', ':', 'T', 't', 'Z', 'z', '.', '+', ' ', '', 'x', '\n', '١'];
    const next = seededRandom(11);
    const random = (n: number): number => Math.floor(next() * n);
    for (const base of bases) {
      expectSame(base);
      for (let i = 0; i <= base.length; i++) {
        expectSame(base.slice(0, i));
        for (const p of pieces) expectSame(base.slice(0, i) + p + base.slice(i + 1));
        expectSame(base.slice(0, i) + pieces[random(pieces.length)]! + base.slice(i));
      }
    }
    for (let n = 0; n < 5000; n++) {
      const two = () => String(random(100)).padStart(2, '0');
      const fraction = random(3) === 0 ? '' : '.' + '7'.repeat(1 + random(24));
      const zone = ['Z', `+${two()}:${two()}`, `-${two()}:${two()}`, '+0530', ''][random(5)]!;
      expectSame(`${String(random(10000)).padStart(4, '0')}-${two()}-${two()}T${two()}:${two()}:${two()}${fraction}${zone}`);
    }
  });
});
