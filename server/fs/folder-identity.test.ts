// A folder swapped in place told from one only added or removed.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderIdentities, replacedFolders } from './folder-identity.ts';

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
});
