// The link rule (gcc-source.ts), once for every reader of .GCC/: a link as the file, as its branch folder or as
// branches/, a FIFO and a folder in a file's place are refused by each, and no byte from outside .GCC/ is ever read.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskSource, MAX_SMALL_FILE_BYTES } from './disk-source.ts';
import { listBranchFolders } from './gcc-dir.ts';
import { readInside } from './safe-open.ts';
import { openTail } from './tail-reader.ts';

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** root/.GCC with branches/main/log.md, and beside it outside/ holding the same names with a secret. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'gcc-link-rule-'));
  temps.push(root);
  const gcc = join(root, '.GCC');
  mkdirSync(join(gcc, 'branches/main'), { recursive: true });
  writeFileSync(join(gcc, 'main.md'), 'inside');
  writeFileSync(join(gcc, 'branches/main/log.md'), 'inside');
  mkdirSync(join(root, 'outside/main'), { recursive: true });
  writeFileSync(join(root, 'outside/main/log.md'), 'secret');
  writeFileSync(join(root, 'outside/log.md'), 'secret');
  return { root, gcc };
}

type Plant = (w: { root: string; gcc: string }) => void;

const CASES: [string, string, Plant][] = [
  ['the file is a link', 'branches/main/log.md', ({ root, gcc }) => (rmSync(join(gcc, 'branches/main/log.md')), symlinkSync(join(root, 'outside/log.md'), join(gcc, 'branches/main/log.md')))],
  ['its branch folder is a link', 'branches/main/log.md', ({ root, gcc }) => (rmSync(join(gcc, 'branches/main'), { recursive: true }), symlinkSync(join(root, 'outside/main'), join(gcc, 'branches/main')))],
  ['branches/ is a link', 'branches/main/log.md', ({ root, gcc }) => (rmSync(join(gcc, 'branches'), { recursive: true }), symlinkSync(join(root, 'outside'), join(gcc, 'branches')))],
  ['the file is a FIFO', 'branches/main/log.md', ({ gcc }) => (rmSync(join(gcc, 'branches/main/log.md')), execFileSync('mkfifo', [join(gcc, 'branches/main/log.md')]))],
  ['the file is a folder', 'main.md', ({ gcc }) => (rmSync(join(gcc, 'main.md')), mkdirSync(join(gcc, 'main.md')))],
];

const decoded = (b: Uint8Array) => new TextDecoder().decode(b);

describe('every reader keeps the link rule', () => {
  it('reads a file reached without links, with each reader', async () => {
    const { gcc } = workspace();
    const source = diskSource(gcc);
    const path = join(gcc, 'branches/main/log.md');
    const read = await source.read(path, MAX_SMALL_FILE_BYTES);
    expect(read.ok && decoded(read.bytes)).toBe('inside');
    const sync = source.readSync(path, MAX_SMALL_FILE_BYTES);
    expect(sync.ok && decoded(sync.bytes)).toBe('inside');
    const inside = await readInside(gcc, 'branches/main/log.md');
    expect(inside.ok && decoded(inside.bytes)).toBe('inside');
    const tail = openTail(source, path, { from: 0, previous: null });
    expect(tail.kind).toBe('open');
    if (tail.kind === 'open') {
      expect(decoded(await tail.source.read(0, tail.source.size))).toBe('inside');
      expect(decoded(source.readRange(path, 1, 4, tail.stamp)!)).toBe('nsi');
      tail.close();
    }
  });

  for (const [name, rel, plant] of CASES) {
    it(`refuses when ${name}`, async () => {
      const w = workspace();
      plant(w);
      const source = diskSource(w.gcc);
      const path = join(w.gcc, rel);
      expect(await source.read(path, MAX_SMALL_FILE_BYTES)).toMatchObject({ ok: false, missing: false });
      expect(source.readSync(path, MAX_SMALL_FILE_BYTES)).toMatchObject({ ok: false, missing: false });
      expect(source.open(path, MAX_SMALL_FILE_BYTES)).toMatchObject({ ok: false, missing: false });
      expect(await readInside(w.gcc, rel)).toMatchObject({ ok: false, missing: false });
      const tail = openTail(source, path, { from: 0, previous: null });
      // A link on the way passes the stat (it looks at the file), and is refused when the file is opened.
      expect(tail.kind).toBe('unreadable');
    });
  }

  it('lists no linked branch folder, and nothing through a linked branches/', async () => {
    const w = workspace();
    symlinkSync(join(w.root, 'outside/main'), join(w.gcc, 'branches/evil'));
    expect((await listBranchFolders(diskSource(w.gcc))).branches.map((b) => b.name)).toEqual(['main']);
    rmSync(join(w.gcc, 'branches'), { recursive: true });
    symlinkSync(join(w.root, 'outside'), join(w.gcc, 'branches'));
    const listed = await listBranchFolders(diskSource(w.gcc));
    expect(listed.branches).toEqual([]);
    expect(listed.diagnostics.map((d) => d.code)).toEqual(['symlinked-branches']);
  });

  it('reads a range only of the version it was given', async () => {
    const { gcc } = workspace();
    const source = diskSource(gcc);
    const path = join(gcc, 'main.md');
    const opened = source.open(path, MAX_SMALL_FILE_BYTES);
    if (!opened.ok) throw new Error(opened.message);
    opened.close();
    // Written beside it, then renamed over: another inode (a file removed first could hand its inode on).
    writeFileSync(`${path}.new`, 'another');
    renameSync(`${path}.new`, path);
    expect(source.readRange(path, 0, 3, opened.stamp)).toBeNull();
  });
});
