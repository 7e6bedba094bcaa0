// Every bad input to the agent layer is refused with one clear sentence and writes nothing: the tree's bytes (the
// .GCC/ folder and gcc-studio's own records beside it) are the same before and after.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_FIELD_LIMIT_BYTES } from '../../shared/gcc/write/agent-records.ts';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { loadedStore } from '../test-support/loaded-store.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { createMemoryWriter, type MemoryWriter } from './agent-writes.ts';
import { previewMerge } from './merge.ts';
import { Refusal } from './refusals.ts';

afterEach(removeTempCorpusCopies);

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) {
        out.set(`${relative(dir, full)}/`, '');
        walk(full);
      } else out.set(relative(dir, full), readFileSync(full, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

async function writerOn(corpusCase: string, readOnly = false): Promise<{ dir: string; writer: MemoryWriter }> {
  const { dir, gccDir, store } = await loadedStore(corpusCase, { readOnly });
  return { dir, writer: createMemoryWriter({ gccDir, store, readOnly }) };
}

/** The refusal `attempt` ends in, after checking that it wrote nothing. */
async function refused(dir: string, attempt: () => Promise<unknown>): Promise<Refusal<number>> {
  const before = snapshot(dir);
  const err = await attempt().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'refused').toBeInstanceOf(Refusal);
  expect(snapshot(dir)).toEqual(before);
  const refusal = err as Refusal<number>;
  // One sentence: no line breaks, a full stop or a colon-led reason.
  expect(refusal.message).not.toMatch(/\n/);
  expect(refusal.message.length).toBeGreaterThan(10);
  return refusal;
}

const STEP = { observation: 'o', thought: 't', action: 'a' };
const BAD_NAMES = ['a/b', 'a\\b', '..', '.', 'x..y', '', 'tab\there', 'nl\nx', 'bell\u0007', 'tick`name', '.hidden', ' padded', 'sep\u2028x'];

describe('the agent layer refuses bad input and writes nothing', () => {
  it.each(BAD_NAMES)('a branch named %j, to log to, commit on, make or merge', async (name) => {
    const { dir, writer } = await writerOn('python');
    expect((await refused(dir, () => writer.log({ branch: name, ...STEP }, 'test'))).status).toBe(400);
    expect((await refused(dir, () => writer.commit({ branch: name, contribution: 'c' }, 'test'))).status).toBe(400);
    expect((await refused(dir, () => writer.branch({ name, purpose: 'p' }, 'test'))).status).toBe(400);
    expect((await refused(dir, () => writer.merge({ branch: name }, 'test'))).status).toBe(400);
  });

  it('an empty step, an empty contribution, an empty purpose', async () => {
    const { dir, writer } = await writerOn('python');
    const empty = await refused(dir, () => writer.log({ branch: 'main', observation: '', thought: ' ', action: '\n' }, 'test'));
    expect(empty.message).toBe('A step needs an observation, a thought or an action: all three are empty.');
    expect((await refused(dir, () => writer.commit({ branch: 'main', contribution: '  ' }, 'test'))).message).toMatch(/contribution/);
    expect((await refused(dir, () => writer.branch({ name: 'fresh', purpose: '' }, 'test'))).message).toMatch(/purpose/);
  });

  it('a 50 MB field, refused from its length', async () => {
    const { dir, writer } = await writerOn('python');
    const huge = 'x'.repeat(50 * 1024 * 1024);
    const r = await refused(dir, () => writer.log({ branch: 'main', observation: huge, thought: '', action: '' }, 'test'));
    expect(r.status).toBe(413);
    expect(r.message).toContain(String(AGENT_FIELD_LIMIT_BYTES));
    // Multi-byte text under the limit in units but over it in bytes.
    const wide = '€'.repeat(AGENT_FIELD_LIMIT_BYTES / 2);
    expect((await refused(dir, () => writer.commit({ branch: 'main', contribution: wide }, 'test'))).status).toBe(413);
  });

  it('an unknown branch, a branch that exists, a merge of a merged branch, a second init', async () => {
    const { dir, writer } = await writerOn('python');
    expect((await refused(dir, () => writer.log({ branch: 'nope', ...STEP }, 'test'))).status).toBe(404);
    expect((await refused(dir, () => writer.commit({ branch: 'nope', contribution: 'c' }, 'test'))).status).toBe(404);
    expect((await refused(dir, () => writer.branch({ name: 'x', purpose: 'p', from: 'nope' }, 'test'))).status).toBe(404);
    expect((await refused(dir, () => writer.merge({ branch: 'nope' }, 'test'))).status).toBe(404);
    expect((await refused(dir, () => writer.branch({ name: 'auth-session', purpose: 'again' }, 'test'))).message).toBe('The branch "auth-session" exists already.');
    expect((await refused(dir, () => writer.merge({ branch: 'auth-jwt' }, 'test'))).message).toMatch(/already merged/);
    expect((await refused(dir, () => writer.init({ goal: 'again' }, 'test'))).message).toMatch(/already exists/);
  });

  it('any write to a read-only server', async () => {
    const { dir, writer } = await writerOn('python', true);
    for (const attempt of [
      () => writer.log({ branch: 'main', ...STEP }, 'test'),
      () => writer.commit({ branch: 'main', contribution: 'c' }, 'test'),
      () => writer.branch({ name: 'fresh', purpose: 'p' }, 'test'),
      () => writer.merge({ branch: 'auth-session' }, 'test'),
    ]) {
      expect((await refused(dir, attempt)).status).toBe(403);
    }
  });

  it('a Zig workspace, whose bytes it does not write', async () => {
    const { dir, writer } = await writerOn('zig');
    const r = await refused(dir, () => writer.log({ branch: 'main', ...STEP }, 'test'));
    expect(r.status).toBe(422);
    expect(r.message).toMatch(/does not write agent records/);
  });
});

describe('a dry run of a merge', () => {
  it("is the page's preview and writes nothing", async () => {
    const { dir, gccDir, store } = await loadedStore('python');
    const writer = createMemoryWriter({ gccDir, store, readOnly: false, newCommitId: () => 'feedf00d' });
    const before = snapshot(dir);
    const preview = await writer.previewMerge({ branch: 'auth-session', summary: 'keep sessions' });
    expect(snapshot(dir)).toEqual(before);
    const page = await previewMerge({ gccDir, readOnly: false, dialectOf: () => 'python', newCommitId: () => 'feedf00d' }, { branch: 'auth-session', target: 'main', summary: 'keep sessions' });
    const shape = (p: typeof preview) => ({ ...p, commit: { ...p.commit, timestamp: '' }, metadata: { ...p.metadata!, mergedAt: '' }, writes: p.writes.map((w) => ({ ...w, text: w.text.replace(/\d{4}-\d\d-\d\dT[\d:.]+\+00:00/g, '') })) });
    expect(shape(preview)).toEqual(shape(page));
    expect(preview.blockers).toEqual([]);
    expect(preview.summary).toBe('keep sessions');
    // A merged branch's preview says why it cannot be merged.
    expect((await writer.previewMerge({ branch: 'auth-jwt' })).blockers.join(' ')).toMatch(/already merged/);
  });
});

describe('two processes, each with a store of its own', () => {
  it('a branch the other made a moment ago is found on disk', async () => {
    const { gccDir, store } = await loadedStore('python');
    const other = createStore({ gccDir, root: join(gccDir, '..'), readOnly: false, bus: createEventBus() });
    await other.load();
    await createMemoryWriter({ gccDir, store, readOnly: false }).branch({ name: 'side', purpose: 'made by the first' }, 'a');
    const written = await createMemoryWriter({ gccDir, store: other, readOnly: false }).log({ branch: 'side', observation: 'from the second', thought: '', action: '' }, 'b');
    expect(written).toMatchObject({ branch: 'side', step: 1, dialect: 'python' });
  });
});

describe('a new workspace', () => {
  it('is refused in a dialect it does not write, and where its folder cannot be reached; then made', async () => {
    const { dir, gccDir } = tempCorpusCopy(null);
    const store = createStore({ gccDir, root: dir, readOnly: false, bus: createEventBus() });
    await store.load();
    const writer = createMemoryWriter({ gccDir, store, readOnly: false });
    expect((await refused(dir, () => writer.init({ goal: 'g', dialect: 'zig' as never }, 'test'))).status).toBe(400);
    // Where a file stands in the way of the folder.
    writeFileSync(join(dir, 'file'), 'not a folder');
    const blocked = join(dir, 'file', '.GCC');
    const inTheWay = createMemoryWriter({ gccDir: blocked, store, readOnly: false });
    expect((await refused(dir, () => inTheWay.init({ goal: 'g' }, 'test'))).message).toMatch(/cannot be reached/);
    await writer.init({ goal: 'g' }, 'test');
    expect(store.records().branches.map((b) => [b.name, b.dialect])).toEqual([['main', 'python']]);
  });
});
