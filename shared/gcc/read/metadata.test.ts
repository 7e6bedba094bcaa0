// Reading metadata.yaml: byte for byte round trips, and the values each implementation reads.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { isUtf8 } from 'node:buffer';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BranchMetadata, Dialect } from '../../types.ts';
import { detectBranchDialect, timestampsInText, type FileEvidence } from '../dialects/detect.ts';
import { serializeMetadata } from '../write/metadata-write.ts';
import { readMetadataLineBased } from './metadata-line-based.ts';
import { parseMetadata } from './metadata.ts';

const LANGS = ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'] as const;
const WORKSPACES = [...LANGS, 'mixed-py-ts', ...readdirSync(join(CORPUS, 'edge')).map((d) => `edge/${d}`)];

const read = (path: string): Uint8Array => new Uint8Array(readFileSync(path));
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const branchesOf = (workspace: string): string[] => readdirSync(join(CORPUS, workspace, '.GCC/branches'));
const metadataPath = (workspace: string, branch: string): string => join(CORPUS, workspace, '.GCC/branches', branch, 'metadata.yaml');

function detectedDialect(workspace: string, branch: string): Dialect {
  const dir = join(CORPUS, workspace, '.GCC/branches', branch);
  const parsed = parseMetadata(read(join(dir, 'metadata.yaml')), 'metadata.yaml');
  const files: FileEvidence[] = [
    { kind: 'metadata', timestamps: [parsed.metadata?.createdAt ?? '', parsed.metadata?.mergedAt ?? ''], metadataStyle: parsed.style },
  ];
  for (const kind of ['log', 'commit'] as const) {
    const text = decode(read(join(dir, `${kind}.md`)));
    files.push({ kind, timestamps: timestampsInText(text), text });
  }
  return detectBranchDialect(files).dialect;
}

describe('serializeMetadata(parseMetadata(bytes)) reproduces every corpus file byte for byte', () => {
  const cases = WORKSPACES.flatMap((w) => branchesOf(w).map((b) => [w, b] as const));
  it.each(cases)('%s / %s', (workspace, branch) => {
    const bytes = read(metadataPath(workspace, branch));
    const parsed = parseMetadata(bytes, `branches/${branch}/metadata.yaml`);
    expect(parsed.metadata).not.toBeNull();
    const dialect = detectedDialect(workspace, branch);
    expect(dialect).not.toBe('unknown');
    const written = new TextEncoder().encode(serializeMetadata(parsed.metadata as BranchMetadata, dialect));
    // Zig's side branches are invalid YAML; the line-based recovery still reproduces them exactly.
    expect(Buffer.from(written).equals(Buffer.from(bytes))).toBe(true);
    expect(parsed.style.writers).toContain(dialect);
  });
});

