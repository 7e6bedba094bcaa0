// Hand edits of metadata.yaml: only the edited lines change, and what is refused.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../read/bytes.ts';
import { CORPUS, dialectOf } from '../test-support/corpus.ts';
import { editMetadata } from './edit-metadata.ts';
import { metadataVersion } from './edit-version.ts';
import { parseMetadata } from '../read/metadata.ts';
import { serializeMetadata } from './metadata-write.ts';

function metadataFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (st?.isDirectory() && name !== 'outside-gcc' && name !== 'readers' && name !== 'evil') walk(full);
      else if (name === 'metadata.yaml' && full.includes('/.GCC/branches/')) out.push(relative(CORPUS, full));
    }
  };
  walk(CORPUS);
  return out.sort();
}

describe.each(metadataFiles())('metadata edit on %s', (path) => {
  const bytes = new Uint8Array(readFileSync(join(CORPUS, path)));
  const dialect = dialectOf(path);
  const parsed = parseMetadata(bytes, 'm');
  const meta = parsed.metadata;
  if (meta === null) return it('is unreadable: refused', () => expect(editMetadata(bytes, { file: 'm', dialect }, { version: 'v', fields: { purpose: 'x' } }).ok).toBe(false));

  it.each([
    { purpose: 'A purpose set by hand: with a colon, a # hash and a quote’s twin \'' },
    { purpose: 'Ünïcödé purpose — long enough to make PyYAML and js-yaml fold the line at eighty columns, surely by now' },
    { status: 'abandoned' },
    { purpose: 'yes' },
  ])('%o reads back, other values unchanged', (fields) => {
    const r = editMetadata(bytes, { file: 'm', dialect }, { version: metadataVersion(meta), fields });
    // Invalid YAML that no writer produced: a value that needs several lines cannot be read back line by line.
    if (!r.ok && !parsed.style.validYaml && parsed.style.writers.length === 0) return expect(r.code).toBe('unrepresentable');
    if (!r.ok) throw new Error(r.message);
    const again = parseMetadata(r.bytes, 'm').metadata!;
    expect(again).toEqual({ ...meta, ...fields });
    // Written as the file's own writer writes it, whenever one reproduces the file.
    if (parsed.style.writers.length > 0 && r.changed) {
      const w = r.writer!;
      expect(parsed.style.writers).toContain(w);
      expect(new TextDecoder().decode(r.bytes)).toBe(serializeMetadata(again, w));
    }
  });

  it('refuses a stale version, and a status no one may set by hand', () => {
    expect(editMetadata(bytes, { file: 'm', dialect }, { version: 'vold', fields: { purpose: 'x' } })).toMatchObject({ ok: false, code: 'conflict' });
    expect(editMetadata(bytes, { file: 'm', dialect }, { version: metadataVersion(meta), fields: { status: 'done' } })).toMatchObject({ ok: false, code: 'unrepresentable' });
  });

  it('refuses a purpose its commits would carry into commit.md misread, in the words an agent gets', () => {
    for (const purpose of ['check the table ---']) {
      const r = editMetadata(bytes, { file: 'm', dialect }, { version: metadataVersion(meta), fields: { purpose } });
      expect(r).toMatchObject({ ok: false, code: 'unrepresentable' });
      expect(!r.ok && r.message).toMatch(new RegExp(`^The purpose of \`${meta.name}\` holds a line .* for a record's edge in commit.md`));
    }
  });
});

describe('metadata no writer reproduces', () => {
  it('replaces only the edited key lines', () => {
    const text = '# hand-made\nname: main\npurpose: old purpose\ncreated_from: ""\ncreated_at: "2026-01-01T00:00:00Z"\nstatus: active\nextra: kept\n';
    const bytes = encodeUtf8(text);
    const meta = parseMetadata(bytes, 'm').metadata!;
    const r = editMetadata(bytes, { file: 'm', dialect: 'go' }, { version: metadataVersion(meta), fields: { purpose: 'new: purpose' } });
    if (!r.ok) throw new Error(r.message);
    expect(new TextDecoder().decode(r.bytes)).toBe(text.replace('purpose: old purpose', "purpose: 'new: purpose'"));
  });
});
