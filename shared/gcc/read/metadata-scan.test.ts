// metadata.yaml read without the YAML parser gives exactly what the parser's path gives, and takes what the writers write
// (else start-up pays the parser after all).
import { CORPUS } from '../../../fixtures/corpus.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BranchMetadata } from '../../types.ts';
import { METADATA_WRITERS, serializeMetadata } from '../write/metadata-write.ts';
import { scanWriterLayout } from './metadata-scan.ts';
import { parseMetadata, parseMetadataWithYaml } from './metadata.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function corpusFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('metadata.yaml'))
    .map((p) => join(dir, p));
}

function expectSameReading(bytes: Uint8Array): void {
  expect(parseMetadata(bytes, 'branches/b/metadata.yaml')).toEqual(parseMetadataWithYaml(bytes, 'branches/b/metadata.yaml'));
}

// Values that YAML reads as something else, or spells in a special way: booleans, numbers, dates, nulls, indicators,
// quotes, escapes, non-ASCII and non-printable characters, and long texts the emitters fold.
const WORDS = ['e5', 'E+3', 'e', 'Yes', 'oN', 'yes', 'No', 'on', 'OFF', 'y', 'null', '~', 'NULL', '0x1F', '0o17', '017', '1_000', '1:20', '1:20.5', '-1', '+.inf', '.NaN', '6.02e23', '2026-12-02', '2026-12-02 13:58:12', '2026-12-02T13:58:12.404196+00:00', '<<', '=', '---', '...', '-', '- a', '? x', ': x', 'a: b', 'a #b', 'a#b', "don't", "''", '"q"', '\\', '\\x41', '[a, b]', '{a: 1}', '&anchor', '*alias', '!tag', '|', '>-', '%YAML', '@at', '`tick', ',', 'café', 'naïve — ✓', '😀', '\u00a0', '\u0085', '\u2028', '\ufeff', '\t', '\r', '\n', '\u0007', ' ', '  two'];
const word = fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 12 }), fc.constantFrom('Explore', 'stateless', 'JWT', 'auth:', 'tokens', 'so', 'we', 'rotation,', 'x'));
const phrase = fc.array(word, { minLength: 0, maxLength: 30 }).map((w) => w.join(' '));
const value = fc.oneof({ weight: 3, arbitrary: phrase }, { weight: 1, arbitrary: fc.constantFrom(...WORDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 120 }) });
const metadata: fc.Arbitrary<BranchMetadata> = fc.record({
  name: value,
  purpose: value,
  createdFrom: fc.oneof(fc.constant(''), value),
  createdAt: fc.oneof(fc.constantFrom('2026-12-02T13:58:12.404196+00:00', '2026-12-02T13:58:13.605Z', '2026-12-02T13:58:12Z'), value),
  status: fc.oneof(fc.constantFrom('active', 'merged', 'abandoned'), value),
  mergedInto: fc.option(value),
  mergedAt: fc.option(value),
});
const written = fc.tuple(metadata, fc.constantFrom(...METADATA_WRITERS)).map(([meta, dialect]) => serializeMetadata(meta, dialect));

/** A file damaged at one place: a character put in, taken out, or replaced, a line doubled, dropped or swapped. */
const damaged = fc
  .tuple(written, fc.nat(), fc.nat(), fc.constantFrom('insert', 'delete', 'replace', 'double-line', 'drop-line', 'swap-lines'), fc.constantFrom(...'\'": #-?\t\r\n \\x{}[],&*!|>%@`~\u00a0\u2028\ufeff0aZ'))
  .map(([text, at, other, how, ch]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    const lines = text.split('\n');
    const l = lines.length === 0 ? 0 : at % lines.length;
    const m = lines.length === 0 ? 0 : other % lines.length;
    switch (how) {
      case 'insert':
        return text.slice(0, i) + ch + text.slice(i);
      case 'delete':
        return text.slice(0, i) + text.slice(i + 1);
      case 'replace':
        return text.slice(0, i) + ch + text.slice(i + 1);
      case 'double-line':
        return [...lines.slice(0, l + 1), ...lines.slice(l)].join('\n');
      case 'drop-line':
        return [...lines.slice(0, l), ...lines.slice(l + 1)].join('\n');
      case 'swap-lines':
        [lines[l], lines[m]] = [lines[m]!, lines[l]!];
        return lines.join('\n');
    }
  });

