// A record file rewritten by truncate-then-write, through the store on a real temp copy: the moment it is short must
// never be published; a truncation that stays is, once settled. The settle is ended by the test, not by a clock.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { StudioEvent } from '../../shared/events.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { createEventBus } from './event-bus.ts';
import { createStore } from './store.ts';

afterEach(removeTempCorpusCopies);

const logPath = 'branches/main/log.md';
const commitPath = 'branches/main/commit.md';
const step10 = '### Step 10 — 2026-12-02T14:00:00+00:00\n**Observation:** back\n\n**Thought:** t\n\n**Action:** a\n\n---\n';

/** A store over a python copy whose settles wait until the test ends them. */
async function open() {
  const { dir, gccDir } = tempCorpusCopy('python');
  const bus = createEventBus();
  const events: StudioEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const settling: { path: string; end(): void }[] = [];
  let heard = () => {};
  const settle = (path: string) =>
    new Promise<void>((end) => {
      settling.push({ path, end });
      heard();
    });
  const held = new Promise<void>((resolve) => (heard = resolve));
  const store = createStore({ gccDir, root: dir, readOnly: false, bus, settle });
  await store.load();
  const endSettles = () => {
    for (const s of settling.splice(0)) s.end();
  };
  return { gccDir, store, events, settling, held, endSettles };
}

const types = (events: StudioEvent[]) => events.map((e) => e.type);

/** Opens the file with O_TRUNC (as fs.writeFileSync does) and leaves it empty until `write` is called. */
function truncateForWrite(file: string) {
  const fd = openSync(file, 'w');
  return (bytes: string | Buffer) => {
    writeSync(fd, typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
    closeSync(fd);
  };
}

describe('a record file rewritten in place', () => {
  it('publishes nothing when the file comes back whole within the settle', async () => {
    const { gccDir, store, events, held, endSettles } = await open();
    const file = join(gccDir, logPath);
    const original = readFileSync(file);
    const write = truncateForWrite(file);
    const looked = store.apply([logPath]);
    // Without the settle, this look publishes an empty log and `looked` resolves first.
    await Promise.race([held, looked]);
    expect(types(events)).toEqual([]);
    expect(store.steps('main', 0, 100)!.total).toBe(9);
    write(original);
    // The write's own event (it waits for the settle too), then the look after the settle.
    const again = store.apply([logPath]);
    endSettles();
    await Promise.all([looked, again]);
    expect(types(events)).toEqual([]);
    expect(store.steps('main', 0, 100)!.total).toBe(9);
  });

  it('makes a rewrite that grew by a record an append, not a reload', async () => {
    const { gccDir, store, events, held, endSettles } = await open();
    const file = join(gccDir, logPath);
    const original = readFileSync(file, 'utf8');
    const write = truncateForWrite(file);
    const looked = store.apply([logPath]);
    await Promise.race([held, looked]);
    write(original + step10);
    endSettles();
    await looked;
    expect(types(events)).toEqual(['steps-appended']);
    const appended = events[0] as Extract<StudioEvent, { type: 'steps-appended' }>;
    expect([appended.from, appended.steps.map((s) => s.observation)]).toEqual([9, ['back']]);
  });

  it('settles again a file still being written when its settle ends', async () => {
    const { gccDir, store, events, settling, held, endSettles } = await open();
    const file = join(gccDir, logPath);
    const original = readFileSync(file);
    const fd = openSync(file, 'w');
    const looked = store.apply([logPath]);
    await Promise.race([held, looked]);
    // Half written when the settle ends: still short, and changed since the settle began.
    writeSync(fd, original.subarray(0, original.length >> 1));
    endSettles();
    await expect.poll(() => settling.length).toBe(1);
    expect(types(events)).toEqual([]);
    writeSync(fd, original.subarray(original.length >> 1));
    closeSync(fd);
    endSettles();
    await looked;
    expect(types(events)).toEqual([]);
    expect(store.steps('main', 0, 100)!.total).toBe(9);
  });

  it('publishes a truncation that stays, once settled', async () => {
    const { gccDir, store, events, settling, held, endSettles } = await open();
    const file = join(gccDir, commitPath);
    const original = readFileSync(file);
    truncateForWrite(file)(original.subarray(0, original.indexOf('## Commit `a9fb4e15`')));
    const looked = store.apply([commitPath]);
    await Promise.race([held, looked]);
    expect(settling.map((s) => s.path)).toEqual([commitPath]);
    expect(types(events)).toEqual([]);
    endSettles();
    await looked;
    expect(types(events)).toContain('branch-reloaded');
    expect(store.branch('main')!.commits.length).toBe(1);
  });

  it('publishes a removed file once settled, and appends at once', async () => {
    const { gccDir, store, events, settling, held, endSettles } = await open();
    appendFileSync(join(gccDir, logPath), step10);
    await store.apply([logPath]);
    expect(types(events)).toEqual(['steps-appended']);
    expect(settling).toEqual([]);
    rmSync(join(gccDir, logPath));
    const looked = store.apply([logPath]);
    await Promise.race([held, looked]);
    expect(types(events)).toEqual(['steps-appended']);
    endSettles();
    await looked;
    expect(types(events)).toEqual(['steps-appended', 'branch-reloaded']);
    expect(store.steps('main', 0, 100)!.total).toBe(0);
  });
});
