// Query keys and options of the edit history, the roadmap parts and whether metadata can be saved, and what a saved
// edit invalidates.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EditEntry, EditTarget } from '../../shared/gcc/write/edit.ts';
import { targetKey } from '../../shared/gcc/write/edit.ts';
import { editApi } from './editClient.ts';
import { keys } from './queries.ts';

export const editKeys = {
  /** Also invalidated by the `record-edited` event (cacheUpdates.ts). */
  history: () => ['gcc', 'edits'] as const,
  roadmapParts: () => ['gcc', 'roadmap-parts'] as const,
  metadataWriteCheck: (branch: string) => ['gcc', 'metadata-write-check', branch] as const,
};

export function editHistoryOptions() {
  return queryOptions({ queryKey: editKeys.history(), queryFn: ({ signal }) => editApi.history(signal) });
}

export function roadmapPartsOptions() {
  return queryOptions({ queryKey: editKeys.roadmapParts(), queryFn: ({ signal }) => editApi.roadmap(signal) });
}

/**
 * Whether a branch's metadata.yaml can be saved now: asked again each time a view that offers a change mounts (a
 * file's mode changes without an event), its last answer shown meanwhile.
 */
export function metadataWriteCheckOptions(branch: string) {
  return queryOptions({ queryKey: editKeys.metadataWriteCheck(branch), queryFn: ({ signal }) => editApi.metadataWriteCheck(branch, signal), staleTime: 0, retry: false });
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