describe('metadata.yaml read without the parser = read with it', () => {
  it('every metadata.yaml of the corpus (all seven writers, the edge cases, the damaged ones)', () => {
    const files = corpusFiles(CORPUS);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) expectSameReading(new Uint8Array(readFileSync(file)));
  });

  it('files each writer writes from awkward values', () => {
    fc.assert(fc.property(written, (text) => expectSameReading(encode(text))), { numRuns: 500 });
  });

  it('those files damaged at one place', () => {
    fc.assert(fc.property(damaged, (text) => expectSameReading(encode(text))), { numRuns: 500 });
  });

  it('a BOM, CRLF line ends, no final newline, blank lines, comments, odd escapes, folded "…" values', () => {
    const base = serializeMetadata({ name: 'b', purpose: 'p q', createdFrom: 'main', createdAt: '2026-12-02T13:58:12Z', status: 'active', mergedInto: null, mergedAt: null }, 'typescript');
    for (const text of [`\ufeff${base}`, base.replace(/\n/g, '\r\n'), base.slice(0, -1), base.replace('\n', '\n\n'), `# c\n${base}`, base.replace('p q', 'p q # c'), base.replace('status: active', 'status:  active')]) {
      expectSameReading(encode(text));
    }
    for (const escaped of ['\\U00110000', '\\U0010FFFF', '\\uD800', '\\q', '\\x4', '\\', '\\"']) {
      const text = base.replace('p q', `"p ${escaped} q"`);
      expect(text).toContain(escaped);
      expectSameReading(encode(text));
    }
    // Folded "…" values: a bare line break is one space, an escaped one nothing (PyYAML writes the latter).
    for (const folded of ['"p\n  q"', '"p\\\n  q"', '"p\\\n  \\ q"', '"p \\x41\n  \\\n  q"']) {
      const text = base.replace('p q', folded);
      expect(scanWriterLayout(text)).not.toBeNull();
      expectSameReading(encode(text));
    }
  });
});

describe('the scan takes what the writers write', () => {
  it('every corpus file a writer reproduces and the parser reads without error', () => {
    let taken = 0;
    for (const file of corpusFiles(CORPUS)) {
      const bytes = new Uint8Array(readFileSync(file));
      const full = parseMetadataWithYaml(bytes, 'm');
      if (!full.style.validYaml || full.style.writers.length === 0) continue;
      expect(scanWriterLayout(new TextDecoder().decode(bytes)), file).not.toBeNull();
      taken++;
    }
    expect(taken).toBeGreaterThan(50);
  });

  it('plain words and punctuation, short or folded over lines, from every writer but Zig (whose `: ` is not YAML)', () => {
    const text = fc.array(fc.constantFrom('Explore', 'stateless', 'auth', 'so', "don't", 'tokens,', 'café', '(v2)', 'a/b', '✓', '—', 'x-y'), { minLength: 1, maxLength: 40 }).map((w) => w.join(' '));
    const meta = fc.record({ name: text, purpose: text, createdFrom: fc.constantFrom('', 'main'), createdAt: fc.constant('2026-12-02T13:58:13.605Z'), status: fc.constantFrom('active', 'merged'), mergedInto: fc.option(text), mergedAt: fc.option(fc.constant('2026-12-02T13:58:20.224Z')) });
    fc.assert(
      fc.property(meta, fc.constantFrom(...METADATA_WRITERS), (m, dialect) => {
        expect(scanWriterLayout(serializeMetadata(m, dialect))).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
