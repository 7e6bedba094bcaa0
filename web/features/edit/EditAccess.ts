// Whether the page may offer edits: never under --read-only (the server refuses them anyway). And whether it may ask
// for gcc-studio's own records of edits and merges: a read-only source (a git ref, --read-only) is not asked, as a
// workspace read from git has none to give (its routes answer 503); an exported page holds its edits in the file.
import { useQuery } from '@tanstack/react-query';
import { workspaceOptions } from '../../api/queries.ts';
import { isExportedPage } from '../../api/snapshot.ts';

const editable = (ws: { present: boolean; readOnly: boolean }) => ws.present && !ws.readOnly;
const keepsEditRecords = (ws: { readOnly: boolean }) => !ws.readOnly || isExportedPage;

export function useCanEdit(): boolean {
  // Only the flag is observed: every field of every card drawn asks, and the workspace answer changes with each event
  // of the live stream (a step's count), which then re-rendered every card's fields.
  const { data } = useQuery({ ...workspaceOptions(), select: editable });
  return data === true;
}

/** False until the workspace is known, then whether the edit history may be asked for. */
export function useAsksEditRecords(): boolean {
  const { data } = useQuery({ ...workspaceOptions(), select: keepsEditRecords });
  return data === true;
}
