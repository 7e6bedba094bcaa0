// Narrow windows (a browser beside a terminal): below a width the side columns fold into drawers (styles.css says
// where), opened from the header. Which one is open is this small store; Esc, a click beside it, or picking a branch
// closes it.
import { useEffect, useSyncExternalStore } from 'react';
import { useUrlValue } from '../state/useUrlState.ts';

export type Drawer = 'branches' | 'side';

let open: Drawer | null = null;
const listeners = new Set<() => void>();

export function setDrawer(next: Drawer | null): void {
  if (next === open) return;
  open = next;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The open drawer (null: none); closes it on Esc and when another branch is picked. */
export function useOpenDrawer(): Drawer | null {
  const current = useSyncExternalStore(subscribe, () => open);
  const branch = useUrlValue((u) => u.branch);
  useEffect(() => setDrawer(null), [branch]);
  useEffect(() => {
    if (current === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.stopPropagation();
      setDrawer(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [current]);
  return current;
}

/** The header's buttons that open the drawers (shown only where the columns are folded). */
export function useDrawerToggle(which: Drawer): { open: boolean; toggle: () => void } {
  const current = useSyncExternalStore(subscribe, () => open);
  return { open: current === which, toggle: () => setDrawer(current === which ? null : which) };
}
