// The entry matcher against the emitters it stands in for: an entry it judges in place is judged as writing it and
// comparing would judge it, and writersOf names what serializing and comparing whole files names.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BranchMetadata, Dialect } from '../../types.ts';
import { METADATA_KEYS, valueOf, type MetadataKey } from '../read/metadata-keys.ts';
import { parseMetadata } from '../read/metadata.ts';
import { asciiValue, entryEnd, isoTimestamp, plainForAll, SharedFacts } from './metadata-entry-match.ts';
import { entryText, METADATA_WRITERS, serializeMetadata, writersOf } from './metadata-write.ts';

/** Today's way, the reference: the writers whose whole serialization is the text. */
const writersBySerializing = (meta: BranchMetadata, text: string): Dialect[] => METADATA_WRITERS.filter((d) => serializeMetadata(meta, d) === text);

// Pieces that hit the emitters' edges: every indicator first, `: ` and ` #` inside, the words and numbers some
// resolver takes for something else, dates, quotes, escapes, line breaks, control and non-ASCII characters, lone
// surrogates, and runs of text that reach the 78- and 80-column limits.
const PIECES = [
  '', ' ', '  ', ':', ': ', '#', ' #', "'", "''", '"', '\\', '-', '- ', '--', '---', '...', '?', '? ', '&', '*', '!', '|', '>', '%', '@', '`', ',', '[', ']', '{', '}', '=', '~', '<<', '.',
  'yes', 'Yes', 'NO', 'on', 'Off', 'y', 'N', 'true', 'False', 'null', 'Null', 'NULL',
  '0', '07', '017', '08', '0x1F', '0o17', '0b101', '1_000', '12', '-1', '+1', '1.5', '1.', '.5', '6.02e23', '1e3', '1E+3', 'e5', 'E+3', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', '1:30', '1:20:30.5', '_1:2',
  '2026-12-02', '2026-1-2', '2026-12-02 13:58:12', '2026-12-02T13:58:12Z', '2026-12-02t13:58:12.404196+00:00', '2026-13-40',
  '2026-12-02T13:58:12.404196+00:00', '2026-02-02T11:20:00.000Z', '2026-13-02T13:58:12Z', '2026-00-02T13:58:12Z', '2026-12-32T13:58:12Z', '2026-12-00T13:58:12Z',
  '0999-01-01T00:00:00Z', '2026-12-02T13:58:12.5-07:00', '2026-12-02T13:58:12+0000', '2026-12-02T13:58:12.Z', '2026-12-02T1:58:12Z', '2026-1-02T13:58:12Z',
  'word', 'Explore', 'approach', 'tokens,', 'x', 'a: b', 'a #b', 'a#b', 'a:b', "don't", 'long '.repeat(15), 'abcdefghij'.repeat(8),
  '\n', '\n\n', '\t', '\r', '\r\n', '\x00', '\x07', '\x1b', '\x7f', '\x85', '\xa0', 'é', 'naïve', '—', '✓', '\u2028', '\u2029', '\ufeff', '\ufffe', '😀', '\ud800', '\udc00',
];
const piece = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.string({ maxLength: 8, unit: 'binary' }) });
/** A value around the widths where the emitters start folding: words of printable ASCII, 60 to 100 characters. */
const nearWidth = fc
  .tuple(fc.integer({ min: 60, max: 100 }), fc.array(fc.constantFrom('ab', 'c', 'defgh', 'x:y', "it's", '"q"'), { minLength: 1, maxLength: 60 }))
  .map(([length, words]) => words.join(' ').padEnd(length, 'z').slice(0, length));
const value: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 2, arbitrary: nearWidth },
  { weight: 1, arbitrary: fc.string({ maxLength: 90, unit: 'grapheme-ascii' }) },
);
const KEYS = [...METADATA_KEYS];

