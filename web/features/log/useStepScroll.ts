// Where the log is scrolled: the window on its steps (useStepWindow), the first view (the linked step, else the
// tail), following the tail, and bringing a selected step into view.
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useFollowTail, type FollowTail } from './useFollowTail.ts';
import { useStepWindow, type Align, type StepWindow } from './useStepWindow.ts';

type Scroller = RefObject<HTMLDivElement | null>;

/**
 * `target`: the linked step when it is in the log, else null (the tail); `selected`: the step in the URL (j/k,
 * search results, a link).
 */
export function useStepScroll(scroller: Scroller, count: number, target: number | null, selected: number | null): { win: StepWindow; follow: FollowTail } {
  const followingRef = useRef(target === null);
  const win = useStepWindow(scroller, count, () => followingRef.current);
  const revealStep = useRevealStep(scroller, win.scrollToStep);
  const follow = useFollowTail(scroller, followingRef, count, win.scrollToEnd, win.where);

  // First view: the linked step, else the tail.
  const placed = useRef(false);
  useLayoutEffect(() => {
    if (placed.current || count === 0) return;
    placed.current = true;
    if (target !== null) revealStep(target, 'center');
    else win.scrollToEnd();
  }, [count, target, revealStep, win.scrollToEnd]);

  // j/k and search results move the selection: bring it into view (and stop following, the reader is reading).
  const lastSelected = useRef(selected);
  useEffect(() => {
    if (selected === lastSelected.current) return;
    lastSelected.current = selected;
    if (selected === null || selected >= count) return;
    if (selected < count - 1) follow.stop();
    revealStep(selected, 'nearest');
  }, [selected, count, follow, revealStep]);

  return { win, follow };
}

/** Scrolls to a step by the index, then to its card itself once drawn (its measured place can differ from the estimate). */
function useRevealStep(scroller: Scroller, scrollToStep: (index: number, align: Align) => void): (index: number, block: ScrollLogicalPosition) => void {
  // A step to bring into view once its card is rendered.
  const reveal = useRef<{ index: number; block: ScrollLogicalPosition } | null>(null);
  const revealStep = useCallback(
    (index: number, block: ScrollLogicalPosition) => {
      reveal.current = { index, block };
      scrollToStep(index, block === 'nearest' ? 'nearest' : block === 'center' ? 'center' : block === 'end' ? 'end' : 'start');
    },
    [scrollToStep],
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
