// A style and a reading kept by layout are those worked out afresh for every file: the corpus, a generated workspace, and files of
// the seven writers with values drawn from each class a layout abstracts (and from outside them).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateManyBranches } from '../../../bench/gen-branches.ts';
import { CORPUS } from '../../../fixtures/corpus.ts';
import type { BranchMetadata } from '../../types.ts';
import { METADATA_WRITERS, serializeMetadata } from '../write/metadata-write.ts';
import { seededRandom } from '../test-support/fuzz-inputs.ts';
import { layoutOf } from './metadata-layout.ts';
import { makeReader, readScalar } from './metadata-value.ts';
import { scanWriterLayout } from './metadata-scan.ts';
import { parseMetadata, parseMetadataFresh } from './metadata.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** Reads `bytes` with the kept styles and afresh, and gives the layout the scan saw (null: not read by the scan). */
function expectSameReading(bytes: Uint8Array, label: string): string | null {
  const kept = parseMetadata(bytes, 'branches/b/metadata.yaml');
  expect(kept, label).toEqual(parseMetadataFresh(bytes, 'branches/b/metadata.yaml'));
  const text = new TextDecoder().decode(bytes);
  const scanned = scanWriterLayout(text);
  if (scanned === null || kept.metadata === null) return null;
  // The layout as parseMetadata finds it: asked only to count how many files share one.
  const values = new Map(scanned.map((v) => [v.key, readScalar(v.key, v.spelling, v.source, v.resolved, v.raw, v.line, makeReader('m'))]));
  return layoutOf(text, scanned, values).key;
}

