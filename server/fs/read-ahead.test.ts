// Start-up's read-ahead thread: the bytes and stamps it serves are the disk's, a file the reading thread read itself is
// never served later, the link rule holds there too, and a store reads the same workspace with and without it.
import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateManyBranches } from '../../bench/gen-branches.ts';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { diskSource, LINK } from './disk-source.ts';
import type { GccSource } from './gcc-source.ts';
import { inSlab } from './held-slabs.ts';
import { READ_AHEAD_MIN_BRANCHES, ReadAhead } from './read-ahead.ts';
import { READ_AHEAD_FILES } from './read-ahead-protocol.ts';

let dir: string;
let gccDir: string;
let names: string[];
const branchesDir = () => join(gccDir, 'branches');
const pathOf = (name: string, file: string) => join(branchesDir(), name, file);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'read-ahead-'));
  gccDir = generateManyBranches(dir, READ_AHEAD_MIN_BRANCHES + 6, 2, 3).gccDir;
  names = diskNames();
  // A log that is a link: neither thread may follow it.
  const linked = names[names.length - 1]!;
  rmSync(pathOf(linked, 'log.md'));
  writeFileSync(join(dir, 'outside.md'), 'not .GCC\n');
  symlinkSync(join(dir, 'outside.md'), pathOf(linked, 'log.md'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const diskNames = () => readdirSync(join(gccDir, 'branches')).sort();

describe('ReadAhead', () => {
  it('serves each file the worker read once, as the disk holds it', async () => {
    const ahead = ReadAhead.start(gccDir, branchesDir(), names)!;
    await ahead.done;
    let served = 0;
    for (const name of names) {
      for (const file of READ_AHEAD_FILES) {
        const path = pathOf(name, file);
        const taken = ahead.take(path);
        if (name === names[names.length - 1] && file === 'log.md') {
          expect(taken).toBeNull();
          continue;
        }
        expect(taken).not.toBeNull();
        const info = statSync(path);
        expect(taken!.stamp).toEqual({ ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs });
        const disk = diskSource(gccDir).readSync(path, 1e9);
        expect(disk.ok && Buffer.from(taken!.bytes).equals(Buffer.from(disk.bytes))).toBe(true);
        // Held where the worker read it (no copy).
        expect(inSlab(taken!.bytes)).toBe(true);
        // Once only: a second look is the disk's.
        expect(ahead.take(path)).toBeNull();
        served += 1;
      }
    }
    expect(served).toBe(names.length * READ_AHEAD_FILES.length - 1);
    expect(ahead.take(join(gccDir, 'main.md'))).toBeNull();
    ahead.close();
  });

  it('never serves a file the reading thread took from the disk first', async () => {
    const ahead = ReadAhead.start(gccDir, branchesDir(), names)!;
    const first = pathOf(names[0]!, 'log.md');
    // Before the worker has read anything: the reading thread reads this one itself.
    expect(ahead.take(first)).toBeNull();
    await ahead.done;
    expect(ahead.take(first)).toBeNull();
    expect(ahead.take(pathOf(names[0]!, 'commit.md'))).not.toBeNull();
    ahead.close();
  });

  it('runs one at a time in a process', () => {
    const first = ReadAhead.start(gccDir, branchesDir(), names)!;
    expect(ReadAhead.start(gccDir, branchesDir(), names)).toBeNull();
    first.close();
    const next = ReadAhead.start(gccDir, branchesDir(), names);
    expect(next).not.toBeNull();
    next!.close();
  });

  it('leaves to the reading thread the branches it has begun', async () => {
    const ahead = ReadAhead.start(gccDir, branchesDir(), names)!;
    ahead.begin(names.length);
    await ahead.done;
    expect(ahead.take(pathOf(names[1]!, 'log.md'))).toBeNull();
    ahead.close();
  });
});

describe('a store with the read-ahead', () => {
  it('reads what a store without it reads, and reports the linked log', async () => {
    const plain = diskSource(gccDir);
    const { readAhead: _unused, ...withoutAhead } = plain;
    const read = async (source: GccSource) => {
      const store = createStore({ gccDir, root: dir, readOnly: true, bus: createEventBus(), source });
      await store.load();
      return { workspace: store.workspace(), branches: names.map((n) => store.branch(n)) };
    };
    const ahead = await read(diskSource(gccDir));
    expect(ahead).toEqual(await read(withoutAhead));
    const linked = names[names.length - 1]!;
    expect(ahead.workspace.diagnostics.some((d) => d.file === `branches/${linked}/log.md` && d.message.includes(LINK))).toBe(true);
  });
});
