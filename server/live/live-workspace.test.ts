// Opening a live workspace: loaded first, watched after, and nothing written in between is lost.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonGccWriter } from '../demo/python-writer.ts';
import { openLiveWorkspace, type LiveWorkspace } from './live-workspace.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function workspace(branches: number): { gccDir: string; writer: PythonGccWriter } {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-open-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const gccDir = join(dir, '.GCC');
  const writer = PythonGccWriter.init(gccDir, 'Open test.');
  writer.logStep('main', { observation: 'o', thought: 't', action: 'a' });
  for (let i = 1; i < branches; i++) writer.createBranch(`b-${i}`, `branch ${i}`, 'main');
  return { gccDir, writer };
}

async function open(gccDir: string): Promise<LiveWorkspace> {
  const live = await openLiveWorkspace({ gccDir });
  cleanups.push(() => live.close());
  return live;
}

describe('openLiveWorkspace', () => {
  it('answers from the first read without waiting for the watcher', async () => {
    const { gccDir } = workspace(20);
    let watching = false;
    const live = await open(gccDir);
    void live.watching.then(() => (watching = true));
    // No turn of the event loop since it resolved: chokidar has not looked at a single folder yet.
    expect(watching).toBe(false);
    expect(live.store.workspace().branches).toHaveLength(20);
    await live.watching;
  });

  it('sees what is written after the first read and before the watcher is ready', async () => {
    const { gccDir, writer } = workspace(20);
    const live = await open(gccDir);
    const events: string[] = [];
    live.bus.subscribe((e) => events.push(`${e.type} ${'branch' in e ? e.branch : ''}`));
    // Synchronously, before chokidar's first lstat: it will watch these files as they are now, and report nothing.
    writer.logStep('b-19', { observation: 'written during start-up', thought: 't', action: 'a' });
    writer.createBranch('late', 'made during start-up', 'main');
    await live.watching;
    await live.store.idle();
    expect(live.store.steps('b-19', 0, 10)?.steps.map((s) => s.observation)).toEqual(['written during start-up']);
    expect(live.store.branch('late')?.branch.purpose).toBe('made during start-up');
    expect(events).toEqual(expect.arrayContaining(['steps-appended b-19', 'branch-added late']));
    // And from then on the watcher reports: an append after `watching` arrives as an event.
    writer.logStep('main', { observation: 'after', thought: 't', action: 'a' });
    await expect.poll(() => live.store.steps('main', 0, 10)?.steps.length).toBe(2);
  });

  it('looks again at every branch, a slice of them at a time, once the watcher is ready', async () => {
    // More branches than one slice's look (LOOK_AGAIN_AT_ONCE): each written to before watching is seen.
    const { gccDir, writer } = workspace(150);
    const live = await open(gccDir);
    const written = ['b-1', 'b-75', 'b-149'];
    for (const name of written) writer.logStep(name, { observation: `start-up ${name}`, thought: 't', action: 'a' });
    await live.watching;
    await live.store.idle();
    for (const name of written) expect(live.store.steps(name, 0, 10)?.steps.map((s) => s.observation)).toEqual([`start-up ${name}`]);
  });

  it('follows a .GCC/ made while the watcher scans (made between chokidar reading its parent and watching it, it would be lost)', async () => {
    // Where that moment falls depends on the machine: try it a few turns of the event loop apart.
    for (let turns = 0; turns <= 6; turns++) {
      const dir = mkdtempSync(join(tmpdir(), 'gcc-open-late-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const live = await open(join(dir, '.GCC'));
      for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
      const writer = PythonGccWriter.init(join(dir, '.GCC'), 'Made during the scan.');
      await live.watching;
      writer.logStep('main', { observation: 'written once watching', thought: 't', action: 'a' });
      await expect.poll(() => live.store.steps('main', 0, 1)?.total, { message: `made after ${turns} turns` }).toBe(1);
    }
  });

  it('watches only once `watchAfter` settles, and then sees what was written before', async () => {
    const { gccDir, writer } = workspace(3);
    let go = () => {};
    const live = await openLiveWorkspace({ gccDir, watchAfter: new Promise<void>((resolve) => (go = resolve)) });
    cleanups.push(() => live.close());
    let watching = false;
    void live.watching.then(() => (watching = true));
    writer.logStep('main', { observation: 'before watching', thought: 't', action: 'a' });
    // Long enough for chokidar to have reported the append, had it been watching.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watching).toBe(false);
    expect(live.store.steps('main', 0, 10)?.total).toBe(1);
    go();
    await live.watching;
    await live.store.idle();
    expect(live.store.steps('main', 0, 10)?.steps.map((s) => s.observation)).toEqual(['o', 'before watching']);
  });

  it('closing before the watcher is ready ends `watching` too', async () => {
    const { gccDir } = workspace(5);
    const live = await openLiveWorkspace({ gccDir });
    await live.close();
    await live.watching;
  });
});
