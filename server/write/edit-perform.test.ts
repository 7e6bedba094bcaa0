// The locked write on its own, with real jobs, a real history and a real store over temp copies of corpus cases:
// what reaches the disk, the history and the bus, and what is refused before anything is read.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import { commitVersion } from '../../shared/gcc/write/edit.ts';
import { loadedStore } from '../test-support/loaded-store.ts';
import { removeTempCorpusCopies } from '../test-support/temp-corpus.ts';
import { createEditHistory, historyPathFor } from './edit-history.ts';
import { editJobs, type FileJob } from './edit-jobs.ts';
import { performEdit, type EditWriter } from './edit-perform.ts';

afterEach(removeTempCorpusCopies);

async function writer(corpusCase = 'python', options: { readOnly?: boolean } = {}) {
  const loaded = await loadedStore(corpusCase, options);
  const history = createEditHistory(historyPathFor(loaded.gccDir));
  const w: EditWriter = { gccDir: loaded.gccDir, store: loaded.store, bus: loaded.bus, history, now: () => new Date('2026-12-03T10:00:00Z') };
  const commitFile = join(loaded.gccDir, 'branches/main/commit.md');
  const first = parseCommits(readFileSync(commitFile), { file: 'f', branch: 'main' }).commits[0]!;
  return { ...loaded, w, history, jobs: editJobs(loaded.store), commitFile, first };
}

/** A job that must never run: the refusal comes before the file is read. */
const neverRun = (file: string): FileJob<never> => ({ file, dialect: 'python', run: () => expect.unreachable('the job ran') });

describe('performEdit', () => {
  it('replaces the file, records the edit, lets the store re-read it, then announces it', async () => {
    const { w, store, events, history, jobs, first } = await writer();
    const res = await performEdit(w, jobs.commit('main', [{ index: 0, version: commitVersion(first), fields: { branchPurpose: 'Purpose by hand' } }]));
    expect(res.changed).toBe(true);
    expect(res.entry).toMatchObject({ at: '2026-12-03T10:00:00.000Z', file: 'branches/main/commit.md' });
    expect(await history.list()).toEqual([res.entry]);
    expect(store.branch('main')!.commits[0]!.branchPurpose).toBe('Purpose by hand');
    expect(events.map((e) => e.type)).toEqual(['branch-reloaded', 'record-edited']);
  });

  it('writes nothing and records nothing for an edit that changes nothing', async () => {
    const { w, events, history, jobs, first, commitFile } = await writer();
    const before = statSync(commitFile);
    const res = await performEdit(w, jobs.commit('main', [{ index: 0, version: commitVersion(first), fields: { branchPurpose: first.branchPurpose } }]));
    expect([res.changed, res.entry]).toEqual([false, null]);
    expect(statSync(commitFile).ino).toBe(before.ino);
    expect([await history.list(), events]).toEqual([[], []]);
  });

  it('answers a stale version with 409 and the record as it is now', async () => {
    const { w, jobs, first } = await writer();
    const err = await performEdit(w, jobs.commit('main', [{ index: 0, version: 'v0', fields: { branchPurpose: 'x' } }])).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'EditError', status: 409, conflict: { target: { kind: 'commit', index: 0 }, version: commitVersion(first) } });
  });

  it('refuses in read-only mode, and never writes through a symlinked branch folder', async () => {
    const ro = await writer('python', { readOnly: true });
    await expect(performEdit(ro.w, neverRun('branches/main/commit.md'))).rejects.toMatchObject({ status: 403 });
    const bad = await writer('bad/symlink-branch');
    await expect(performEdit(bad.w, neverRun('branches/evil/log.md'))).rejects.toMatchObject({ status: 409, message: 'branches/evil is a symbolic link; not followed (it could point outside .GCC/); nothing was changed' });
  });
});
