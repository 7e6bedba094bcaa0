// The store's CONTEXT kept current as the files change, against each implementation's summary() of the files on disk, in
// all seven dialects.
import { CORPUS } from '../../fixtures/corpus.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactCountsByK as tokenCountsByK } from '../../shared/gcc/context/count.ts';
import { encodeEscaped } from '../../shared/gcc/dialects/escaped-text.ts';
import { implementationSummary, readAsImplementation, type BranchBytes } from '../../shared/gcc/dialects/implementation.ts';
import { CONTEXT_DIALECTS } from '../../shared/types.ts';
import { createEventBus } from './event-bus.ts';
import { createStore, WARMED_AT_START, warmFirst, type Store } from './store.ts';
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

function filesOn(gccDir: string, branch: string): BranchBytes {
  const read = (p: string) => new Uint8Array(readFileSync(join(gccDir, p)));
  const dir = `branches/${branch}`;
  return { roadmap: read('main.md'), log: read(`${dir}/log.md`), commit: read(`${dir}/commit.md`), metadata: read(`${dir}/metadata.yaml`) };
}

/** The store's CONTEXT and token counts against the implementation's own over the files as they are now. */
async function expectFreshContext(store: Store, gccDir: string, branch: string): Promise<void> {
  const files = filesOn(gccDir, branch);
  for (const dialect of CONTEXT_DIALECTS) {
    const read = readAsImplementation(dialect, branch, files);
    if (!read.ok) throw new Error(read.error);
    const byK = tokenCountsByK(read.input, dialect);
    for (const k of [1, 2, read.input.commits.length + 1]) {
      const got = (await store.context(branch, k, dialect))!;
      const want = implementationSummary(dialect, branch, k, files);
      expect(want.ok).toBe(true);
      if (want.ok) expect(Buffer.from(encodeEscaped(got.text)).equals(Buffer.from(want.bytes)), `${dialect} K=${k}`).toBe(true);
      expect(got.tokensByK).toEqual(byK);
      expect(got.reading).toBe('files');
    }
  }
}

describe('store context, kept current from appends', () => {
  it('equals CONTEXT from the whole view after each append, commit, split step and reload', async () => {
    const { gccDir, store, writer } = await open();
    await expectFreshContext(store, gccDir, 'main');
    const logPath = 'branches/main/log.md';
    writer.logStep('main', { observation: 'o1', thought: 't1', action: 'a1' });
    await store.apply([logPath]);
    await expectFreshContext(store, gccDir, 'main');
    // An action-only step (dropped by three readers) and one a `---` line splits in two.
    writer.logStep('main', { observation: '', thought: '', action: 'only an action' });
    writer.logStep('main', { observation: 'before\n---\n---\nafter', thought: 't', action: 'a' });
    await store.apply([logPath]);
    await expectFreshContext(store, gccDir, 'main');
    writer.commit('main', 'did things');
    await store.apply(['branches/main/commit.md']);
    await expectFreshContext(store, gccDir, 'main');
    // A shorter file is a reload: every record is new.
    const log = join(gccDir, logPath);
    truncateSync(log, readFileSync(log).length - 200);
    await store.apply([logPath]);
    await expectFreshContext(store, gccDir, 'main');
    await expectFreshContext(store, gccDir, 'auth-jwt');
  });
});

describe('warmFirst', () => {
  it('reads main first, then the most recently active branches, at most WARMED_AT_START', () => {
    const b = (name: string, secs: number | null) => ({ name, newest: secs === null ? null : { ts: `t${secs}`, key: [secs, 0] as [number, number] } });
    const branches = [b('old', 1), b('main', 2), b('none', null), ...Array.from({ length: 10 }, (_, i) => b(`b${i}`, 100 + i))];
    expect(warmFirst(branches)).toEqual(['main', 'b9', 'b8', 'b7', 'b6', 'b5', 'b4', 'b3'].slice(0, WARMED_AT_START));
    expect(warmFirst([b('x', null), b('y', 5)])).toEqual(['y', 'x']);
  });
});
