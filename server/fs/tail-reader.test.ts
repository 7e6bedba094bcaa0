// Reading what a file gained since the last look, and telling a replaced or cut file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTail, type FileStamp } from '../test-support/path-reads.ts';

const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('readTail', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gcc-tail-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function first(path: string) {
    const r = await readTail(path, { from: 0, previous: null });
    if (r.kind !== 'bytes') throw new Error(r.kind);
    return r;
  }

  it('reads the whole file first, then only what was appended (with look-behind)', async () => {
    const f = join(dir, 'log.md');
    writeFileSync(f, 'abcdef');
    const r1 = await first(f);
    expect(text(r1.bytes)).toBe('abcdef');
    expect(r1.whole).toBe(true);
    appendFileSync(f, 'ghi');
    const r2 = await readTail(f, { from: 6, previous: r1.stamp, lookBehind: 2 });
    expect(r2).toMatchObject({ kind: 'bytes', whole: false, start: 4 });
    expect(text((r2 as { bytes: Uint8Array }).bytes)).toBe('efghi');
  });

  it('says unchanged without reading when the stamp is the same', async () => {
    const f = join(dir, 'log.md');
    writeFileSync(f, 'abc');
    const r1 = await first(f);
    expect((await readTail(f, { from: 3, previous: r1.stamp })).kind).toBe('unchanged');
  });

  it('asks for a full re-read after truncation or an atomic replace', async () => {
    const f = join(dir, 'log.md');
    writeFileSync(f, 'abcdef');
    const r1 = await first(f);
    truncateSync(f, 2);
    const r2 = await readTail(f, { from: 6, previous: r1.stamp });
    expect(r2).toMatchObject({ kind: 'bytes', whole: true, start: 0 });
    const tmp = join(dir, 'log.md.tmp');
    writeFileSync(tmp, 'ABCDEFGH');
    renameSync(tmp, f);
    const r3 = await readTail(f, { from: 2, previous: (r2 as { stamp: FileStamp }).stamp });
    expect(r3).toMatchObject({ kind: 'bytes', whole: true });
    expect(text((r3 as { bytes: Uint8Array }).bytes)).toBe('ABCDEFGH');
  });

  it('reports a missing file and refuses to follow a symlink', async () => {
    expect(await readTail(join(dir, 'nope'), { from: 0, previous: null })).toEqual({ kind: 'missing' });
    writeFileSync(join(dir, 'target'), 'secret');
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    expect((await readTail(join(dir, 'link'), { from: 0, previous: null })).kind).toBe('unreadable');
  });
});
