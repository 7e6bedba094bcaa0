// Keyboard on the fleet page, like the branch list: j/k (or the arrows) move through the rows shown, Enter opens
// the selected workspace, `/` focuses the name filter, Esc clears it.
import { useEffect } from 'react';

export const FLEET_FILTER_ID = 'fleet-filter';

function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.tagName && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function useFleetKeys(count: number, selected: number | null, select: (i: number) => void, open: (i: number) => void, clearFilter: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A control that took the key (the comparison's separator takes the arrows) keeps it.
      if (e.metaKey || e.ctrlKey || e.altKey || e.defaultPrevented) return;
      const filter = document.getElementById(FLEET_FILTER_ID) as HTMLInputElement | null;
      if (e.key === 'Escape' && document.activeElement === filter) {
        clearFilter();
        filter?.blur();
        return;
      }
      if (typingInto(e.target)) return;
      if (e.key === '/') {
        e.preventDefault();
        filter?.focus();
        return;
      }
      if (count === 0) return;
      const down = e.key === 'j' || e.key === 'ArrowDown';
      const up = e.key === 'k' || e.key === 'ArrowUp';
      if (down || up) {
        e.preventDefault();
        const next = selected === null ? (down ? 0 : count - 1) : Math.min(count - 1, Math.max(0, selected + (down ? 1 : -1)));
        select(next);
      } else if (e.key === 'Enter' && selected !== null) {
        e.preventDefault();
        open(selected);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, selected, select, open, clearFilter]);
}
