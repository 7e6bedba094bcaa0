// Whether the page may offer edits: never under --read-only (the server refuses them anyway). And whether it may ask
// for gcc-studio's own records of edits and merges: a folder keeps them, read-only or not; a workspace read from a git
// ref has none to give (its routes answer 503); an exported page holds them in the file.
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceResponse } from '../../../shared/api.ts';
import { workspaceOptions } from '../../api/queries.ts';
import { isExportedPage } from '../../api/snapshot.ts';

const editable = (ws: { present: boolean; readOnly: boolean }) => ws.present && !ws.readOnly;
/** Whether gcc-studio's records of edits and merges may be asked for: not of a git ref (none to give). */
export const keepsStudioRecords = (ws: Pick<WorkspaceResponse, 'source'>): boolean => ws.source !== 'git' || isExportedPage;

export function useCanEdit(): boolean {
  // Only the flag is observed: every field of every card drawn asks, and the workspace answer changes with each event
  // of the live stream (a step's count), which then re-rendered every card's fields.
  const { data } = useQuery({ ...workspaceOptions(), select: editable });
  return data === true;
}

/** False until the workspace is known, then whether the edit history may be asked for. */
export function useAsksEditRecords(): boolean {
  const { data } = useQuery({ ...workspaceOptions(), select: keepsStudioRecords });
  return data === true;
}
