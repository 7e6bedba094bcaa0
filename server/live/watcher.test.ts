// The watcher on a real folder: which paths it reports, and the folders it starts afresh on.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watch } from 'chokidar';
import { folderIdentities } from '../fs/folder-identity.ts';
import { createWatcher, finerWatcher, SCAN_BATCH, unwatchedFolders, type GccWatcher } from './watcher.ts';

describe('finerWatcher', () => {
  it("hands chokidar's scan its batch (a chokidar that changed its private _readdirp fails here, not in a page)", async () => {
    const fs = finerWatcher({ persistent: false });
    const scan = (fs as unknown as { _readdirp(root: string, opts: object): { readableHighWaterMark: number; destroy(): void } })._readdirp(tmpdir(), {});
    expect(scan.readableHighWaterMark).toBe(SCAN_BATCH);
    scan.destroy();
    await fs.close();
  });
});

describe('createWatcher', () => {
  let dir: string;
  let watcher: GccWatcher | null = null;
  afterEach(async () => {
    await watcher?.close();
    watcher = null;
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(withGcc: boolean) {
    dir = mkdtempSync(join(tmpdir(), 'gcc-watch-'));
    const gccDir = join(dir, '.GCC');
    if (withGcc) mkdirSync(join(gccDir, 'branches', 'main'), { recursive: true });
    const seen: string[] = [];
    watcher = createWatcher({ gccDir, onChange: (paths) => seen.push(...paths), recheckIntervalMs: 5, recheckWindowMs: 60 });
    await watcher.ready;
    return { gccDir, seen };
  }

  it('reports appends, new branch folders and removals, relative to .GCC/', async () => {
    const { gccDir, seen } = await start(true);
    appendFileSync(join(gccDir, 'branches', 'main', 'log.md'), 'x');
    await expect.poll(() => seen.includes('branches/main/log.md')).toBe(true);
    mkdirSync(join(gccDir, 'branches', 'feat'));
    await expect.poll(() => seen.includes('branches/feat')).toBe(true);
    writeFileSync(join(gccDir, 'branches', 'feat', 'metadata.yaml'), 'name: feat\n');
    await expect.poll(() => seen.includes('branches/feat/metadata.yaml')).toBe(true);
    seen.length = 0;
    rmSync(join(gccDir, 'branches', 'feat'), { recursive: true });
    await expect.poll(() => seen.includes('branches/feat')).toBe(true);
  });

  it('ignores .lock, editor temp files and unknown files', async () => {
    const { gccDir, seen } = await start(true);
    writeFileSync(join(gccDir, '.lock'), '');
    writeFileSync(join(gccDir, 'main.md~'), 'x');
    writeFileSync(join(gccDir, 'branches', 'main', '.log.md.swp'), 'x');
    writeFileSync(join(gccDir, 'branches', 'main', 'notes.txt'), 'x');
    // A watched write after the ignored ones: once it is seen, the ignored ones would have been seen too.
    writeFileSync(join(gccDir, 'main.md'), '# Project Roadmap\n');
    await expect.poll(() => seen.includes('main.md')).toBe(true);
    expect(seen.filter((p) => p !== 'main.md')).toEqual([]);
  });

  it('keeps reporting a file after its last event, to catch the change chokidar drops', async () => {
    const { gccDir, seen } = await start(true);
    appendFileSync(join(gccDir, 'branches', 'main', 'log.md'), 'x');
    await expect.poll(() => seen.filter((p) => p === 'branches/main/log.md').length).toBeGreaterThan(3);
  });

  it('sees a .GCC/ that appears later, and its disappearance', async () => {
    const { gccDir, seen } = await start(false);
    mkdirSync(gccDir);
    await expect.poll(() => seen.includes('')).toBe(true);
    mkdirSync(join(gccDir, 'branches'));
    await expect.poll(() => seen.includes('branches')).toBe(true);
    seen.length = 0;
    rmSync(gccDir, { recursive: true });
    await expect.poll(() => seen.includes('')).toBe(true);
  });

  it('follows the files of a branch folder made later under a new .GCC/, removed and made again', async () => {
    const { gccDir, seen } = await start(false);
    const late = join(gccDir, 'branches', 'late');
    mkdirSync(late, { recursive: true });
    await expect.poll(() => seen.includes('branches/late')).toBe(true);
    appendFileSync(join(late, 'log.md'), 'x');
    await expect.poll(() => seen.includes('branches/late/log.md')).toBe(true);
    rmSync(late, { recursive: true });
    seen.length = 0;
    await expect.poll(() => seen.includes('branches/late')).toBe(true);
    seen.length = 0;
    mkdirSync(late);
    await expect.poll(() => seen.includes('branches/late')).toBe(true);
    seen.length = 0;
    appendFileSync(join(late, 'commit.md'), 'y');
    await expect.poll(() => seen.includes('branches/late/commit.md')).toBe(true);
  });

  it('stops reporting after close()', async () => {
    const { gccDir, seen } = await start(true);
    await watcher!.close();
    appendFileSync(join(gccDir, 'main.md'), 'x');
    writeFileSync(join(gccDir, 'branches', 'main', 'log.md'), 'y');
    // Give a late event every chance to arrive, then check that none did.
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([]);
  });
});

describe('unwatchedFolders', () => {
  it('names the folders of .GCC/ that chokidar lists under no parent (here: below the depth it was told to scan)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-unwatched-'));
    const gccDir = join(dir, '.GCC');
    mkdirSync(join(gccDir, 'branches', 'main'), { recursive: true });
    mkdirSync(join(gccDir, 'branches', 'side'));
    const onDisk = await folderIdentities(gccDir);
    const scan = async (depth: number) => {
      const fs = watch(dir, { depth, ignoreInitial: true });
      await new Promise<void>((resolve) => fs.once('ready', () => resolve()));
      const watched = fs.getWatched();
      await fs.close();
      return unwatchedFolders(watched, gccDir, onDisk);
    };
    try {
      expect(await scan(99)).toEqual([]);
      expect(await scan(0)).toEqual(['branches', 'branches/main', 'branches/side']);
      expect(await scan(1)).toEqual(['branches/main', 'branches/side']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
