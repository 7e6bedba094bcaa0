// Whether the page may offer edits: never under --read-only (the server refuses them anyway).
import { useQuery } from '@tanstack/react-query';
import { workspaceOptions } from '../../api/queries.ts';

const editable = (ws: { present: boolean; readOnly: boolean }) => ws.present && !ws.readOnly;

export function useCanEdit(): boolean {
  // Only the flag is observed: every field of every card drawn asks, and the workspace answer changes with each event
  // of the live stream (a step's count), which then re-rendered every card's fields.
  const { data } = useQuery({ ...workspaceOptions(), select: editable });
  return data === true;
}
