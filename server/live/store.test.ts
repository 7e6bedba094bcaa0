// The store on real files in a temp copy of a corpus case, driven by apply() (the watcher is tested on its own, and
// the whole chain in live.test.ts).
import { CORPUS } from '../../fixtures/corpus.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StudioEvent } from '../../shared/events.ts';
import { createEventBus } from './event-bus.ts';
import { createStore, type Store } from './store.ts';
import { Dormancy } from './dormancy.ts';
import { PythonGccWriter, writerStateFromExpected } from '../demo/python-writer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function open(corpusCase: string | null) {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-store-'));
  dirs.push(dir);
  const gccDir = join(dir, '.GCC');
  if (corpusCase) cpSync(join(CORPUS, corpusCase, '.GCC'), gccDir, { recursive: true, verbatimSymlinks: true });
  const bus = createEventBus();
  const events: StudioEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const errors: unknown[] = [];
  const store = createStore({ gccDir, root: dir, readOnly: false, bus, onError: (e) => errors.push(e) });
  await store.load();
  return { dir, gccDir, store, events, errors };
}

function pythonWriter(gccDir: string) {
  const expected = JSON.parse(readFileSync(join(CORPUS, 'python', 'expected.json'), 'utf8'));
  return new PythonGccWriter(gccDir, writerStateFromExpected(expected));
}

const types = (events: StudioEvent[]) => events.map((e) => e.type);
const logPath = 'branches/main/log.md';

