// Listing branch folders, and reading a small file whole, with what each refuses.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBytes } from '../test-support/path-reads.ts';
import { listBranchFolders } from './gcc-dir.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('listBranchFolders', () => {
  it('skips a folder whose name is not UTF-8 with an error that shows the bad bytes, and lists the others', async () => {
    const gcc = mkdtempSync(join(tmpdir(), 'gcc-dir-'));
    dirs.push(gcc);
    mkdirSync(join(gcc, 'branches', 'main'), { recursive: true });
    mkdirSync(join(gcc, 'branches', 'naïve'));
    mkdirSync(Buffer.concat([Buffer.from(join(gcc, 'branches', 'f')), Buffer.from([0xff, 0xfe]), Buffer.from('o')]));
    const { branches, diagnostics } = await listBranchFolders(gcc);
    expect(branches.map((b) => b.name)).toEqual(['main', 'naïve']);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', code: 'undecodable-branch-name', file: 'branches/f\uFFFD\uFFFDo' });
    expect(diagnostics[0]!.message).toContain('"f\\xff\\xfeo" is not valid UTF-8');
  });
});

describe('readBytes', () => {
  function folder(): string {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-read-bytes-'));
    dirs.push(dir);
    return dir;
  }

  it('reads a file whole, and an empty one', async () => {
    const dir = folder();
    const text = 'name: main\n'.repeat(1000);
    writeFileSync(join(dir, 'metadata.yaml'), text);
    writeFileSync(join(dir, 'empty'), '');
    const read = await readBytes(join(dir, 'metadata.yaml'));
    expect(read.ok && Buffer.from(read.bytes).toString('utf8')).toBe(text);
    // With the version read, so a later look can stop at a stat.
    expect(await readBytes(join(dir, 'empty'))).toEqual({ ok: true, bytes: new Uint8Array(), stamp: expect.objectContaining({ size: 0 }) });
  });

  it('tells a missing file from one that is a link, a folder, a FIFO or too large, and reads none of them', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'target'), 'outside');
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    mkdirSync(join(dir, 'folder'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    writeFileSync(join(dir, 'big'), 'x'.repeat(2048));
    expect(await readBytes(join(dir, 'nothing'))).toEqual({ ok: false, missing: true, message: 'no such file or folder' });
    expect(await readBytes(join(dir, 'link'))).toEqual({ ok: false, missing: false, message: 'is a symbolic link; not followed' });
    expect(await readBytes(join(dir, 'folder'))).toEqual({ ok: false, missing: false, message: 'is not a regular file' });
    // Opened without waiting for a writer, then refused.
    expect(await readBytes(join(dir, 'fifo'))).toEqual({ ok: false, missing: false, message: 'is not a regular file' });
    expect(await readBytes(join(dir, 'big'), 1024)).toMatchObject({ ok: false, missing: false, message: expect.stringContaining('(2048 bytes), over the') });
  });
});
