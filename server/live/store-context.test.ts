// The store's CONTEXT, kept current from the appended records only (shared/gcc/dialects/reader-tally.ts), against CONTEXT
// rendered from the whole reader view of the store's records, after appends, commits and a reload.
import { CORPUS } from '../../fixtures/corpus.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderContext } from '../../shared/gcc/context/render.ts';
import { readerView } from '../../shared/gcc/dialects/reader-view.ts';
import { exactCountsByK as tokenCountsByK } from '../../shared/gcc/context/count.ts';
import { CONTEXT_DIALECTS } from '../../shared/types.ts';
import { createEventBus } from './event-bus.ts';
import { createStore, type Store } from './store.ts';
import { PythonGccWriter, writerStateFromExpected } from '../demo/python-writer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function open(): Promise<{ gccDir: string; store: Store; writer: PythonGccWriter }> {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-store-context-'));
  dirs.push(dir);
  const gccDir = join(dir, '.GCC');
  cpSync(join(CORPUS, 'python', '.GCC'), gccDir, { recursive: true });
  const store = createStore({ gccDir, root: dir, readOnly: false, bus: createEventBus() });
  await store.load();
  const expected = JSON.parse(readFileSync(join(CORPUS, 'python', 'expected.json'), 'utf8'));
  return { gccDir, store, writer: new PythonGccWriter(gccDir, writerStateFromExpected(expected)) };
}

/** CONTEXT from the whole reader view of what the store holds: what the store answered before it kept tallies. */
async function expectFreshContext(store: Store, branch: string): Promise<void> {
  const b = store.branch(branch)!;
  const records = { commits: b.commits, steps: store.steps(branch, 0, Number.MAX_SAFE_INTEGER)!.steps };
  const roadmap = store.workspace().roadmap.text;
  for (const dialect of CONTEXT_DIALECTS) {
    const view = readerView(dialect, records);
    const byK = tokenCountsByK({ branch, roadmap, ...view }, dialect);
    for (const k of [1, 2, view.commits.length + 1]) {
      const got = (await store.context(branch, k, dialect))!;
      expect(got.text).toBe(renderContext({ branch, k, roadmap, ...view }, dialect));
      expect(got.tokensByK).toEqual(byK);
    }
  }
}

describe('store context, kept current from appends', () => {
  it('equals CONTEXT from the whole view after each append, commit, split step and reload', async () => {
    const { gccDir, store, writer } = await open();
    await expectFreshContext(store, 'main');
    const logPath = 'branches/main/log.md';
    writer.logStep('main', { observation: 'o1', thought: 't1', action: 'a1' });
    await store.apply([logPath]);
    await expectFreshContext(store, 'main');
    // An action-only step (dropped by three readers) and one a `---` line splits in two.
    writer.logStep('main', { observation: '', thought: '', action: 'only an action' });
    writer.logStep('main', { observation: 'before\n---\n---\nafter', thought: 't', action: 'a' });
    await store.apply([logPath]);
    await expectFreshContext(store, 'main');
    writer.commit('main', 'did things');
    await store.apply(['branches/main/commit.md']);
    await expectFreshContext(store, 'main');
    // A shorter file is a reload: every record is new.
    const log = join(gccDir, logPath);
    truncateSync(log, readFileSync(log).length - 200);
    await store.apply([logPath]);
    await expectFreshContext(store, 'main');
    await expectFreshContext(store, 'auth-jwt');
  });
});