describe('store', () => {
  it('loads a workspace quietly: branches, counts, roadmap', async () => {
    const { store, events } = await open('python');
    const ws = store.workspace();
    expect(ws.present).toBe(true);
    expect(ws.revision).toBe(0);
    // A folder's answer names no source (a git ref's says 'git').
    expect(ws.source).toBeUndefined();
    expect(ws.branches.map((b) => [b.name, b.stepCount, b.commitCount, b.status])).toEqual([
      ['auth-jwt', 3, 2, 'merged'],
      ['auth-session', 2, 1, 'active'],
      ['main', 9, 3, 'active'],
    ]);
    expect(ws.roadmap.text).toContain('# Project Roadmap');
    expect(ws.branches.find((b) => b.name === 'main')!.lastActivity).toBe('2026-12-02T13:58:19.016190+00:00');
    expect(store.steps('main', 6, 10)!.steps.map((s) => s.step)).toEqual([1, 2, 3]);
    expect(store.steps('main', 6, 10)!.steps[0]!.mergedFrom).toBe('auth-jwt');
    expect(events).toEqual([]);
  });

  it('puts the branches it read at start to sleep at once, unless told to leave them awake for the sweep (a fleet member)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-store-'));
    dirs.push(dir);
    cpSync(join(CORPUS, 'python', '.GCC'), join(dir, '.GCC'), { recursive: true });
    const asleepAfterLoad = async (awakeAtStart?: boolean) => {
      // No sweep during the test.
      const dormancy = new Dormancy(60_000);
      const store = createStore({ gccDir: join(dir, '.GCC'), root: dir, readOnly: false, bus: createEventBus(), dormancy, ...(awakeAtStart === undefined ? {} : { awakeAtStart }) });
      await store.load();
      return { asleep: dormancy.unpackedCount, steps: store.workspace().branches.map((b) => b.stepCount) };
    };
    // Three branches, a log and a commit file each.
    expect(await asleepAfterLoad()).toEqual({ asleep: 6, steps: [3, 2, 9] });
    expect(await asleepAfterLoad(true)).toEqual({ asleep: 0, steps: [3, 2, 9] });
  });

  it('emits appended steps and commits from the right index, each once', async () => {
    const { gccDir, store, events } = await open('python');
    const writer = pythonWriter(gccDir);
    writer.logStep('main', { observation: 'o1', thought: 't1', action: 'a1' });
    writer.logStep('main', { observation: 'o2', thought: 't2', action: 'a2' });
    await store.apply([logPath]);
    await store.apply([logPath]);
    writer.commit('main', 'did things');
    await store.apply(['branches/main/commit.md']);
    expect(types(events)).toEqual(['steps-appended', 'commits-appended']);
    const [steps, commits] = events as [Extract<StudioEvent, { type: 'steps-appended' }>, Extract<StudioEvent, { type: 'commits-appended' }>];
    expect(steps.from).toBe(9);
    expect(steps.steps.map((s) => [s.step, s.observation])).toEqual([[10, 'o1'], [11, 'o2']]);
    expect(commits.from).toBe(3);
    expect(commits.commits[0]!.thisCommitContribution).toBe('did things');
    expect(store.workspace().revision).toBe(2);
    expect(store.steps('main', 0, 1000)!.total).toBe(11);
  });

  it('holds a half-written last block back until it is complete', async () => {
    const { gccDir, store, events } = await open('python');
    const block = '### Step 10 — 2026-12-02T14:00:00.000001+00:00\n**Observation:** half\n\n**Thought:** t\n\n**Action:** a\n\n---\n';
    const file = join(gccDir, logPath);
    const cut = Buffer.from(block).length - 20;
    appendFileSync(file, Buffer.from(block).subarray(0, cut));
    await store.apply([logPath]);
    expect(events.filter((e) => e.type === 'steps-appended')).toEqual([]);
    appendFileSync(file, Buffer.from(block).subarray(cut));
    await store.apply([logPath]);
    const appended = events.filter((e) => e.type === 'steps-appended');
    expect(appended).toHaveLength(1);
    expect(appended[0]!.type === 'steps-appended' && appended[0]!.steps.map((s) => s.observation)).toEqual(['half']);
  });

  it('re-reads a truncated or rewritten file whole, and says so', async () => {
    const { gccDir, store, events } = await open('python');
    const file = join(gccDir, logPath);
    const original = readFileSync(file);
    truncateSync(file, original.indexOf('### Step 2'));
    await store.apply([logPath]);
    expect(types(events)).toContain('branch-reloaded');
    expect(store.steps('main', 0, 100)!.total).toBe(1);
    events.length = 0;
    // In place, growing, with different bytes just before the old offset: the parser's fingerprint notices.
    writeFileSync(file, Buffer.from(original.toString('utf8').replace('npm init -y', 'npm init -Y')));
    await store.apply([logPath]);
    expect(types(events)).toContain('branch-reloaded');
    expect(store.steps('main', 0, 1)!.steps[0]!.action).toContain('-Y');
    expect(store.steps('main', 0, 100)!.total).toBe(9);
  });

  it('notices an edit anywhere in a file saved atomically', async () => {
    const { gccDir, store, events } = await open('python');
    const file = join(gccDir, logPath);
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, readFileSync(file, 'utf8').replace('Repository is empty', 'Repository is EMPTY') + '\n');
    renameSync(tmp, file);
    await store.apply([logPath]);
    expect(types(events)).toEqual(['branch-reloaded']);
    expect(store.steps('main', 0, 1)!.steps[0]!.observation).toContain('EMPTY');
  });

  it('treats an atomic save (write elsewhere, rename over) that only appends as an append', async () => {
    const { gccDir, store, events } = await open('python');
    const file = join(gccDir, logPath);
    const tmp = join(gccDir, 'branches', 'main', '.log.md.tmp');
    const step = '### Step 10 — 2026-12-02T14:00:00+00:00\n**Observation:** saved\n\n**Thought:** t\n\n**Action:** a\n\n---\n';
    writeFileSync(tmp, readFileSync(file, 'utf8') + step);
    renameSync(tmp, file);
    await store.apply([logPath]);
    expect(types(events)).toEqual(['steps-appended']);
  });

  it('announces new branches with their summary, removed ones, and metadata changes', async () => {
    const { gccDir, store, events } = await open('python');
    const writer = pythonWriter(gccDir);
    writer.createBranch('exp', 'Try something', 'main');
    writer.logStep('exp', { observation: 'o', thought: 't', action: 'a' });
    await store.apply(['branches/exp']);
    const added = events.find((e) => e.type === 'branch-added');
    expect(added?.type === 'branch-added' && [added.branch, added.summary.stepCount, added.summary.purpose]).toEqual(['exp', 1, 'Try something']);
    writer.commit('exp', 'c');
    writer.merge('exp', 'main');
    await store.apply(['branches/exp/metadata.yaml', 'branches/main/log.md', 'branches/main/commit.md', 'branches/exp/commit.md', 'main.md']);
    const changed = events.find((e) => e.type === 'metadata-changed');
    expect(changed?.type === 'metadata-changed' && [changed.summary.status, changed.summary.mergedInto]).toEqual(['merged', 'main']);
    expect(types(events)).toContain('roadmap-changed');
    expect(store.steps('main', 9, 10)!.steps.map((s) => s.mergedFrom)).toEqual(['exp']);
    events.length = 0;
    rmSync(join(gccDir, 'branches', 'exp'), { recursive: true });
    await store.apply(['branches/exp']);
    expect(types(events)).toEqual(['branch-removed']);
    expect(store.branch('exp')).toBeNull();
  });

  it('shows a .GCC/ that is deleted as gone, and back when it returns', async () => {
    const { gccDir, store, events } = await open('python');
    const saved = `${gccDir}.saved`;
    renameSync(gccDir, saved);
    await store.apply(['']);
    expect(store.workspace()).toMatchObject({ present: false, branches: [] });
    expect(events.at(-1)).toMatchObject({ type: 'workspace-reset', present: false });
    renameSync(saved, gccDir);
    await store.apply(['']);
    expect(store.workspace().present).toBe(true);
    expect(store.workspace().branches).toHaveLength(3);
    expect(events.filter((e) => e.type === 'workspace-reset').map((e) => e.type === 'workspace-reset' && e.present)).toEqual([false, true]);
  });

  it('waits for a .GCC/ that does not exist yet', async () => {
    const { gccDir, store, events } = await open(null);
    expect(store.workspace().present).toBe(false);
    mkdirSync(join(gccDir, 'branches', 'main'), { recursive: true });
    writeFileSync(join(gccDir, 'main.md'), '# Project Roadmap\n\nnew\n');
    await store.apply(['']);
    expect(store.workspace()).toMatchObject({ present: true, roadmap: { text: '# Project Roadmap\n\nnew\n' } });
    expect(store.workspace().branches.map((b) => b.name)).toEqual(['main']);
    expect(types(events)).toContain('workspace-reset');
  });

  it('tells each implementation’s workspace by its writer, and parses Zig and Lua logs with their own escape rules', async () => {
    for (const lang of ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir']) {
      const { store } = await open(lang);
      const ws = store.workspace();
      expect(ws.branches.map((b) => b.dialect), lang).toEqual([lang, lang, lang]);
      expect(ws.branches.map((b) => [b.stepCount, b.commitCount]), lang).toEqual([[3, 2], [2, 1], [9, 3]]);
    }
  });

  it('never follows a symlinked branch folder', async () => {
    const { store } = await open('bad/symlink-branch');
    const ws = store.workspace();
    expect(ws.branches.map((b) => b.name)).not.toContain('evil');
    expect(ws.diagnostics.some((d) => d.code === 'symlinked-branch')).toBe(true);
  });

  it('renders CONTEXT as the implementation does, with token counts per K', async () => {
    const { store } = await open('python');
    const ctx = (await store.context('main', 1, 'python'))!;
    expect(ctx.text).toBe(readFileSync(join(CORPUS, 'python', 'context-main-k1.txt'), 'utf8'));
    expect(ctx.tokens).toBeGreaterThan(0);
    expect(ctx.tokensByK).toHaveLength(3);
    expect(ctx.tokensByK![0]).toBe(ctx.tokens);
    expect((await store.context('main', 2, null))!.text).toBe(readFileSync(join(CORPUS, 'python', 'context-main-k2.txt'), 'utf8'));
  });
});
