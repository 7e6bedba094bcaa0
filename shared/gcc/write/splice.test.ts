// Splicing edits into a file: every other byte left as it was.
import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../read/bytes.ts';
import { readCorpus } from '../test-support/corpus.ts';
import { parseLog } from '../read/log.ts';
import { serializeStep } from './log-write.ts';
import { splice } from './splice.ts';

describe('splice', () => {
  it('replaces one record and leaves every other byte identical', () => {
    const bytes = readCorpus('bad/non-utf8-log/.GCC/branches/main/log.md');
    const r = parseLog(bytes, { file: 'f' });
    const target = r.steps[4]!;
    const replacement = serializeStep({ ...target, observation: 'edited — ✓' });
    const out = splice(bytes, [{ range: target.range, replacement }]);
    if (!out.ok) throw new Error(out.reason);
    const repl = encodeUtf8(replacement);
    expect(out.bytes.subarray(0, target.range.start)).toEqual(bytes.subarray(0, target.range.start));
    expect(out.bytes.subarray(target.range.start + repl.length)).toEqual(bytes.subarray(target.range.end));
    const again = parseLog(out.bytes, { file: 'f' });
    expect(again.steps[4]!.observation).toBe('edited — ✓');
    expect(again.steps.map((s) => s.step)).toEqual(r.steps.map((s) => s.step));
    // The non-UTF-8 bytes of step 2 are still there, untouched.
    expect(out.bytes.subarray(r.steps[1]!.range.start, r.steps[1]!.range.end)).toEqual(bytes.subarray(r.steps[1]!.range.start, r.steps[1]!.range.end));
  });

  it('applies several edits given against the original offsets, in any order', () => {
    const bytes = encodeUtf8('0123456789');
    const out = splice(bytes, [
      { range: { start: 7, end: 9 }, replacement: 'XY' },
      { range: { start: 1, end: 3 }, replacement: '' },
      { range: { start: 5, end: 5 }, replacement: '—' },
    ]);
    expect(out.ok && new TextDecoder().decode(out.bytes)).toBe('034—56XY9');
  });

  it('refuses overlapping or out-of-range edits instead of throwing', () => {
    const bytes = encodeUtf8('abc');
    expect(splice(bytes, [{ range: { start: 0, end: 2 }, replacement: '' }, { range: { start: 1, end: 3 }, replacement: '' }]).ok).toBe(false);
    expect(splice(bytes, [{ range: { start: 2, end: 9 }, replacement: '' }]).ok).toBe(false);
  });
});