describe('values match what each implementation reads (expected.json)', () => {
  it.each(LANGS)('%s', (lang) => {
    const expected = JSON.parse(readFileSync(join(CORPUS, lang, 'expected.json'), 'utf8')) as {
      branches: Record<string, { metadata: BranchMetadata }>;
    };
    for (const [branch, { metadata }] of Object.entries(expected.branches)) {
      const bytes = read(metadataPath(lang, branch));
      const parsed = parseMetadata(bytes, 'metadata.yaml');
      if (lang === 'lua' && metadata.purpose.includes("''")) {
        // Lua's reader keeps the doubled quotes (4 on disk); YAML un-doubles them once. We say so.
        expect(parsed.metadata?.purpose).toBe(metadata.purpose.replace(/''''/g, "''"));
        expect(parsed.diagnostics.map((d) => d.code)).toContain('lua-doubled-quotes');
        expect(readMetadataLineBased(decode(bytes), 'lua')).toEqual(metadata);
        continue;
      }
      expect(parsed.metadata, `${lang}/${branch}`).toEqual({ ...metadata, mergedInto: metadata.mergedInto ?? null, mergedAt: metadata.mergedAt ?? null });
    }
  });
});

describe('dialect quirks', () => {
  it("Lua doubles ' on every rewrite: the next rewrite is reproduced from Lua's own reading", () => {
    const text = decode(read(metadataPath('lua', 'auth-jwt')));
    expect(text).toContain("don''''t");
    const next = serializeMetadata(readMetadataLineBased(text, 'lua'), 'lua');
    expect(next).toContain("don''''''''t");
    expect(next.replace("don''''''''t", "don''''t")).toBe(text);
    const warning = parseMetadata(read(metadataPath('lua', 'auth-jwt')), 'm').diagnostics.find((d) => d.code === 'lua-doubled-quotes');
    expect(warning?.line).toBe(6);
    expect(warning?.message).toContain(`"Explore stateless JWT auth: RS256 access tokens + refresh-token rotation, so we don't need`);
  });

  it('keeps a purpose of `yes` as the text the agent wrote, warning where YAML 1.1 readers see a boolean', () => {
    const edge = JSON.parse(readFileSync(join(CORPUS, 'edge.json'), 'utf8')) as { ops: { op: string; purpose?: string }[] };
    const written = edge.ops.find((op) => op.op === 'branch')?.purpose;
    expect(written).toBe('yes');
    for (const lang of LANGS) {
      const parsed = parseMetadata(read(metadataPath(`edge/${lang}`, 'flags')), 'branches/flags/metadata.yaml');
      expect(parsed.metadata?.purpose, lang).toBe(written);
      const boolWarnings = parsed.diagnostics.filter((d) => d.code === 'yaml-1.1-boolean');
      const quoted = ['python', 'typescript', 'go'].includes(lang); // 'yes' / "yes" in the file
      expect(boolWarnings.length, lang).toBe(quoted ? 0 : 1);
      if (!quoted) expect(boolWarnings[0]?.message).toContain('PyYAML');
    }
  });

  it('keeps timestamps as the exact text, never a Date, however they are quoted', () => {
    for (const lang of LANGS) {
      const parsed = parseMetadata(read(metadataPath(lang, 'auth-jwt')), 'm');
      expect(typeof parsed.metadata?.createdAt).toBe('string');
      expect(decode(read(metadataPath(lang, 'auth-jwt')))).toContain(parsed.metadata?.createdAt);
    }
    const rust = parseMetadata(read(metadataPath('rust', 'main')), 'm');
    expect(rust.metadata?.createdAt).toBe('2026-12-02T13:58:00.949403567+00:00');
    expect(rust.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['yaml-unquoted-timestamp', 'info', 4]]);
  });

  it('describes each writer’s style', () => {
    const style = (lang: string, branch = 'auth-session') => parseMetadata(read(metadataPath(lang, branch)), 'm').style;
    expect(style('python')).toMatchObject({ keyOrder: 'sorted', timestampQuoting: 'single', nonAscii: 'escaped', multiLineValue: true, nullSpelling: 'null', writers: ['python'] });
    expect(style('typescript', 'auth-jwt')).toMatchObject({ keyOrder: 'struct', timestampQuoting: 'single', multiLineValue: true, writers: ['typescript'] });
    expect(style('typescript')).toMatchObject({ nonAscii: 'raw', spelling: { purpose: 'single' } });
    expect(style('rust')).toMatchObject({ keyOrder: 'struct', timestampQuoting: 'plain', writers: ['rust'] });
    expect(style('go')).toMatchObject({ keyOrder: 'struct-without-merged', timestampQuoting: 'double', nullSpelling: 'none', writers: ['go'] });
    expect(style('go', 'main')).toMatchObject({ emptyString: '""' });
    expect(style('zig', 'main')).toMatchObject({ keyOrder: 'struct', timestampQuoting: 'plain', emptyString: 'empty', writers: ['zig'] });
    expect(style('zig')).toMatchObject({ validYaml: false, writers: ['zig'] });
    expect(style('lua', 'auth-jwt')).toMatchObject({ keyOrder: 'sorted', writers: ['lua', 'elixir'] });
    expect(style('elixir', 'main')).toMatchObject({ emptyString: "''", writers: ['python', 'lua', 'elixir'] });
  });
});

describe('damaged files never throw and say what is wrong', () => {
  it('missing metadata', () => {
    const parsed = parseMetadata(null, 'branches/auth-session/metadata.yaml');
    expect(parsed.metadata).toBeNull();
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: 'missing-metadata', file: 'branches/auth-session/metadata.yaml', line: 0 })]);
    expect(existsSync(join(CORPUS, 'bad/missing-metadata/.GCC/branches/auth-session/metadata.yaml'))).toBe(false);
  });

  it("invalid YAML: Zig's unquoted `: ` is recovered line by line", () => {
    const parsed = parseMetadata(read(join(CORPUS, 'bad/invalid-yaml/.GCC/branches/auth-jwt/metadata.yaml')), 'branches/auth-jwt/metadata.yaml');
    const [error] = parsed.diagnostics;
    expect(error).toMatchObject({ code: 'invalid-yaml', severity: 'error', line: 2 });
    expect(error?.message).toContain('line by line as Lua, Elixir and Zig');
    expect(parsed.metadata?.purpose).toBe("Explore stateless JWT auth: RS256 access tokens + refresh-token rotation, so we don't need sticky sessions behind the load balancer");
  });

  it('invalid YAML: an unterminated quote and flow sequence read as the line-based readers read them', () => {
    const dir = join(CORPUS, 'bad/invalid-yaml');
    const parsed = parseMetadata(read(join(dir, '.GCC/branches/auth-session/metadata.yaml')), 'branches/auth-session/metadata.yaml');
    for (const reader of ['lua', 'elixir', 'zig']) {
      const expected = JSON.parse(readFileSync(join(dir, 'readers', reader, 'expected.json'), 'utf8')) as { branches: Record<string, { metadata: BranchMetadata }> };
      expect(parsed.metadata, reader).toEqual(expected.branches['auth-session']?.metadata);
    }
    const codes = parsed.diagnostics.map((d) => `${d.code}@${d.line}`);
    expect(codes).toEqual(['invalid-yaml@6', 'unterminated-quote@2', 'missing-key@0']);
    expect(parsed.style.writers).toEqual([]);
  });

  // Expanded, the bomb is 387,420,489 nodes: the test would run out of memory or time rather than pass. (How fast
  // the measuring is belongs to the bench, not to a timed unit test.)
  it('a YAML alias bomb is measured, not expanded', () => {
    const bytes = read(join(CORPUS, 'bad/yaml-alias-bomb/.GCC/branches/main/metadata.yaml'));
    const parsed = parseMetadata(bytes, 'branches/main/metadata.yaml');
    const bomb = parsed.diagnostics.find((d) => d.code === 'yaml-alias-bomb');
    expect(bomb).toMatchObject({ severity: 'error', line: 11 });
    expect(bomb?.message).toContain('387,420,489');
    expect(parsed.metadata).toMatchObject({ name: 'main', purpose: '', createdAt: '2026-12-02T13:58:00.000Z', status: 'active' });
    expect(parsed.diagnostics.filter((d) => d.code === 'unknown-key')).toHaveLength(9);
  });

  it('non-UTF-8 bytes', () => {
    const text = "name: caf\xE9\npurpose: p\ncreated_from: main\ncreated_at: '2026-12-02T13:58:13.605Z'\nstatus: active\nmerged_into: null\nmerged_at: null\n";
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const parsed = parseMetadata(bytes, 'm');
    expect(parsed.diagnostics[0]).toMatchObject({ code: 'invalid-utf8', line: 1 });
    expect(parsed.metadata?.name).toBe('caf\uFFFD');
    expect(parseMetadata(Uint8Array.from([0x6e, 0x3a, 0x0a, 0xe2, 0x82]), 'm').diagnostics[0]).toMatchObject({ code: 'invalid-utf8', line: 2 });
  });

  it('reports bytes as not UTF-8 exactly when node:buffer finds them not UTF-8, at the first bad byte', () => {
    // Lead and continuation bytes at the edges of the well-formed table (overlongs, surrogates, past U+10FFFF).
    const edgeByte = fc.constantFrom(0x0a, 0x61, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff);
    const piece = fc.oneof(fc.array(edgeByte, { minLength: 1, maxLength: 4 }), fc.constantFrom('é', '€', '😀', 'name: x\n').map((s) => [...new TextEncoder().encode(s)]));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const bytes = Uint8Array.from(pieces.flat());
        const reported = parseMetadata(bytes, 'm').diagnostics.find((d) => d.code === 'invalid-utf8');
        expect(reported !== undefined).toBe(!isUtf8(bytes));
        if (reported !== undefined) {
          // The first bad byte: everything before it is UTF-8, and the offset named is that byte.
          const at = Number(/at offset (\d+)/.exec(reported.message)?.[1]);
          expect(isUtf8(bytes.subarray(0, at))).toBe(true);
          expect(isUtf8(bytes.subarray(0, at + 4 <= bytes.length ? at + 4 : bytes.length))).toBe(false);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('non-string values, unknown status, missing keys, duplicates, nulls', () => {
    const yaml = 'name: [a, b]\npurpose: 42\ncreated_at: ~\nstatus: paused\nstatus: paused\nextra: 1\n';
    const parsed = parseMetadata(new TextEncoder().encode(yaml), 'm');
    const codes = parsed.diagnostics.map((d) => `${d.code}@${d.line}`);
    expect(codes).toEqual([
      'non-string-value@1',
      'yaml-number@2',
      'null-value@3',
      'duplicate-key@5',
      'unknown-key@6',
      'missing-key@0',
      'unknown-status@5',
    ]);
    expect(parsed.metadata).toEqual({ name: '', purpose: '42', createdFrom: '', createdAt: '', status: 'paused', mergedInto: null, mergedAt: null });
  });

  it('empty files, non-mappings and garbage', () => {
    expect(parseMetadata(new Uint8Array(), 'm').diagnostics[0]?.code).toBe('empty-metadata');
    expect(parseMetadata(new TextEncoder().encode('- a\n- b\n'), 'm').diagnostics[0]?.code).toBe('metadata-not-a-mapping');
    const garbage = parseMetadata(new TextEncoder().encode('{{{{ ]]] : : :\n\tfoo'), 'm');
    expect(garbage.metadata).toBeNull();
    expect(garbage.diagnostics[0]?.code).toBe('invalid-yaml');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const parsed = parseMetadata(bytes, 'm');
        for (const d of parsed.diagnostics) expect(d.code).toMatch(/^[a-z0-9.-]+$/);
      }),
      { numRuns: 300 },
    );
  });
});
