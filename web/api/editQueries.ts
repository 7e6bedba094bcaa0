// Query keys and options of the edit history and the roadmap parts, and what a saved edit invalidates.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EditEntry, EditTarget } from '../../shared/gcc/write/edit.ts';
import { targetKey } from '../../shared/gcc/write/edit.ts';
import { editApi } from './editClient.ts';
import { keys } from './queries.ts';

export const editKeys = {
  /** Also invalidated by the `record-edited` event (cacheUpdates.ts). */
  history: () => ['gcc', 'edits'] as const,
  roadmapParts: () => ['gcc', 'roadmap-parts'] as const,
};

export function editHistoryOptions() {
  return queryOptions({ queryKey: editKeys.history(), queryFn: ({ signal }) => editApi.history(signal) });
}

export function roadmapPartsOptions() {
  return queryOptions({ queryKey: editKeys.roadmapParts(), queryFn: ({ signal }) => editApi.roadmap(signal) });
}

/** The newest history entry that touched each record, by targetKey. */
export function latestEdits(entries: readonly EditEntry[]): Map<string, { entry: EditEntry; versionAfter: string }> {
  const out = new Map<string, { entry: EditEntry; versionAfter: string }>();
  for (const entry of entries) for (const c of entry.changes) out.set(targetKey(c.target), { entry, versionAfter: c.versionAfter });
  return out;
}

/** After a save or undo: the records it touched are refetched (the live stream says so too; this is for this tab now). */
export function invalidateAfterEdit(client: QueryClient, target: EditTarget): Promise<unknown> {
  const jobs: Promise<unknown>[] = [client.invalidateQueries({ queryKey: editKeys.history() })];
  if (target.kind === 'roadmap') {
    jobs.push(client.invalidateQueries({ queryKey: editKeys.roadmapParts() }), client.invalidateQueries({ queryKey: keys.workspace() }));
  } else {
    jobs.push(client.invalidateQueries({ queryKey: keys.branch(target.branch) }), client.invalidateQueries({ queryKey: keys.workspace() }));
    if (target.kind === 'step') jobs.push(client.invalidateQueries({ queryKey: keys.stepsOf(target.branch) }));
    jobs.push(client.invalidateQueries({ queryKey: keys.contextOf(target.branch) }));
  }
  return Promise.all(jobs);
}
