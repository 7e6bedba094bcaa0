// The one hook that keeps the cache live: it owns the LiveConnection for the page's lifetime.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useAuthState } from './auth.ts';
import { refetchEverything } from './cacheUpdates.ts';
import { LiveConnection } from './liveConnection.ts';
import { liveStore } from './liveStore.ts';
import { workspaceOptions } from './queries.ts';
import { isExportedPage } from './snapshot.ts';

export interface LiveControls {
  setPaused(paused: boolean): void;
  reconnectNow(): void;
  retryWithNewToken(): void;
}

const noop: LiveControls = { setPaused: (p) => liveStore.set({ paused: p }), reconnectNow: () => {}, retryWithNewToken: () => {} };

export const LiveControlsContext = createContext<LiveControls>(noop);

export function useLiveUpdates(): LiveControls {
  const client = useQueryClient();
  const [controls, setControls] = useState<LiveControls>(noop);
  const connectionRef = useRef<LiveConnection | null>(null);
  // Connect once the first snapshot is in, from its revision: nothing written in between can slip through.
  const { data } = useQuery(workspaceOptions());
  const loaded = data !== undefined;
  useEffect(() => {
    // An exported file has no server to listen to.
    if (isExportedPage) {
      liveStore.set({ status: 'offline' });
      return;
    }
    if (!loaded) return;
    const connection = new LiveConnection({ client, store: liveStore });
    connection.start(client.getQueryData(workspaceOptions().queryKey)?.revision ?? null);
    connectionRef.current = connection;
    setControls({ setPaused: (p) => connection.setPaused(p), reconnectNow: () => connection.reconnectNow(), retryWithNewToken: () => connection.retryWithNewToken() });
    return () => {
      connectionRef.current = null;
      connection.stop();
    };
  }, [client, loaded]);
  // A token arrived after a refusal (the printed URL opened in this tab or another): try again with it.
  const { tokenGeneration } = useAuthState();
  const generationAtStart = useRef(tokenGeneration);
  useEffect(() => {
    if (tokenGeneration === generationAtStart.current) return;
    if (connectionRef.current) connectionRef.current.retryWithNewToken();
    else refetchEverything(client);
  }, [client, tokenGeneration]);
  return controls;
}

export function useLiveControls(): LiveControls {
  return useContext(LiveControlsContext);
}
