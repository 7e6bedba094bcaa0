// The comparison pane's height, set by dragging or with the keys on the separator above it. While a drag lasts the
// height is this hook's own (the fleet's table is not drawn again at each move); at its end, or at a key, it is saved
// (the fleet's hash: a reload keeps it). Shown clamped to what the window leaves, measured as it changes.
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { clampHeight, heightForKey, paneLimits, type PaneLimits } from './paneResize.ts';

interface Measured {
  /** The pane's height as drawn (px). */
  rendered: number;
  limits: PaneLimits;
}

export interface ComparePane {
  paneRef: RefObject<HTMLElement | null>;
  paneStyle: CSSProperties | undefined;
  separator: {
    ref: RefObject<HTMLDivElement | null>;
    now: number;
    limits: PaneLimits;
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => void;
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => void;
    onPointerUp: () => void;
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  };
}

/** `listRef`: the list above the separator; it and the pane share its parent's height below the list's top. */
export function useComparePane(listRef: RefObject<HTMLElement | null>, saved: number | null, save: (height: number) => void): ComparePane {
  const paneRef = useRef<HTMLElement | null>(null);
  const separatorRef = useRef<HTMLDivElement | null>(null);
  const measured = useMeasuredPane(listRef, paneRef, separatorRef);
  const [dragged, setDragged] = useState<number | null>(null);
  const drag = useRef<{ startY: number; startHeight: number; height: number | null } | null>(null);
  const limits = measured?.limits ?? null;
  const height = dragged ?? saved;
  const shown = height !== null && limits !== null ? clampHeight(height, limits) : height;

  const onPointerDown = useCallback((e: PointerEvent<HTMLDivElement>) => {
    const pane = paneRef.current;
    if (e.button !== 0 || !pane) return;
    // The press itself focuses the separator (so the keys go on from there); its CSS keeps it from selecting text.
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startY: e.clientY, startHeight: pane.getBoundingClientRect().height, height: null };
  }, []);
  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLDivElement>) => {
      const d = drag.current;
      if (!d || !limits) return;
      d.height = clampHeight(d.startHeight - (e.clientY - d.startY), limits);
      setDragged(d.height);
    },
    [limits],
  );
  // pointerup, pointercancel and a lost capture all end the drag; the height reached is kept.
  const onPointerUp = useCallback(() => {
    const d = drag.current;
    drag.current = null;
    if (d?.height != null) save(d.height);
    setDragged(null);
  }, [save]);
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (!measured || e.altKey || e.ctrlKey || e.metaKey) return;
      // From the height just set, not the one last measured: a second key can come before the pane is measured again.
      const next = heightForKey(e.key, shown ?? measured.rendered, measured.limits);
      if (next === null) return;
      // Handled here: the fleet's own arrows (moving through the rows) leave it alone.
      e.preventDefault();
      save(next);
    },
    [measured, shown, save],
  );
  return {
    paneRef,
    paneStyle: shown === null ? undefined : { height: shown, maxHeight: 'none' },
    separator: { ref: separatorRef, now: Math.round(shown ?? measured?.rendered ?? 0), limits: limits ?? paneLimits(0), onPointerDown, onPointerMove, onPointerUp, onKeyDown },
  };
}

/** The pane's drawn height and its limits, measured before paint and again whenever the list, the pane or the page resize. */
function useMeasuredPane(listRef: RefObject<HTMLElement | null>, paneRef: RefObject<HTMLElement | null>, separatorRef: RefObject<HTMLElement | null>): Measured | null {
  const [measured, setMeasured] = useState<Measured | null>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    const pane = paneRef.current;
    const parent = list?.parentElement;
    if (!list || !pane || !parent) return;
    const measure = () => {
      const available = parent.getBoundingClientRect().bottom - list.getBoundingClientRect().top - (separatorRef.current?.offsetHeight ?? 0);
      const next = { rendered: pane.getBoundingClientRect().height, limits: paneLimits(available) };
      setMeasured((m) => (m && m.rendered === next.rendered && m.limits.max === next.limits.max ? m : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const el of [list, pane, parent]) observer.observe(el);
    return () => observer.disconnect();
  }, [listRef, paneRef, separatorRef]);
  return measured;
}
