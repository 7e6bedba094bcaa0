// Whether a file may be written in place, and the atomic replace that keeps its mode.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write.ts';
import { writeProblem } from './write-guard.ts';

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function gcc() {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-guard-'));
  temps.push(dir);
  mkdirSync(join(dir, 'branches/main'), { recursive: true });
  writeFileSync(join(dir, 'branches/main/commit.md'), 'x');
  return dir;
}

describe('writeProblem', () => {
  it('allows a regular writable file, and a missing main.md only where asked', async () => {
    const dir = gcc();
    expect(await writeProblem(dir, 'branches/main/commit.md')).toBeNull();
    expect(await writeProblem(dir, 'main.md', { mayBeMissing: true })).toBeNull();
    expect(await writeProblem(dir, 'main.md')).toBe('does not exist');
    expect(await writeProblem(dir, 'branches/other/log.md', { mayBeMissing: true })).toBe('does not exist (there is no branches/other)');
  });

  it('refuses a read-only file whoever we are (root too), a link, a folder', async () => {
    const dir = gcc();
    chmodSync(join(dir, 'branches/main/commit.md'), 0o444);
    expect(await writeProblem(dir, 'branches/main/commit.md')).toMatch(/^is read-only \(mode 0444\): gcc-studio respects a file's mode, also when it runs as root/);
    symlinkSync('/etc/hostname', join(dir, 'main.md'));
    expect(await writeProblem(dir, 'main.md', { mayBeMissing: true })).toMatch(/^is a symbolic link; not followed/);
    mkdirSync(join(dir, 'branches/main/log.md'));
    expect(await writeProblem(dir, 'branches/main/log.md')).toBe('is a folder, not a file (EISDIR)');
  });
});

describe('writeFileAtomic', () => {
  it('keeps the exact mode, and refuses a temp file reached through a link when given the root', async () => {
    const dir = gcc();
    const file = join(dir, 'branches/main/commit.md');
    chmodSync(file, 0o664);
    await writeFileAtomic(file, 'y', { root: dir });
    expect((await import('node:fs')).statSync(file).mode & 0o777).toBe(0o664);
    const outside = mkdtempSync(join(tmpdir(), 'gcc-guard-out-'));
    temps.push(outside);
    symlinkSync(outside, join(dir, 'branches/linked'));
    await expect(writeFileAtomic(join(dir, 'branches/linked/commit.md'), 'z', { root: dir })).rejects.toThrow(/reached through a symbolic link/);
    expect((await import('node:fs')).readdirSync(outside)).toEqual([]);
  });
});