describe('entryEnd', () => {
  it('judges an entry as writing it and comparing does, wherever it decides', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), fc.option(value, { freq: 8 }), fc.constantFrom(...METADATA_WRITERS), fc.constantFrom(...METADATA_WRITERS), fc.nat(), fc.constantFrom('same', 'cut', 'insert', 'replace', 'other'), value, (key, v, dialect, author, at, how, other) => {
        // The text at the entry: some writer's entry for this value or another, whole or edited, then a next key.
        const written = entryText(key, how === 'other' ? other : v, author);
        const i = at % (written.length + 1);
        const edited =
          how === 'cut' ? written.slice(0, i) : how === 'insert' ? `${written.slice(0, i)}'${written.slice(i)}` : how === 'replace' ? `${written.slice(0, i)}"${written.slice(i + 1)}` : written;
        const text = `x\n${edited}status: active\n`;
        const expected = entryText(key, v, dialect);
        const end = entryEnd(text, 2, key, KEYS.indexOf(key), v, dialect, new SharedFacts());
        if (end !== undefined) expect(end).toBe(text.startsWith(expected, 2) ? 2 + expected.length : -1);
      }),
      { numRuns: 20000 },
    );
  });

  it('judges every edge piece alone after every key, and every pair of pieces, as writing and comparing does', () => {
    const check = (key: MetadataKey, v: string, dialect: Dialect, authors: readonly Dialect[]): void => {
      const expected = entryText(key, v, dialect);
      for (const author of authors) {
        const text = entryText(key, v, author);
        const end = entryEnd(text, 0, key, KEYS.indexOf(key), v, dialect, new SharedFacts());
        if (end !== undefined) expect(end, `${dialect} ${key}: ${JSON.stringify(v)} as ${author} writes it`).toBe(text.startsWith(expected) ? expected.length : -1);
      }
    };
    for (const dialect of METADATA_WRITERS) {
      for (const v of PIECES) for (const key of KEYS) check(key, v, dialect, METADATA_WRITERS);
      for (const a of PIECES) for (const b of PIECES) check('created_from', a + b, dialect, [dialect]);
    }
  });

  it('decides the values the writers write most: short names, statuses, dates, sentences', () => {
    const decided = (v: string | null, dialect: Dialect, key = 'purpose' as const): boolean => entryEnd(entryText(key, v, dialect), 0, key, 1, v, dialect, new SharedFacts()) !== undefined;
    for (const dialect of METADATA_WRITERS) {
      for (const v of ['main', 'active', '', null, '2026-12-02T13:58:12.404196+00:00', 'Try approach 3 for main', "it's: a #test", '-x']) expect(decided(v, dialect)).toBe(true);
    }
    // Past the widths, and outside printable ASCII, the emitters are asked.
    expect(decided('word '.repeat(16).trim(), 'typescript')).toBe(false);
    expect(decided('word '.repeat(15).trim(), 'python')).toBe(false);
    expect(decided('café', 'python')).toBe(false);
    expect(decided('café', 'lua')).toBe(true);
  });

  it('sees a value of printable ASCII only', () => {
    for (const v of ['\t', 'a\nb', 'é', '\x7f', '😀']) expect(asciiValue(v)).toBeNull();
    expect(asciiValue(" it's ")).toMatchObject({ quotes: 1, blockPlain: false, jsPlain: false });
  });
});

