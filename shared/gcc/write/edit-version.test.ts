// Record versions are stored in edit histories and held by open pages: the same values for ever. The hash that feeds
// the JSON text without building it gives what the first one (JSON.stringify, then each lane, kept below) gave.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitVersion, metadataVersion, roadmapPartVersion, stepVersion, versionOf } from './edit-version.ts';

// ---- The reference: the version as first written (kept verbatim).
function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
function referenceVersionOf(values: readonly (string | number | null)[]): string {
  const text = JSON.stringify(values);
  return `v${cyrb53(text, 0)}${cyrb53(text, 0x9e3779b9)}`;
}
// ----

const GOLDEN: [(string | number | null)[], string][] = [
  [[], 'v15202279b28c9e04f2851bf02de3'],
  [['metadata', 'main', 'Primary reasoning trajectory', '', "'2026-02-02T08:00:00.000Z'", 'active', null, null], 'v067f0dbd3fb35b1b52510ddc80a6'],
  [['step', 1, '2026-02-02T08:00:00.000Z', 'obs "quoted" \\ back', 'line\nbreak\ttab\r\b\f\u0001\u001f', 'ünï ☃ 😀', null], 'v03cb148b4164cd151728603a9157'],
  [['commit', 'abc123', '2026-02-02T08:00:00+00:00', 'purpose', 'prev', 'contrib'], 'v13b95a1b5c095d109e3fde4ffb84'],
  [['roadmap', 'update', null, 'lone \ud800 high, lone \udc00 low, pair \ud83d\ude00, reversed \udc00\ud800, end \ud800'], 'v0605fa47dac9da15fb8ebcfdbc37'],
  [['n', 0, -0, 1.5, -3e-7, 1e21, NaN, Infinity, -Infinity, 9007199254740993], 'v0ee738e94c0b0d16806dbbb27d1a'],
  [['\u007f\u0080\u2028\u2029\ufeff\uffff'], 'v13a87b32bb05271a46211252aeae'],
];

describe('record versions', () => {
  it('are the golden values taken from the first hash', () => {
    for (const [values, version] of GOLDEN) expect(versionOf(values), JSON.stringify(values)).toBe(version);
    expect(
      metadataVersion({ name: 'b-0002', purpose: 'Try approach 2 for main', createdFrom: 'main', createdAt: '2026-02-02T09:06:40.000Z', status: 'merged', mergedInto: 'main', mergedAt: '2026-02-02T09:17:20.640Z' }),
    ).toBe('v0d63e5b1a08d780375f684163af4');
    expect(stepVersion({ step: 7, timestamp: '2026-02-02T08:00:49.049Z', observation: 'o', thought: 't', action: 'a' })).toBe('v06ba8ea845e3620443c9ac5aa88f');
    expect(stepVersion({ step: 8, timestamp: 'x', observation: '', thought: '', action: '', mergedFrom: 'b-1' })).toBe('v01b0eee77aaa800b71f0e38dbdc0');
    expect(commitVersion({ commitId: 'c', timestamp: 't', branchPurpose: 'p', previousProgressSummary: 's', thisCommitContribution: 'c' })).toBe('v01a96a6ab6c98f1197adbed6c13b');
    expect(roadmapPartVersion({ kind: 'initialized', timestamp: '2026', text: 'x' })).toBe('v19a083a77290971e62c50c50490b');
  });

  it('equal the first hash for any list of texts, numbers and nulls', () => {
    // Every UTF-16 unit is likely near the escapes: controls, quotes, backslashes, lone and paired surrogates.
    const unit = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0xd7f0, max: 0xe010 }), fc.integer({ min: 0, max: 0xffff }));
    const text = fc.oneof(fc.array(unit, { maxLength: 40 }).map((units) => String.fromCharCode(...units)), fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }));
    const value = fc.oneof(text, fc.constant(null), fc.double(), fc.integer());
    fc.assert(
      fc.property(fc.array(value, { maxLength: 9 }), (values) => {
        expect(versionOf(values)).toBe(referenceVersionOf(values));
      }),
      { numRuns: 5000 },
    );
  });
});
