// A folder swapped in place told from one only added or removed.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderIdentities, folderStamp, replacedFolders } from './folder-identity.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('folderIdentities / replacedFolders', () => {
  it('tells a folder swapped in place from one only added or removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-ids-'));
    dirs.push(dir);
    const gcc = join(dir, '.GCC');
    mkdirSync(join(gcc, 'branches', 'main'), { recursive: true });
    mkdirSync(join(gcc, 'branches', 'gone'));
    mkdirSync(join(dir, 'spare', 'main'), { recursive: true });
    const before = await folderIdentities(gcc);
    expect([...before.keys()].sort()).toEqual(['', 'branches', 'branches/gone', 'branches/main']);

    renameSync(join(gcc, 'branches', 'main'), join(dir, 'old-main'));
    renameSync(join(dir, 'spare', 'main'), join(gcc, 'branches', 'main'));
    rmSync(join(gcc, 'branches', 'gone'), { recursive: true });
    mkdirSync(join(gcc, 'branches', 'new'));
    expect(replacedFolders(before, await folderIdentities(gcc))).toEqual(['branches/main']);

    const mid = await folderIdentities(gcc);
    renameSync(gcc, join(dir, '.GCC-old'));
    mkdirSync(gcc);
    expect(replacedFolders(mid, await folderIdentities(gcc))).toEqual(['']);
    rmSync(gcc, { recursive: true });
    expect((await folderIdentities(gcc)).size).toBe(0);
  });

  it('stamps .GCC/ and branches/ so that a branch folder swapped in place moves the stamp', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-stamp-'));
    dirs.push(dir);
    const gcc = join(dir, '.GCC');
    mkdirSync(join(gcc, 'branches', 'main'), { recursive: true });
    mkdirSync(join(dir, 'spare'));
    // An hour ago: the swap below then cannot land in the same clock tick as the folder's last change.
    utimesSync(join(gcc, 'branches'), new Date(Date.now() - 3600e3), new Date(Date.now() - 3600e3));
    const first = await folderStamp(gcc, 0);
    expect(first).not.toBeNull();
    expect(await folderStamp(gcc, 0)).toBe(first);
    renameSync(join(gcc, 'branches', 'main'), join(dir, 'old-main'));
    renameSync(join(dir, 'spare'), join(gcc, 'branches', 'main'));
    const swapped = await folderStamp(gcc, 0);
    expect(swapped).not.toBe(first);
    // Just changed: not trusted within the racy window, so the caller takes the whole look.
    expect(await folderStamp(gcc, 60_000)).toBeNull();
    rmSync(gcc, { recursive: true });
    expect(await folderStamp(gcc, 0)).toBe('- -');
  });
});
