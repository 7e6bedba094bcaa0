// Which page this server gets: a fleet's page (several workspaces, no `?ws=`), or one workspace's page — a
// single-workspace server (it has no fleet route) or a fleet's workspace named by `?ws=`.
import { useQuery } from '@tanstack/react-query';
import { fleetOptions } from '../api/queries.ts';
import { currentWorkspace } from '../api/workspaceParam.ts';

export type AppMode = 'loading' | 'workspace' | 'fleet';

export function useAppMode(): AppMode {
  const { data, isError } = useQuery({ ...fleetOptions(), enabled: currentWorkspace === null });
  if (currentWorkspace !== null || isError) return 'workspace';
  if (!data) return 'loading';
  return data.mode === 'fleet' ? 'fleet' : 'workspace';
}