const temp = mkdtempSync(join(tmpdir(), 'gcc-layout-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// Times as the writers stamp them and as no writer does: every fraction width up to past the emitters' line widths.
const digits = (n: number) => Array.from({ length: n }, (_, i) => String((i * 7 + n) % 10)).join('');
const isoTime = fc
  .tuple(fc.constantFrom('2026-12-02', '1999-01-31', '2026-02-30', '2026-13-01', '0000-00-00'), fc.constantFrom('T13:58:12', 'T99:61:61', ' 13:58:12', 't13:58:12'), fc.nat(72), fc.constantFrom('Z', '+00:00', '-05:30', '', 'z', '+0000'))
  .map(([day, time, width, zone]) => `${day}${time}${width === 0 ? '' : `.${digits(width)}`}${zone}`);
const plainWords = fc.array(fc.constantFrom('Explore', 'stateless', 'auth', 'so', 'tokens', 'x-y', 'a/b', 'main', 'b-0001', 'Try', 'approach', '2', 'for', 'e5', 'E', 'yes', 'null', 'NULL', '~', 'a|b', 'k:', 'a #b', "don't", 'café', '-', '?', '|+', '>-'), { minLength: 1, maxLength: 30 }).map((w) => w.join(' '));
const value = fc.oneof({ weight: 3, arbitrary: plainWords }, { weight: 3, arbitrary: isoTime }, { weight: 1, arbitrary: fc.string({ maxLength: 90 }) }, { weight: 1, arbitrary: fc.constantFrom('', 'active', 'merged') });
const metadataOf = (value: fc.Arbitrary<string>): fc.Arbitrary<BranchMetadata> =>
  fc.record({ name: value, purpose: value, createdFrom: value, createdAt: value, status: value, mergedInto: fc.option(value), mergedAt: fc.option(value) });
// Values of the abstracted classes mostly, in few layouts, so that the kept style is asked for values other than
// those it was worked out from; now and then a value from outside them.
const safeWords = fc.array(fc.constantFrom('Explore', 'stateless', 'auth', 'tokens', 'x-y', 'a/b', 'b-0001', '2', 'for', 'e5', 'E', 'a|b'), { maxLength: 8 }).map((w) => ['Try', ...w].join(' '));
const writerTime = fc.tuple(fc.integer({ min: 0, max: 2e12 }), fc.constantFrom(3, 70)).map(([ms, width]) => `${new Date(ms).toISOString().slice(0, 19)}.${digits(width)}Z`);
const rarely = (common: fc.Arbitrary<string>) => fc.oneof({ weight: 30, arbitrary: common }, { weight: 1, arbitrary: value });
const narrowMetadata: fc.Arbitrary<BranchMetadata> = fc.record({
  name: rarely(safeWords),
  purpose: rarely(safeWords),
  createdFrom: rarely(safeWords),
  createdAt: rarely(writerTime),
  status: rarely(fc.constantFrom('active', 'merged')),
  mergedInto: fc.option(rarely(safeWords)),
  mergedAt: fc.option(rarely(writerTime)),
});

describe('styles and readings kept by layout', () => {
  it('are the fresh style of every corpus metadata.yaml', () => {
    const files = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('metadata.yaml'));
    expect(files.length).toBeGreaterThan(50);
    // Twice: the second time every layout is kept already.
    for (const file of [...files, ...files]) expectSameReading(new Uint8Array(readFileSync(join(CORPUS, file))), file);
  });

  it('are the fresh style of a generated workspace’s files, which share a few layouts', () => {
    const gcc = generateManyBranches(join(temp, 'many'), 300, 1, 1).gccDir;
    const layouts = new Set<string | null>();
    for (const branch of readdirSync(join(gcc, 'branches'))) {
      layouts.add(expectSameReading(new Uint8Array(readFileSync(join(gcc, 'branches', branch, 'metadata.yaml'))), branch));
    }
    expect(layouts.has(null)).toBe(false);
    expect(layouts.size).toBeLessThan(10);
  });

  it('are the fresh style of the seven writers’ files of random values', () => {
    fc.assert(
      fc.property(metadataOf(value), fc.constantFrom(...METADATA_WRITERS), (meta, dialect) => {
        expectSameReading(encode(serializeMetadata(meta, dialect)), `${dialect} ${JSON.stringify(meta)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('are the fresh style of the seven writers’ files of values of the abstracted classes, many sharing a layout', () => {
    const layouts = new Set<string | null>();
    let files = 0;
    fc.assert(
      fc.property(narrowMetadata, fc.constantFrom(...METADATA_WRITERS), fc.nat(9), (meta, dialect, cut) => {
        // Now and then without its final line break: a layout of its own.
        const text = serializeMetadata(meta, dialect);
        layouts.add(expectSameReading(encode(cut === 0 ? text.slice(0, -1) : text), `${dialect} ${cut} ${JSON.stringify(meta)}`));
        files++;
      }),
      { numRuns: 4000 },
    );
    expect(layouts.size).toBeLessThan(files / 3);
  });

  it('keep apart the values next to the classes: words YAML reads as something else, a digit or an indicator first', () => {
    // Three characters each: a layout that kept only a value's length would take each for the first one seen.
    const near = ['abc', 'yes', '2ab', 'a#b', 'k:x', '1e3', 'Yes', '0x1', 'NUL', 'off', '-ab', '.5e', '~ab', 'e12', 'a b', '1:2', 'y n'];
    for (const dialect of METADATA_WRITERS) {
      for (const name of near) {
        const meta = { name, purpose: 'Try it', createdFrom: 'main', createdAt: '2026-12-02T13:58:12.404Z', status: 'active', mergedInto: null, mergedAt: null };
        expectSameReading(encode(serializeMetadata(meta, dialect)), `${dialect} ${name}`);
        // And by the hand of each writer's neighbours: the name as it stands, after every writer's key order.
        expectSameReading(encode(serializeMetadata(meta, dialect).replace(/^name: .*$/m, `name: ${name}`)), `${dialect} ${name} plain`);
      }
    }
  });

  it('read a file a character away from a kept layout as the scan reads it', () => {
    const base = (name: string, createdAt: string) =>
      `name: ${name}\npurpose: Try approach 2 for main\ncreated_from: main\ncreated_at: ${createdAt}\nstatus: active\nmerged_into: null\nmerged_at: null\n`;
    const times = ["'2026-02-02T08:00:00.123Z'", '"2026-02-02T08:00:00.123Z"', '2026-02-02T08:00:00.123Z', '2026-02-02T08:00:00+00:00'];
    const names = ['b-0001', 'x', 'e5', 'E', 'eve', 'null', 'Null', 'yes', 'b-0001 ', 'b#1', 'b:1', "b'1", 'é', '2b', 'b\u0007', 'b\r'];
    const nearTimes = ["'2026-02-02T08:00:00.1234Z'", "'2026-02-02T08:00:00.123Z", "'2026-02-02T08:00:00.123Z\"", '2026-02-02T99:00:00.123Z', '2026-02-30T08:00:00.123Z', '2026-13-02T08:00:00.123Z', '2026-02-02 08:00:00.123Z', "'2026-02-02T08:00:00.123Z' ", '2026-02-02T08:00:00.123Z #c'];
    for (const time of times) {
      // The kept file first, then its neighbours.
      expectSameReading(encode(base('b-0001', time)), time);
      for (const name of names) expectSameReading(encode(base(name, time)), `${time} ${name}`);
      for (const near of nearTimes) expectSameReading(encode(base('b-0002', near)), `${time} ${near}`);
      const text = base('b-0003', time);
      for (const damaged of [text.slice(0, -1), `${text}x: y\n`, `${text} more\n`, text.replace('\nstatus', '\n\nstatus'), text.replace('\n', '\r\n'), text.replace('name: b-0003\n', 'name: b-0003\n  folded\n'), `${text}\n`]) {
        expectSameReading(encode(damaged), `${time} ${JSON.stringify(damaged)}`);
      }
      // A time last: the file's end is the entry's end.
      const merged = text.replace('merged_into: null\nmerged_at: null\n', `merged_into: main\nmerged_at: ${time}\n`);
      for (const variant of [merged, merged.slice(0, -1), merged, `${merged}x`, merged.slice(0, -1)]) expectSameReading(encode(variant), `${time} ${JSON.stringify(variant)}`);
    }
  });

  it('read each file of a pool of near layouts, in any order, as the scan reads it', () => {
    // Files of the classes and the same files a character or a line away, shuffled: every file is tried against
    // readings kept from its neighbours.
    const base = fc.sample(fc.tuple(narrowMetadata, fc.constantFrom(...METADATA_WRITERS)), { numRuns: 150, seed: 32 }).map(([m, d]) => serializeMetadata(m, d));
    const chars = "'\": #-\n eE0Z|";
    const pool = base.flatMap((text, k) => {
      const at = (k * 7919) % Math.max(1, text.length);
      const ch = chars[k % chars.length]!;
      return [text, text.slice(0, -1), `${text}\n`, text.slice(0, at) + ch + text.slice(at), text.slice(0, at) + text.slice(at + 1), text.replace(/\n[^\n]*\n/, '\n')];
    });
    const random = seededRandom(32);
    for (let order = 0; order < 3; order++) {
      const shuffled = [...pool];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      for (const text of shuffled) expectSameReading(encode(text), JSON.stringify(text));
    }
  });
});
