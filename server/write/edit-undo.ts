// Undoing a hand edit: its records set back to their values before it, provided each is still as the edit left it.
import type { EditResponse, EditTarget } from '../../shared/gcc/write/edit.ts';
import { describeTarget, EditError } from './refusals.ts';
import type { EditHistory } from './edit-history.ts';
import type { EditJobs } from './edit-jobs.ts';
import type { Perform } from './edit-perform.ts';

/** What the history says the record was called (a commit's id, a step's number), checked again on undo. */
function identityOf(t: EditTarget): string | undefined {
  return t.kind === 'commit' ? t.commitId : t.kind === 'step' ? String(t.step) : undefined;
}

/** An undo is itself an edit, recorded as undoing that entry. */
export async function undoEdit(id: string, history: EditHistory, jobs: EditJobs, perform: Perform): Promise<EditResponse<unknown>> {
  const entry = await history.find(id);
  if (!entry) throw new EditError(404, `no edit "${id}" in the history`);
  if (entry.undoes) throw new EditError(422, 'an undo cannot itself be undone; edit the record again instead');
  const entries = await history.list();
  if (entries.some((e) => e.undoes === id)) throw new EditError(409, 'this edit was already undone');
  const first = entry.changes[0];
  if (!first) throw new EditError(422, 'this history entry changed nothing');
  const reverts = entry.changes.map((c) => ({ version: c.versionAfter, fields: c.before, target: c.target, identity: identityOf(c.target) }));
  const t = first.target;
  try {
    switch (t.kind) {
      case 'commit':
        return await perform(jobs.commit(t.branch, reverts.map((r) => ({ index: (r.target as { index: number }).index, version: r.version, identity: r.identity, fields: r.fields }))), id);
      case 'step':
        return await perform(jobs.step(t.branch, reverts.map((r) => ({ index: (r.target as { index: number }).index, version: r.version, identity: r.identity, fields: r.fields }))), id);
      case 'metadata':
        return await perform(jobs.metadata(t.branch, { version: first.versionAfter, fields: first.before }), id);
      case 'roadmap':
        return await perform(jobs.roadmap(t.index, { version: first.versionAfter, text: first.before.text ?? '' }), id);
    }
  } catch (err) {
    if (err instanceof EditError && err.status === 409) {
      throw new EditError(409, `${describeTarget(t)} changed since this edit; undo is no longer possible. ${err.message}`, err.conflict);
    }
    throw err;
  }
}
