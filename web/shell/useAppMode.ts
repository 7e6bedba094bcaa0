// Which page this server gets: a fleet's page (several workspaces, no `?ws=`), or one workspace's page — a
// single-workspace server (it has no fleet route) or a fleet's workspace named by `?ws=`.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fleetOptions, graphCommitsOptions, workspaceOptions } from '../api/queries.ts';
import { currentWorkspace } from '../api/workspaceParam.ts';
import { useUrlValue } from '../state/useUrlState.ts';

export type AppMode = 'loading' | 'workspace' | 'fleet';

export function useAppMode(): AppMode {
  const { data, isError } = useQuery({ ...fleetOptions(), enabled: currentWorkspace === null });
  // Most servers serve one workspace: its first answers are asked beside the fleet question, not after it (on a
  // fleet's page they are two answers nobody reads). A page at a moment asks for that moment's instead; back to now,
  // what is already cached is not asked again.
  const client = useQueryClient();
  const travelling = useUrlValue((u) => Boolean(u.at));
  useEffect(() => {
    if (currentWorkspace !== null || travelling) return;
    void client.prefetchQuery(workspaceOptions());
    void client.prefetchQuery(graphCommitsOptions());
  }, [client, travelling]);
  if (currentWorkspace !== null || isError) return 'workspace';
  if (!data) return 'loading';
  return data.mode === 'fleet' ? 'fleet' : 'workspace';
}
