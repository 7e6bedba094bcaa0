// Undo on its own, with the real locked write over a temp copy of the python corpus: an undo restores every byte
// and is recorded as one; what cannot be undone is refused with the status that says why.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roadmapParts } from '../../shared/gcc/write/edit-roadmap.ts';
import { loadedStore } from '../test-support/loaded-store.ts';
import { removeTempCorpusCopies } from '../test-support/temp-corpus.ts';
import { createEditHistory, historyPathFor } from './edit-history.ts';
import { editJobs } from './edit-jobs.ts';
import { performEdit, type Perform } from './edit-perform.ts';
import { undoEdit } from './edit-undo.ts';

afterEach(removeTempCorpusCopies);

async function edited() {
  const { gccDir, store } = await loadedStore('python');
  const history = createEditHistory(historyPathFor(gccDir));
  const perform: Perform = (job, undoes) => performEdit({ gccDir, store, history, now: () => new Date() }, job, undoes);
  const jobs = editJobs(store);
  const roadmap = () => new Uint8Array(readFileSync(join(gccDir, 'main.md')));
  const original = roadmap();
  const part = roadmapParts(original)[1]!;
  const edit = await perform(jobs.roadmap(1, { version: part.version, text: 'Edited once.' }));
  return { history, perform, jobs, roadmap, original, id: edit.entry!.id, undo: (id: string) => undoEdit(id, history, jobs, perform) };
}

describe('undoEdit', () => {
  it('puts every byte back, and records the undo as undoing that entry', async () => {
    const { history, roadmap, original, id, undo } = await edited();
    const res = await undo(id);
    expect(res.changed).toBe(true);
    expect(Buffer.from(roadmap()).equals(Buffer.from(original))).toBe(true);
    expect((await history.list()).map((e) => e.undoes ?? null)).toEqual([null, id]);
  });

  it('refuses an unknown entry (404), a second undo (409) and the undo of an undo (422)', async () => {
    const { history, id, undo } = await edited();
    await expect(undo('no-such-id')).rejects.toMatchObject({ status: 404 });
    await undo(id);
    await expect(undo(id)).rejects.toMatchObject({ status: 409, message: 'this edit was already undone' });
    const undoId = (await history.list())[1]!.id;
    await expect(undo(undoId)).rejects.toMatchObject({ status: 422 });
  });

  it('refuses once the record changed since, naming the record', async () => {
    const { perform, jobs, roadmap, id, undo } = await edited();
    const part = roadmapParts(roadmap())[1]!;
    await perform(jobs.roadmap(1, { version: part.version, text: 'Edited twice.' }));
    await expect(undo(id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^Roadmap section 1 changed since this edit; undo is no longer possible\./) });
  });
});
