// Whether the page may offer edits: never under --read-only (the server refuses them anyway).
import { useQuery } from '@tanstack/react-query';
import { workspaceOptions } from '../../api/queries.ts';

export function useCanEdit(): boolean {
  const { data } = useQuery(workspaceOptions());
  return data !== undefined && data.present && !data.readOnly;
}
