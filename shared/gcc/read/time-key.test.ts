// A step's time read from the index's columns (stepMs) is the number timestampMs gives for its timestamp text, for
// every corpus log (all seven writers, the edge and damaged folders) and for spellings the corpus lacks.
import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from './bytes.ts';
import { indexWholeLog } from './log-index.ts';
import { arrayStepList } from './step-list.ts';
import { corpusSeedFiles } from '../test-support/fuzz-seeds.ts';
import { stepMs, timestampMs } from './time-key.ts';

const FILE = 'branches/main/log.md';

function expectSameTimes(bytes: Uint8Array, label: string): number {
  const { index } = indexWholeLog(bytes, FILE, undefined);
  const decoded = index.slice();
  for (let i = 0; i < index.length; i++) {
    expect(stepMs(index, i), `${label} step ${i} ${decoded[i]!.timestamp}`).toBe(timestampMs(decoded[i]!.timestamp));
  }
  return index.length;
}

describe('stepMs', () => {
  it('equals timestampMs of the decoded timestamp on every corpus log', () => {
    let steps = 0;
    for (const f of corpusSeedFiles().filter((s) => s.kind === 'log')) steps += expectSameTimes(f.bytes, f.source);
    expect(steps).toBeGreaterThan(100);
  });

  it('equals it for fractions of every width, offsets, a bare time, junk before the time and no time at all', () => {
    const stamps = [
      '2026-01-02T03:04:05Z', '2026-01-02T03:04:05.1Z', '2026-01-02T03:04:05.123456Z', '2026-01-02T03:04:05.999999999Z',
      '2026-01-02T03:04:05+05:30', '2026-01-02T03:04:05.5-08:00', '2026-01-02 03:04:05', '2026-01-02T03:04:05',
      '~\u0001 2026-01-02T03:04:05.250Z', 'yesterday', '1969-12-31T23:59:59.999Z',
    ];
    let text = '# OTA Log — branch `main`\n\n';
    stamps.forEach((t, i) => (text += `### Step ${i + 1} — ${t}\n**Observation:** o\n\n**Thought:** t\n\n**Action:** a\n\n---\n\n`));
    expect(expectSameTimes(encodeUtf8(text), 'spellings')).toBe(stamps.length);
    const list = arrayStepList(indexWholeLog(encodeUtf8(text), FILE, undefined).index.slice());
    stamps.forEach((_, i) => expect(stepMs(list, i)).toBe(timestampMs(list.timestampAt(i))));
    expect(stepMs(list, 0)).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(stepMs(list, 4)).toBe(Date.UTC(2026, 0, 1, 21, 34, 5));
  });
});
