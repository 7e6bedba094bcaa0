// The graph's view state shared by the full view (centre tab) and its minimap (side column): filters, row order,
// the rows on screen, and a request to scroll to a row (a click on the minimap). Local to the feature; the URL
// carries only `?tab=graph` and the focused branch.
import { useSyncExternalStore } from 'react';
import { NO_FILTERS, type GraphFilters } from './graphModel.ts';

export interface GraphViewState {
  filters: GraphFilters;
  newestFirst: boolean;
  /** Display rows [first, last] on screen in the full view; null while it is not open. */
  viewport: { first: number; last: number } | null;
  /** A display row the full view should bring into view, numbered so the same row can be asked twice. */
  scrollTo: { row: number; seq: number } | null;
}

let state: GraphViewState = { filters: NO_FILTERS, newestFirst: true, viewport: null, scrollTo: null };
const listeners = new Set<() => void>();

export const graphStore = {
  get: () => state,
  set(patch: Partial<GraphViewState>): void {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  setFilters(patch: Partial<GraphFilters>): void {
    graphStore.set({ filters: { ...state.filters, ...patch } });
  },
  setViewport(first: number, last: number): void {
    const v = state.viewport;
    if (v && v.first === first && v.last === last) return;
    graphStore.set({ viewport: { first, last } });
  },
  requestScroll(row: number): void {
    graphStore.set({ scrollTo: { row, seq: (state.scrollTo?.seq ?? 0) + 1 } });
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useGraphState<T>(pick: (s: GraphViewState) => T): T {
  return useSyncExternalStore(graphStore.subscribe, () => pick(state));
}