describe('writersOf names what serializing whole files names', () => {
  const decode = (bytes: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, '');
  /** The file as start-up meets it: its values read from the bytes, judged against the text of those bytes. */
  const judgedAsToday = (written: string): void => {
    const bytes = new TextEncoder().encode(written);
    const parsed = parseMetadata(bytes, 'branches/b/metadata.yaml');
    expect(parsed.style.writers).toEqual(parsed.metadata === null ? [] : writersBySerializing(parsed.metadata, decode(bytes)));
  };

  it('every metadata.yaml of the corpus, as read and as each writer writes its values', () => {
    const files = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('metadata.yaml'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS, file)));
      const parsed = parseMetadata(bytes, file);
      const text = decode(bytes);
      if (parsed.metadata === null) continue;
      expect(parsed.style.writers, file).toEqual(writersBySerializing(parsed.metadata, text));
      for (const dialect of METADATA_WRITERS) judgedAsToday(serializeMetadata(parsed.metadata, dialect));
    }
  });

  it("the values of the corpus's expected readings and edge-case operations, as each writer writes them", () => {
    const metas: BranchMetadata[] = [];
    for (const file of readdirSync(CORPUS, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('expected.json'))) {
      const expected = JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as { branches?: Record<string, { metadata?: BranchMetadata | null }> };
      for (const branch of Object.values(expected.branches ?? {})) if (branch.metadata) metas.push(branch.metadata);
    }
    const edge = JSON.parse(readFileSync(join(CORPUS, 'edge.json'), 'utf8')) as { ops: { purpose?: string }[] };
    for (const op of edge.ops) {
      if (op.purpose !== undefined) metas.push({ name: 'b', purpose: op.purpose, createdFrom: 'main', createdAt: '2026-12-02T13:58:12Z', status: 'active', mergedInto: null, mergedAt: null });
    }
    expect(metas.length).toBeGreaterThan(20);
    for (const meta of metas) {
      for (const dialect of METADATA_WRITERS) {
        const text = serializeMetadata(meta, dialect);
        expect(writersOf(meta, text)).toEqual(writersBySerializing(meta, text));
        judgedAsToday(text);
      }
    }
  });

  it('thousands of generated files: each writer’s own output and random edits of it', () => {
    const meta: fc.Arbitrary<BranchMetadata> = fc.record({
      name: value,
      purpose: value,
      createdFrom: fc.oneof(fc.constant(''), fc.constant('main'), value),
      createdAt: fc.oneof(fc.constantFrom('2026-12-02T13:58:12.404196+00:00', '2026-12-02T13:58:13.605Z', '2026-12-02T13:58:12Z'), value),
      status: fc.oneof(fc.constantFrom('active', 'merged', 'abandoned'), value),
      mergedInto: fc.option(fc.oneof(fc.constant('main'), value)),
      mergedAt: fc.option(fc.oneof(fc.constant('2026-12-02T13:58:17.459540225+00:00'), value)),
    });
    const edit = fc.constantFrom('same', 'same', 'cut', 'insert', 'delete', 'other', 'crlf', 'swap-quotes');
    const file = fc.tuple(meta, meta, fc.constantFrom(...METADATA_WRITERS), fc.nat(), edit, fc.constantFrom("'", '"', ' ', '\n', ':', '#', '\\', 'x', 'é')).map(([m, other, dialect, at, how, ch]) => {
      const text = serializeMetadata(how === 'other' ? other : m, dialect);
      const i = text.length === 0 ? 0 : at % text.length;
      const edited =
        how === 'cut' ? text.slice(0, i)
        : how === 'insert' ? `${text.slice(0, i)}${ch}${text.slice(i)}`
        : how === 'delete' ? `${text.slice(0, i)}${text.slice(i + 1)}`
        : how === 'crlf' ? text.replace(/\n/g, '\r\n')
        : how === 'swap-quotes' ? text.replace(/['"]/g, (q) => (q === "'" ? '"' : "'"))
        : text;
      return { meta: m, text: edited };
    });
    fc.assert(
      fc.property(file, ({ meta, text }) => {
        expect(writersOf(meta, text)).toEqual(writersBySerializing(meta, text));
        judgedAsToday(text);
      }),
      { numRuns: 4000 },
    );
  });

  it('the metadata every writer gives its main branch and a merged branch', () => {
    const main: BranchMetadata = { name: 'main', purpose: 'Primary reasoning trajectory', createdFrom: '', createdAt: '2026-12-02T13:58:12Z', status: 'active', mergedInto: null, mergedAt: null };
    const merged: BranchMetadata = { ...main, name: 'auth-jwt', createdFrom: 'main', status: 'merged', mergedInto: 'main', mergedAt: '2026-12-02T13:59:00.5Z' };
    for (const meta of [main, merged]) {
      for (const dialect of METADATA_WRITERS) {
        const text = serializeMetadata(meta, dialect);
        expect(writersOf(meta, text)).toContain(dialect);
        expect(writersOf(meta, text)).toEqual(writersBySerializing(meta, text));
        for (const key of METADATA_KEYS) {
          const at = text.indexOf(`${key}:`);
          if (at >= 0) expect(entryEnd(text, at, key, KEYS.indexOf(key), valueOf(meta, key), dialect, new SharedFacts())).not.toBe(-1);
        }
      }
    }
  });
});

describe('plainForAll and isoTimestamp', () => {
  it('say what asciiValue’s facts say, for any text', () => {
    const words = fc.constantFrom('yes', 'No', 'null', 'e5', 'a', 'b-0001', 'Try approach 2', 'a:b', 'a#b', "a'b", 'x ', ' x', '2026-12-02T13:58:12.404Z', '2026-13-02T13:58:12Z', 'é', '\t', 'a'.repeat(66), 'a'.repeat(67));
    const text = fc.oneof(words, fc.string({ maxLength: 80 }), fc.array(words, { maxLength: 4 }).map((w) => w.join('')));
    fc.assert(
      fc.property(text, (value) => {
        const facts = asciiValue(value);
        expect(plainForAll(value), JSON.stringify(value)).toBe(facts?.plainForAll === true);
        expect(isoTimestamp(value), JSON.stringify(value)).toBe(facts?.isoTimestamp === true);
      }),
      { numRuns: 5000 },
    );
  });
});
