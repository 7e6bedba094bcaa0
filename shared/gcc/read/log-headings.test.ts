// The headings the index reads on the bytes (log-headings.ts) are read exactly as log.ts reads them, and every other
// heading is left to log.ts: near misses of both, whole and cut at every byte.
import { describe, expect, it } from 'vitest';
import { serializeStep } from '../write/log-write.ts';
import { encodeUtf8 } from './bytes.ts';
import { continueLog, initialLogState, type LogState } from './log.ts';
import { indexLog } from './log-index.ts';
import { StepIndex } from './step-index.ts';

const FILE = 'branches/main/log.md';

/** indexLog and continueLog over the same pieces: every result but the steps' form is the same. */
function expectSameReading(text: string, cuts: number[] = []): number {
  const bytes = encodeUtf8(text);
  const index = new StepIndex(FILE, 'typescript', (s, e) => bytes.subarray(s, e));
  let a: LogState = initialLogState({ file: FILE, dialect: 'typescript' });
  let b: LogState = a;
  for (const cut of [...cuts, bytes.length]) {
    if (cut < a.consumed) continue;
    const { steps: count, ...ri } = indexLog(a, bytes.subarray(a.consumed, cut), index);
    const { steps, ...rp } = continueLog(b, bytes.subarray(b.consumed, cut));
    expect(ri, `${JSON.stringify(text)} cut ${cuts}`).toEqual(rp);
    expect(count).toBe(steps.length);
    if (ri.needsFullReparse) return 0;
    [a, b] = [ri.state, rp.state];
  }
  index.commit();
  return (index as unknown as { decoded: Map<number, unknown> }).decoded.size;
}

const step = (n: number, ts: string) => serializeStep({ step: n, timestamp: ts, observation: `seen ${n}`, thought: 'naïve ✓', action: 'a' });

const HEADERS = [
  '# OTA Log — branch `main`\n\n',
  '# OTA Log — branch `main`\n',
  '# OTA Log — branch `main`\n\n\n',
  '# OTA Log — branch `main`\r\n\r\n',
  '# OTA Log — branch `naïve ✓`\n\n',
  '# OTA Log — branch main\n\n',
  '# OTA Log — branch `main\n\n',
  '# OTA Log\n\n',
  '# OTA Log of `main`\n\n',
  '# OTA Log — branch ``\n\n',
  '\n \n# OTA Log — branch `main`\n\n',
  '',
];
const HEADINGS = [
  '\n## Merged from `feat` (2026-01-01T00:01:00Z)\n\n',
  '## Merged from `feat` (2026-01-01T00:01:00Z)\n\n',
  '\n## Merged from `feat` (2026-01-01T00:01:00Z)\n',
  ' \n## Merged from `feat` (2026-01-01T00:01:00Z)\n\n',
  '\n## Merged from `feat` (2026-01-01T00:01:00Z)\r\n\n',
  '\n## Merged from `feat` (2026-01-01 00:01:00)\n\n',
  '\n## Merged from `feat` (yesterday)\n\n',
  '\n## Merged from `feat` ()\n\n',
  '\n## Merged from feat (2026-01-01T00:01:00Z)\n\n',
  '\n## Merged from `` (2026-01-01T00:01:00Z)\n\n',
  '\n## Merged from `a (b)` (2026-01-01T00:01:00Z) (x\n\n',
  '\n## Merged from `feat` (2026-01-01T00:01:00Z)\n\n# OTA Log — branch `feat`\n\n',
  '\n## Merged from `feat` (2026-01-01T00:01:00Z)\n\n\n## Merged from `x` (2026-01-01T00:00:50Z)\n\n',
];

describe('the log headings read on the bytes', () => {
  it('every header and merge heading, standard or not, as log.ts reads them', () => {
    for (const header of HEADERS) {
      for (const heading of HEADINGS) {
        const text = header + step(1, '2026-01-01T00:00:10Z') + heading + step(1, '2026-01-01T00:00:30Z') + step(2, '2026-01-01T00:02:00Z');
        expectSameReading(text);
        expectSameReading(text + heading);
        // A heading right after the header: no record between, nor the blank line before the heading.
        expectSameReading(header + heading + step(1, '2026-01-01T00:00:30Z'));
      }
    }
  });

  it('cut at every byte, in and around both headings', () => {
    // With spaces on the blank line before a heading, a piece that ends at a step's closing `---` is read again whole.
    for (const heading of [HEADINGS[0]!, HEADINGS[1]!, HEADINGS[3]!, HEADINGS[11]!]) {
      const text = HEADERS[0]! + step(1, '2026-01-01T00:00:10Z') + heading + step(1, '2026-01-01T00:00:30Z');
      for (let cut = 1; cut < encodeUtf8(text).length; cut++) expectSameReading(text, [cut]);
    }
  });

  it('the standard headings leave every step on the fast path, the others go to the full reader', () => {
    const text = (header: string, heading: string) => header + step(1, '2026-01-01T00:00:10Z') + heading + step(1, '2026-01-01T00:00:30Z') + step(2, '2026-01-01T00:02:00Z');
    expect(expectSameReading(text(HEADERS[0]!, HEADINGS[0]!))).toBe(0);
    expect(expectSameReading(text(HEADERS[4]!, HEADINGS[5]!))).toBe(0);
    // A header the reader reports, and a heading with no time: the full reader reads each up to the next step header
    // that follows a `---` line (the header's reading takes the merge heading and its first copy with it).
    expect(expectSameReading(text(HEADERS[5]!, HEADINGS[0]!))).toBe(2);
    expect(expectSameReading(text(HEADERS[0]!, HEADINGS[7]!))).toBe(1);
  });
});
