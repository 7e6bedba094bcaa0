// A record field's draft sent through its edit route, against the version it was started from, and what the page
// asks again once it is saved: the card's editor and a draft whose card is gone save the same way.
import type { QueryClient } from '@tanstack/react-query';
import { editApi } from '../../api/editClient.ts';
import { invalidateAfterEdit } from '../../api/editQueries.ts';
import type { DraftTarget } from './drafts.ts';

/** Throws EditConflictError (409: the record is not that version any more), EditMisreadError (422), ApiError. */
export async function saveDraft(client: QueryClient, t: DraftTarget, text: string, baseVersion: string, carryToNext?: { version: string }): Promise<void> {
  if (t.kind === 'step') {
    await editApi.step(t.branch, t.index, { step: t.step, version: baseVersion, fields: { [t.field]: text } });
    await invalidateAfterEdit(client, { kind: 'step', branch: t.branch, index: t.index, step: t.step });
  } else {
    await editApi.commit(t.branch, t.index, { commitId: t.commitId, version: baseVersion, fields: { [t.field]: text }, ...(carryToNext ? { carryToNext } : {}) });
    await invalidateAfterEdit(client, { kind: 'commit', branch: t.branch, index: t.index, commitId: t.commitId });
  }
}

/** The field's text in the record a 409 sent back. */
export function fieldOf(current: unknown, field: DraftTarget['field']): string {
  const value = (current as Partial<Record<DraftTarget['field'], unknown>> | null)?.[field];
  return typeof value === 'string' ? value : '';
}
