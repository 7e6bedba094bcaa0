// The fleet's rescan: a .GCC/ created or deleted under a root is reported within one interval.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffScans, startFleetScan, type ScanChange } from './fleet-scan.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const ws = (id: string) => ({ id, root: '/r', projectDir: `/r/${id}`, gccDir: `/r/${id}/.GCC` });

describe('fleet scan', () => {
  it('diffs two walks by id', () => {
    expect(diffScans(new Map([['a', ws('a')], ['b', ws('b')]]), [ws('b'), ws('c')])).toEqual({ added: [ws('c')], gone: ['a'] });
  });

  it('reports a .GCC/ created under the root, and one deleted, within one interval', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gcc-fleet-scan-'));
    dirs.push(root);
    mkdirSync(join(root, 'a', '.GCC'), { recursive: true });
    const changes: ScanChange[] = [];
    let wake = () => {};
    const scan = await startFleetScan({ roots: [root], maxDepth: 4, intervalMs: 50, onChange: (c) => (changes.push(c), wake()) });
    const next = () => new Promise<void>((r) => (wake = r));
    try {
      expect(scan.initial.map((w) => w.id)).toEqual(['a']);
      const added = next();
      mkdirSync(join(root, 'x', 'b', '.GCC'), { recursive: true });
      await added;
      expect(changes.at(-1)!.added.map((w) => w.id)).toEqual(['x/b']);
      const gone = next();
      rmSync(join(root, 'a'), { recursive: true });
      await gone;
      expect(changes.at(-1)).toEqual({ added: [], gone: ['a'] });
    } finally {
      scan.close();
    }
  });
});
