// The URL as the page's view state: read once, written with replaceState (or pushState when the user
// navigates somewhere), re-read on back/forward.
import { useSyncExternalStore } from 'react';
import { adoptUrlToken } from '../api/auth.ts';
import { parseUrlState, serializeUrlState, type UrlState } from './urlState.ts';

let current: UrlState = parseUrlState(typeof location === 'undefined' ? '' : location.search);
const listeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    current = parseUrlState(location.search);
    listeners.forEach((l) => l());
  });
  // The auth token is kept for this origin (auth.ts); never leave it in the address bar or in shared links.
  adoptUrlToken(location.search);
  history.replaceState(history.state, '', location.pathname + serializeUrlState(current) + location.hash);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type UrlPatch = Partial<UrlState> | ((s: UrlState) => Partial<UrlState>);

export function updateUrlState(patch: UrlPatch, mode: 'push' | 'replace' = 'replace'): void {
  const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
  const search = serializeUrlState(next);
  current = next;
  if (search !== location.search) {
    if (mode === 'push') history.pushState(null, '', location.pathname + search);
    else history.replaceState(null, '', location.pathname + search);
  }
  listeners.forEach((l) => l());
}

/**
 * One value of the URL state (a field, or something made of primitives): the component re-renders only when it
 * changes. A hook of the whole state re-rendered every view that read any of it on every change, each letter of a
 * search typed included.
 */
export function useUrlValue<T extends string | number | boolean | null | undefined>(pick: (s: UrlState) => T): T {
  return useSyncExternalStore(subscribe, () => pick(current));
}

/** Writes the URL state without re-rendering on its changes. */
export function useSetUrl(): typeof updateUrlState {
  return updateUrlState;
}
