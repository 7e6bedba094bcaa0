// Small external store for the live connection's state (badge, pause switch) and the "just arrived" marks.
import { useSyncExternalStore } from 'react';
import type { FreshKey } from './cacheUpdates.ts';

/** refused: the server is up but no longer takes this page's token (auth.ts says why); no retrying then. */
export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'refused';

export interface LiveState {
  status: ConnectionStatus;
  paused: boolean;
  /** Events received while paused, applied when the pause ends. */
  queued: number;
  lastEventId: number | null;
  /** Set when the stream came back from a restarted server (its start time): the page says so once. */
  restartedAt: string | null;
}

/** How long a new record stays highlighted. */
export const FRESH_MS = 2_500;

export function createLiveStore() {
  let state: LiveState = { status: 'connecting', paused: false, queued: 0, lastEventId: null, restartedAt: null };
  const listeners = new Set<() => void>();
  const fresh = new Map<FreshKey, number>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => state,
    set(patch: Partial<LiveState>) {
      const next = { ...state, ...patch };
      if ((Object.keys(patch) as (keyof LiveState)[]).every((k) => next[k] === state[k])) return;
      state = next;
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markFresh(keysArrived: readonly FreshKey[], now = Date.now()) {
      for (const k of keysArrived) fresh.set(k, now);
      if (fresh.size > 5_000) for (const [k, t] of fresh) if (now - t > FRESH_MS) fresh.delete(k);
    },
    isFresh(key: FreshKey, now = Date.now()) {
      const t = fresh.get(key);
      return t !== undefined && now - t < FRESH_MS;
    },
  };
}

export type LiveStore = ReturnType<typeof createLiveStore>;

export const liveStore = createLiveStore();

export function useLiveState<T>(select: (s: LiveState) => T): T {
  return useSyncExternalStore(liveStore.subscribe, () => select(liveStore.get()));
}
