// Where the log is scrolled: the virtualizer over rows of steps, the first view (the linked step, else the tail),
// following the tail, and bringing a selected step into view.
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useFollowTail, type FollowTail } from './useFollowTail.ts';
import { rowOfStep, stepsInRow, STEPS_PER_ROW } from './stepRows.ts';

// Kept modest: rows × estimate is the scroll height, and browsers cap an element near 33.5 million px.
const ESTIMATED_STEP = 128;

type Scroller = RefObject<HTMLDivElement | null>;
type RowVirtualizer = Virtualizer<HTMLDivElement, Element>;

/** `target`: the linked step, or null for the tail. */
export function useStepVirtualizer(scroller: Scroller, count: number, target: number | null): RowVirtualizer {
  return useVirtualizer({
    count: Math.ceil(count / STEPS_PER_ROW),
    // Start where the reader will look (the linked step, else the tail), so the first page fetched is the right one.
    initialOffset: () => (target ?? count) * ESTIMATED_STEP,
    getScrollElement: () => scroller.current,
    estimateSize: (row) => stepsInRow(row, count) * ESTIMATED_STEP,
    overscan: 1,
    getItemKey: (row) => row,
  });
}

/** `selected`: the step in the URL (j/k, search results, a link); `target`: the same when it is in the log. */
export function useStepScroll(scroller: Scroller, virtualizer: RowVirtualizer, count: number, target: number | null, selected: number | null): FollowTail {
  const revealStep = useRevealStep(scroller, virtualizer);
  const rows = Math.ceil(count / STEPS_PER_ROW);

  const followingRef = useRef(target === null);
  const scrollToEnd = useCallback(() => {
    if (rows === 0) return;
    virtualizer.scrollToIndex(rows - 1, { align: 'end' });
    // Rows measured after the jump can still grow the list: settle on the real end next frame.
    requestAnimationFrame(() => {
      const el = scroller.current;
      if (el && followingRef.current) el.scrollTop = el.scrollHeight;
    });
  }, [rows, virtualizer, scroller]);
  const follow = useFollowTail(scroller, followingRef, count, scrollToEnd);

  // First view: the linked step, else the tail.
  const placed = useRef(false);
  useLayoutEffect(() => {
    if (placed.current || count === 0) return;
    placed.current = true;
    if (target !== null) revealStep(target, 'center');
    else scrollToEnd();
  }, [count, target, revealStep, scrollToEnd]);

  // j/k and search results move the selection: bring it into view (and stop following, the reader is reading).
  const lastSelected = useRef(selected);
  useEffect(() => {
    if (selected === lastSelected.current) return;
    lastSelected.current = selected;
    if (selected === null || selected >= count) return;
    if (selected < count - 1) follow.stop();
    revealStep(selected, 'nearest');
  }, [selected, count, follow, revealStep]);

  return follow;
}

/** Scrolls a step's row into view, then the step's card itself once it is rendered (the virtualizer only knows rows). */
function useRevealStep(scroller: Scroller, virtualizer: RowVirtualizer): (index: number, block: ScrollLogicalPosition) => void {
  // A step to bring into view once its card is rendered.
  const reveal = useRef<{ index: number; block: ScrollLogicalPosition } | null>(null);
  const revealStep = useCallback(
    (index: number, block: ScrollLogicalPosition) => {
      reveal.current = { index, block };
      virtualizer.scrollToIndex(rowOfStep(index), { align: block === 'nearest' ? 'auto' : block });
    },
    [virtualizer],
  );
  useLayoutEffect(() => {
    const r = reveal.current;
    if (!r) return;
    const card = scroller.current?.querySelector(`[data-testid="step-card"][data-index="${r.index}"]`);
    if (!card) return;
    reveal.current = null;
    card.scrollIntoView({ block: r.block });
  });
  return revealStep;
}
