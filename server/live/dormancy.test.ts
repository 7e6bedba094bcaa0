// A file asleep holds what it held awake: the same records when woken (every corpus log and commit file, read whole
// or appended in pieces, its bytes compressed or not), the same counts while asleep, and appends, atomic saves and
// rewrites after a sleep told as they are told to a file that never slept.
import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { corpusBranchFiles } from '../test-support/corpus-branch-files.ts';
import type { ResumePoint } from '../../shared/gcc/read/chunk.ts';
import { Dormancy, type Sleeper } from './dormancy.ts';
import { commitsKeeper, logKeeper } from './format.ts';
import type { RecordKeeper } from './record-keepers.ts';
import { TrackedFile } from './tracked-file.ts';

const scratch = mkdtempSync(join(tmpdir(), 'gcc-dormancy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type AnyList = { readonly length: number; slice(from?: number): unknown[] };
const keeperFor = (path: string) => (path.endsWith('log.md') ? logKeeper('b') : commitsKeeper('b')) as unknown as RecordKeeper<ResumePoint, AnyList>;

const files = corpusBranchFiles(CORPUS).filter((p) => statSync(p).size < 2_000_000);

describe('a followed file asleep', () => {
  it.each(files.map((p) => [relative(CORPUS, p), p]))('%s: woken, its records are the ones it had', async (_, path) => {
    for (const chunkBytes of [61, 1 << 20]) {
      const t = new TrackedFile(path, keeperFor(path), 'b/file', { chunkBytes, dormancy: new Dormancy(1000) });
      await t.refresh();
      const before = t.records.slice();
      const diagnostics = t.diagnostics;
      expect(t.sleep()).toBe('asleep');
      expect(t.sleep()).toBe('already');
      expect(t.asleep).toBe(true);
      expect(t.count).toBe(before.length);
      expect(t.diagnostics).toEqual(diagnostics);
      expect(t.records.slice()).toEqual(before);
      expect(t.asleep).toBe(false);
    }
  });

  it.each(files.map((p) => [relative(CORPUS, p), p]))('%s: woken after its bytes were compressed, its records are the ones it had', async (_, path) => {
    const t = new TrackedFile(path, keeperFor(path), 'b/file', { dormancy: new Dormancy(1000) });
    await t.refresh();
    const before = t.records.slice();
    t.sleep();
    const released = await t.pack();
    expect(t.packed).toBe(released > 0);
    if (statSync(path).size >= 1024) expect(t.packed).toBe(true);
    expect(t.count).toBe(before.length);
    expect(t.records.slice()).toEqual(before);
    expect(t.packed).toBe(false);
  });

  it.each([false, true])('tells an append after a sleep as an append, from the count it had (compressed: %s)', async (packed) => {
    const src = readFileSync(join(CORPUS, 'python', '.GCC', 'branches', 'main', 'log.md'));
    const cut = src.indexOf('### Step 3 ');
    const path = join(scratch, 'append.md');
    writeFileSync(path, src.subarray(0, cut));
    const t = new TrackedFile(path, logKeeper('main'), 'b/log.md', { dormancy: new Dormancy(1000) });
    await t.refresh();
    const had = t.count;
    t.sleep();
    if (packed) expect(await t.pack()).toBeGreaterThan(0);
    appendFileSync(path, src.subarray(cut));
    expect(await t.refresh()).toEqual({ kind: 'appended', from: had, count: expect.any(Number) });
    const fresh = new TrackedFile(path, logKeeper('main'), 'b/log.md');
    await fresh.refresh();
    expect(t.records.slice()).toEqual(fresh.records.slice());
  });

  it.each([false, true])('tells an atomic save that only appended as an append, and a rewrite as a reload that keeps the old records (compressed: %s)', async (packed) => {
    const src = readFileSync(join(CORPUS, 'typescript', '.GCC', 'branches', 'main', 'commit.md'));
    const cut = src.indexOf('## Commit', src.indexOf('## Commit') + 1);
    const path = join(scratch, 'commit.md');
    writeFileSync(path, src.subarray(0, cut));
    const t = new TrackedFile(path, commitsKeeper('main'), 'b/commit.md', { dormancy: new Dormancy(1000) });
    await t.refresh();
    const first = t.records.slice();
    t.sleep();
    if (packed) expect(await t.pack()).toBeGreaterThan(0);
    writeFileSync(`${path}.tmp`, src);
    renameSync(`${path}.tmp`, path);
    expect(await t.refresh()).toEqual({ kind: 'appended', from: first.length, count: expect.any(Number) });

    const whole = t.records.slice();
    t.sleep();
    if (packed) expect(await t.pack()).toBeGreaterThan(0);
    const seen = t.recordsNow();
    const rewritten = Buffer.from(src.toString('utf8').replace(/\*\*Timestamp\*\*/u, '**Timestamp**'));
    writeFileSync(path, Buffer.concat([Buffer.from('# rewritten\n\n'), rewritten]));
    expect((await t.refresh()).kind).toBe('reloaded');
    expect(seen.get().slice()).toEqual(whole);
    expect(t.recordsNow().get().slice()).toEqual(t.records.slice());
  });

  it('keeps its bytes plain when it changes or wakes while they are being compressed', async () => {
    const src = readFileSync(join(CORPUS, 'python', '.GCC', 'branches', 'main', 'log.md'));
    const cut = src.indexOf('### Step 3 ');
    const path = join(scratch, 'racing.md');
    writeFileSync(path, src.subarray(0, cut));
    const t = new TrackedFile(path, logKeeper('main'), 'b/log.md', { dormancy: new Dormancy(1000) });
    await t.refresh();
    t.sleep();
    const packing = t.pack();
    appendFileSync(path, src.subarray(cut));
    expect((await t.refresh()).kind).toBe('appended');
    expect(await packing).toBe(0);
    expect(t.packed).toBe(false);
    const fresh = new TrackedFile(path, logKeeper('main'), 'b/log.md');
    await fresh.refresh();
    expect(t.records.slice()).toEqual(fresh.records.slice());

    t.sleep();
    const woken = t.pack();
    expect(t.records.slice()).toEqual(fresh.records.slice());
    expect(await woken).toBe(0);
    expect(t.packed).toBe(false);
    // Asleep again, and left alone: compressed, and the same records once woken.
    t.sleep();
    expect(await t.pack()).toBeGreaterThan(0);
    expect(t.records.slice()).toEqual(fresh.records.slice());
  });

  it('never sleeps in the middle of a read, and keeps records it cannot rebuild (a file not held)', async () => {
    const path = join(scratch, 'busy.md');
    writeFileSync(path, readFileSync(join(CORPUS, 'python', '.GCC', 'branches', 'main', 'log.md')));
    const t = new TrackedFile(path, logKeeper('main'), 'b/log.md', { dormancy: new Dormancy(1000) });
    const reading = t.refresh();
    expect(t.sleep()).toBe('busy');
    await reading;
    expect(t.sleep()).toBe('asleep');
    const once = new TrackedFile(path, logKeeper('main'), 'b/log.md', { watched: false });
    await once.refresh();
    expect(once.sleep()).toBe('never');
  });
});

describe('Dormancy', () => {
  const sleeper = (answer: () => 'asleep' | 'already' | 'busy' | 'never') => ({ sleep: vi.fn(answer), pack: vi.fn(async () => 0) }) satisfies Sleeper;
  /** A sleeper that tells `d` it fell asleep, as TrackedFile does. */
  const telling = (d: Dormancy) => {
    const file: Sleeper & { pack: ReturnType<typeof vi.fn> } = {
      sleep: vi.fn(() => {
        d.slept(file);
        return 'asleep' as const;
      }),
      pack: vi.fn(async () => 1000),
    };
    return file;
  };

  it('puts a file to sleep after a whole sweep untouched, tries a busy one again, forgets one that cannot sleep', () => {
    const d = new Dormancy(1000);
    const quiet = sleeper(() => 'asleep');
    const looked = sleeper(() => 'asleep');
    let busy = true;
    const reading = sleeper(() => (busy ? 'busy' : 'asleep'));
    const big = sleeper(() => 'never');
    for (const f of [quiet, looked, reading, big]) d.touched(f);
    expect(d.sweep()).toBe(0);
    d.touched(looked);
    expect(d.sweep()).toBe(1);
    expect(quiet.sleep).toHaveBeenCalledTimes(1);
    expect(looked.sleep).not.toHaveBeenCalled();
    expect(d.awakeCount).toBe(2);
    busy = false;
    expect(d.sweep()).toBe(2);
    expect(d.awakeCount).toBe(0);
    expect(big.sleep).toHaveBeenCalledTimes(1);
  });

  it('only forgets files that were asleep already (branches read at start sleep at once, touched while read)', () => {
    const d = new Dormancy(1000);
    for (let i = 0; i < 3; i++) d.touched(sleeper(() => 'already'));
    d.sweep();
    expect(d.sweep()).toBe(0);
    expect(d.awakeCount).toBe(0);
  });

  it('compresses nothing before start-up is over, then every sleeping file, then those asleep a whole sweep', async () => {
    const d = new Dormancy(1000);
    const atStart = [telling(d), telling(d)];
    for (const f of atStart) f.sleep();
    d.sweep();
    d.sweep();
    expect(atStart[0]!.pack).not.toHaveBeenCalled();
    expect(d.unpackedCount).toBe(2);
    await d.packAsleep();
    for (const f of atStart) expect(f.pack).toHaveBeenCalledTimes(1);
    expect(d.unpackedCount).toBe(0);

    const looked = telling(d);
    const woken = telling(d);
    d.touched(looked);
    d.touched(woken);
    d.sweep();
    expect(d.sweep()).toBe(2);
    // Fell asleep in this sweep: compressed at the next, unless it woke meanwhile.
    expect(looked.pack).not.toHaveBeenCalled();
    d.touched(woken);
    d.sweep();
    // Each file on a slice of the process's kept work (kept-work.ts).
    await expect.poll(() => looked.pack.mock.calls.length).toBe(1);
    expect(woken.pack).not.toHaveBeenCalled();
    expect(d.unpackedCount).toBe(0);
  });
});
