// Searching a log on its bytes finds exactly what searching its decoded steps finds, and only two characters fold into an
// ASCII letter (checked over every code point).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largeStepText } from '../bench/gen-large.ts';
import { encodeUtf8 } from './gcc/read/bytes.ts';
import { indexWholeLog } from './gcc/read/log-index.ts';
import { parseLog } from './gcc/read/log.ts';
import { serializeLogHeader, serializeStep } from './gcc/write/log-write.ts';
import { searchRecords } from './search.ts';
import { LOWERS_TO_ASCII, asciiRun, byteCounts, foldedHits } from './search-steps.ts';

const FILE = 'branches/main/log.md';

/** A FindBytes in plain JavaScript (the server passes Node's native one: server/http/routes/search.test.ts). */
const jsFind = (hay: Uint8Array, needle: Uint8Array, from: number): number => {
  outer: for (let i = Math.max(0, from); i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
};

/** The same log as the store holds it (an index) and as decoded records. */
function bothWays(text: string) {
  const bytes = encodeUtf8(text);
  return { index: indexWholeLog(bytes, FILE, 'typescript').index, steps: parseLog(bytes, { file: FILE, dialect: 'typescript' }).steps };
}

function expectSameSearch(text: string, queries: readonly string[], limit = 50) {
  const { index, steps } = bothWays(text);
  for (const q of queries) {
    const fromBytes = searchRecords(q, [{ name: 'main', commits: [], steps: index }], limit);
    const decoded = searchRecords(q, [{ name: 'main', commits: [], steps }], limit);
    expect(fromBytes, q).toEqual(decoded);
    expect(searchRecords(q, [{ name: 'main', commits: [], steps: index }], limit, jsFind), q).toEqual(decoded);
  }
}

describe('search on the bytes of a log', () => {
  it('only KELVIN SIGN and LATIN CAPITAL I WITH DOT lower-case into ASCII letters', () => {
    const found: Record<string, string> = {};
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const ascii = ch.toLowerCase().replace(/[^\x00-\x7f]/g, '');
      if (ascii) found[ascii] = ch;
    }
    expect(Object.keys(found).sort()).toEqual(Object.keys(LOWERS_TO_ASCII).sort());
    for (const [letter, ch] of Object.entries(found)) expect([...LOWERS_TO_ASCII[letter]!]).toEqual([...encodeUtf8(ch)]);
  });

  it('folds ASCII case and picks the longest ASCII run of the query', () => {
    expect(foldedHits(encodeUtf8('RedIS redis xRED'), asciiRun('red')!)).toEqual([0, 6, 13]);
    expect(String.fromCharCode(...asciiRun('café au lait')!)).toBe(' au lait');
    expect(asciiRun('日本')).toBeNull();
  });

  it('finds the same offsets whichever byte it anchors on: by the text\'s own counts, another sample\'s, or by a native find', () => {
    const naive = (text: Uint8Array, run: Uint8Array) => {
      const out: number[] = [];
      for (let i = 0; i + run.length <= text.length; i++) if (run.every((b, q) => (text[i + q]! >= 0x41 && text[i + q]! <= 0x5a ? text[i + q]! + 32 : text[i + q]) === b)) out.push(i);
      return out;
    };
    const bytes = fc.array(fc.constantFrom(...'aAbB1.# \n—xX'), { maxLength: 200 }).map((a) => encodeUtf8(a.join('')));
    const runs = fc.array(fc.constantFrom(...'ab1.# x'), { minLength: 1, maxLength: 4 }).map((a) => asciiRun(a.join(''))!);
    fc.assert(
      fc.property(bytes, bytes, runs, (text, sample, run) => {
        const want = naive(text, run);
        expect(foldedHits(text, run)).toEqual(want);
        expect(foldedHits(text, run, byteCounts(text))).toEqual(want);
        expect(foldedHits(text, run, byteCounts(sample))).toEqual(want);
        expect(foldedHits(text, run, undefined, jsFind)).toEqual(want);
      }),
      { numRuns: 300 },
    );
    // In a log full of digits, a digit is not the anchor: the search for `h1231.ts` still finds its one place.
    const log = encodeUtf8(`${'2026-01-01T12:31:23.123Z step 1231 '.repeat(2000)}see H1231.TS here`);
    expect(foldedHits(log, asciiRun('h1231.ts')!, byteCounts(log))).toEqual([log.length - 'H1231.TS here'.length]);
    expect(foldedHits(log, asciiRun('h1231.ts')!, undefined, jsFind)).toEqual([log.length - 'H1231.TS here'.length]);
  });

  it('finds what the decoded steps find, in the large log layout, over several chunks', () => {
    let text = '# OTA Log — branch `main`\n\n';
    for (let i = 9000; i <= 18000; i++) text += largeStepText(i, 'ts');
    expect(encodeUtf8(text).length).toBeGreaterThan(2 * (1 << 20));
    expectSameSearch(text, ['pytest', 'PYTEST', 'Test_9001', 'naïve', 'NAÏVE', 'café —', '✓ fixture #9999', 'timestamptz', '\\---', '---', 'step 9000', '**todo**', 'absent entirely', 'Fixture loads; continue with step 17995.', 'a'], 50);
    expectSameSearch(text, ['migration 90', 'offset'], 5000);
  });

  it('finds text written with KELVIN SIGN or İ by its ASCII letters, and anything across values', () => {
    const steps = ['5 \u212Aelvin', 'ALİ veli', 'plain k', 'i\u0307 dotted', 'mixed Straße', 'ǅungla'];
    let text = serializeLogHeader('main');
    steps.forEach((o, k) => (text += serializeStep({ step: k + 1, timestamp: '2026-01-01T00:00:00Z', observation: o, thought: `t${k}`, action: `a${k}` })));
    expectSameSearch(text, ['k', 'kelvin', 'i', 'li', 'i̇', 'strasse', 'straße', 'ǆ', 'ǅ', 'dž', 't3', 'a5', '\n']);
  });

  it('finds what the decoded steps find in logs written from random values', () => {
    const value = fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('Redis', 'REDIS', '\u212A', 'İ', '---', '**Action:**', 'ß')), { maxLength: 4 }).map((a) => a.join('\n'));
    fc.assert(
      fc.property(fc.array(fc.record({ o: value, t: value, a: value }), { maxLength: 12 }), fc.constantFrom('redis', 'k', 'i', 'ss', 'action', '-', 'a', 'ß'), (items, q) => {
        let text = serializeLogHeader('main');
        items.forEach((it, k) => (text += serializeStep({ step: k + 1, timestamp: '2026-01-01T00:00:00Z', observation: it.o, thought: it.t, action: it.a })));
        expectSameSearch(text, [q, q.toUpperCase()], 3);
      }),
      { numRuns: 200 },
    );
  });
});
