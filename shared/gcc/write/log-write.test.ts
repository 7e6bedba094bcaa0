// Writing steps byte for byte as the writers do.
import { describe, expect, it } from 'vitest';
import { lineAtByte } from '../read/bytes.ts';
import { parseLog } from '../read/log.ts';
import { corpusFiles } from '../test-support/corpus.ts';
import { serializeLogHeader, serializeMergeHeader, serializeStep } from './log-write.ts';

const dec = new TextDecoder();
const logs = corpusFiles().filter((f) => f.kind === 'log');

describe('serializeStep reproduces the writers byte for byte', () => {
  // Records whose bytes no writer of the dialect produces from the parsed values (legacy layouts,
  // damaged bytes), or that we deliberately write differently (bare `---` lines: see escape.ts).
  const notReproducible = new Set([
    'legacy-step-header', 'malformed-step-header', 'missing-step-header', 'missing-field', 'crlf-line-endings',
    'nonstandard-layout', 'corrupted-timestamp', 'invalid-timestamp', 'invalid-utf8', 'unlabelled-text', 'ambiguous-field-boundary',
  ]);
  for (const f of logs) {
    it(f.path, () => {
      const r = parseLog(f.bytes, { file: f.file, dialect: f.dialect });
      let checked = 0;
      for (const s of r.steps) {
        const from = lineAtByte(f.bytes, s.range.start);
        const to = lineAtByte(f.bytes, s.range.end - 1);
        const issues = r.diagnostics.filter((d) => d.line >= from && d.line <= to).map((d) => d.code);
        if (issues.some((c) => notReproducible.has(c))) continue;
        if (f.dialect !== 'zig' && issues.includes('unescaped-separator')) continue;
        expect(serializeStep(s, f.dialect)).toBe(dec.decode(f.bytes.subarray(s.range.start, s.range.end)));
        checked++;
      }
      for (const m of r.merges) {
        expect(serializeMergeHeader(m.branch, m.timestamp, f.dialect)).toBe(dec.decode(f.bytes.subarray(m.range.start, m.range.end)));
      }
      if (r.header?.branch) expect(serializeLogHeader(r.header.branch)).toBe(dec.decode(f.bytes.subarray(r.header.range.start, r.header.range.end)));
      expect(checked).toBeGreaterThan(0);
    });
  }
});
