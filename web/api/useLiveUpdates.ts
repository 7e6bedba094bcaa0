// The one hook that keeps the cache live: it owns the LiveConnection for the page's lifetime.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState } from 'react';
import { LiveConnection } from './liveConnection.ts';
import { liveStore } from './liveStore.ts';
import { workspaceOptions } from './queries.ts';
import { pageSnapshot } from './snapshot.ts';

export interface LiveControls {
  setPaused(paused: boolean): void;
  reconnectNow(): void;
}

const noop: LiveControls = { setPaused: (p) => liveStore.set({ paused: p }), reconnectNow: () => {} };

export const LiveControlsContext = createContext<LiveControls>(noop);

export function useLiveUpdates(): LiveControls {
  const client = useQueryClient();
  const [controls, setControls] = useState<LiveControls>(noop);
  // Connect once the first snapshot is in, from its revision: nothing written in between can slip through.
  const { data } = useQuery(workspaceOptions());
  const loaded = data !== undefined;
  useEffect(() => {
    // An exported file has no server to listen to.
    if (pageSnapshot) {
      liveStore.set({ status: 'offline' });
      return;
    }
    if (!loaded) return;
    const connection = new LiveConnection({ client, store: liveStore });
    connection.start(client.getQueryData(workspaceOptions().queryKey)?.revision ?? null);
    setControls({ setPaused: (p) => connection.setPaused(p), reconnectNow: () => connection.reconnectNow() });
    return () => connection.stop();
  }, [client, loaded]);
  return controls;
}

export function useLiveControls(): LiveControls {
  return useContext(LiveControlsContext);
}
