import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
