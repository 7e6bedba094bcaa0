// The server's record of what it saw change: a roadmap block without a time dated when seen, and a step rewritten in place
// travelled back over.
import { appendFileSync, chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { createTimeTravel } from './time-travel.ts';
import { createChangeRecord } from './change-record.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';

afterEach(removeTempCorpusCopies);
const pause = () => new Promise((r) => setTimeout(r, 5));

async function setUp() {
  const { dir, gccDir } = tempCorpusCopy('python');
  for (const f of ['main.md', 'branches/auth-jwt/log.md']) chmodSync(join(gccDir, f), 0o644);
  const bus = createEventBus();
  const store = createStore({ gccDir, root: dir, readOnly: false, bus });
  await store.load();
  const historyPath = join(dir, '.gcc-studio', 'edits.jsonl');
  const travel = createTimeTravel({ store, historyPath, bus, readOnly: false });
  return { dir, gccDir, store, travel };
}

describe('what the server saw change', () => {
  it('dates a block appended without a time, exactly', async () => {
    const { dir, gccDir, store, travel } = await setUp();
    await pause();
    const before = new Date().toISOString();
    await pause();
    appendFileSync(join(gccDir, 'main.md'), '\n## Notes\nwatched arrive\n');
    await store.apply(['main.md']);
    await pause();
    const after = new Date().toISOString();
    const then = await travel.view(before);
    expect(then.workspace().roadmap.text).not.toContain('watched arrive');
    // The block Python's update_roadmap left in the corpus was there when the server began watching: certain from
    // then on, uncertain before (the server never saw it arrive).
    expect(then.info.reasons).toEqual([]);
    expect((await travel.view('auth-session@commit:1')).info.reasons).toEqual([expect.stringMatching(/^main\.md: the part at line 19 has no time of its own/)]);
    const later = await travel.view(after);
    expect(later.workspace().roadmap.text).toContain('watched arrive');
    expect(later.info.reasons).toEqual([]);
    // On disk a second later, in one write.
    const changes = join(dir, '.gcc-studio', 'changes.jsonl');
    await expect.poll(() => (existsSync(changes) ? readFileSync(changes, 'utf8').trim().split('\n').length : 0)).toBe(2);
  });

  it('travels back over a step rewritten in place', async () => {
    const { gccDir, store, travel } = await setUp();
    const log = join(gccDir, 'branches/auth-jwt/log.md');
    await pause();
    const before = new Date().toISOString();
    await pause();
    writeFileSync(log, readFileSync(log, 'utf8').replace('Reuse detection works.', 'Reuse detection was rewritten.'));
    await store.apply(['branches/auth-jwt/log.md']);
    await pause();
    const then = await travel.view(before);
    expect(then.steps('auth-jwt', 0, 10)!.steps[2]!.thought).toBe('Reuse detection works.');
    expect((await travel.view(new Date().toISOString())).steps('auth-jwt', 0, 10)!.steps[2]!.thought).toBe('Reuse detection was rewritten.');
  });

  it('stays within its bound, keeping the newer half', async () => {
    const { dir, gccDir, store } = await setUp();
    const bus = createEventBus();
    const path = join(dir, '.gcc-studio', 'bounded.jsonl');
    const record = createChangeRecord({ path, records: () => store.records(), bus, readOnly: false, maxBytes: 600, writeDelayMs: 0 });
    for (let i = 0; i < 20; i++) bus.publish({ type: 'roadmap-changed', text: `${store.records().roadmap}\nmore ${i}\n` } as never);
    expect(readFileSync(path, 'utf8').length).toBeLessThanOrEqual(1200);
    expect(record.roadmap().length).toBeLessThan(20);
    void gccDir;
  });

  it('makes no .gcc-studio/ folder in a project whose .GCC/ went away before the write', async () => {
    const { dir, gccDir, store } = await setUp();
    const bus = createEventBus();
    const record = createChangeRecord({ path: join(dir, '.gcc-studio', 'changes.jsonl'), records: () => store.records(), bus, readOnly: false, gccDir, writeDelayMs: 60_000 });
    // What `rm -rf project` shows the server: main.md goes first (the roadmap changes), then the rest.
    bus.publish({ type: 'roadmap-changed', text: '' } as never);
    rmSync(dir, { recursive: true });
    // Closing writes what is pending at once.
    record.close();
    expect(existsSync(dir)).toBe(false);
    expect(record.roadmap()).toHaveLength(2);
  });
});
