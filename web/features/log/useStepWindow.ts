// Which steps the log renders and where each sits (a HeightIndex), and the scrolling it does itself; what the reader
// sees stays put while steps above are measured.
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { HeightIndex } from './heightIndex.ts';

// Kept modest: the sum of the sizes is the scroll height, and browsers cap an element near 33.5 million px.
export const ESTIMATED_STEP = 128;
/** Drawn beyond each edge of the viewport, so a short scroll shows steps already there. */
const OVERSCAN_PX = 300;
/** Within this many pixels of the end counts as there. */
const AT_END_PX = 40;

export type Align = 'start' | 'center' | 'end' | 'nearest';

export interface StepWindow {
  /** The steps to draw, [first, last]; last < first when there are none. */
  first: number;
  last: number;
  /** The height of every step together: the scroll height. */
  total: number;
  offsetOf(index: number): number;
  /** Ref of a drawn step's element (which carries data-index): measured while it is in the DOM. */
  measure(el: HTMLElement | null): (() => void) | undefined;
  scrollToStep(index: number, align: Align): void;
  scrollToEnd(): void;
  /** The scroll position and the pixels from the bottom of the viewport to the end, as last seen (no layout read). */
  where(): { top: number; toEnd: number };
}

/** `stickToEnd`: whether the end is being followed (measurements then keep it in view). */
export function useStepWindow(scroller: RefObject<HTMLElement | null>, count: number, stickToEnd: () => boolean): StepWindow {
  const index = useMemo(() => new HeightIndex(ESTIMATED_STEP), []);
  // Idempotent, so safe in render: appends grow the index in O(log n) each.
  index.setCount(count);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const view = useRef({ top: 0, height: 0 });
  const drawn = useRef({ first: 0, last: -1 });
  const stick = useRef(stickToEnd);
  stick.current = stickToEnd;

  const rangeNow = useCallback(() => {
    const { top, height } = view.current;
    // Nothing before the viewport is known: the first draw would fetch the steps at the top for nothing.
    if (height === 0) return { first: 0, last: -1 };
    return { first: Math.max(0, index.indexAt(top - OVERSCAN_PX)), last: index.indexAt(top + height + OVERSCAN_PX) };
  }, [index]);

  /** Scrolls to `top` (clamped to the log) and draws what is there. */
  const scrollTo = useCallback(
    (top: number, sync: boolean) => {
      const el = scroller.current;
      if (!el) return;
      const to = Math.max(0, Math.min(top, index.total - view.current.height));
      view.current.top = to;
      // A synchronous draw first: the spacer must have its new height, or the browser clamps the position to the old.
      if (sync) flushSync(redraw);
      el.scrollTop = to;
      if (!sync) redraw();
    },
    [index, scroller],
  );

  /** Whether the viewport, as last seen, reaches the end (the tail is in view). */
  const atEnd = useCallback(() => index.total - (view.current.top + view.current.height) < AT_END_PX, [index]);
  /** After a size changed: back to the end when it was there and is followed, else a redraw where the reader is. */
  const keepEnd = useCallback(
    (wasAtEnd: boolean, top: number) => scrollTo(stick.current() && wasAtEnd ? index.total : top, true),
    [index, scrollTo],
  );

  const measure = useMeasure(index, scroller, view, atEnd, keepEnd);
  useViewport(scroller, count > 0, view, drawn, rangeNow, redraw, atEnd, keepEnd);

  const scrollToStep = useCallback(
    (i: number, align: Align) => {
      const { top, height } = view.current;
      const start = index.offset(i);
      const size = index.size(i);
      const to =
        align === 'start' ? start : align === 'end' ? start + size - height : align === 'center' ? start + size / 2 - height / 2 : start < top ? start : start + size > top + height ? start + size - height : top;
      scrollTo(to, false);
    },
    [index, scrollTo],
  );
  const scrollToEnd = useCallback(() => scrollTo(index.total, false), [index, scrollTo]);
  const where = useCallback(() => ({ top: view.current.top, toEnd: index.total - (view.current.top + view.current.height) }), [index]);
  const offsetOf = useCallback((i: number) => index.offset(i), [index]);

  const range = rangeNow();
  drawn.current = range;
  return { ...range, total: index.total, offsetOf, measure, scrollToStep, scrollToEnd, where };
}

type View = RefObject<{ top: number; height: number }>;

/** The scroller's position and height, kept in `view`; a scroll that brings other steps into range draws them. */
function useViewport(
  scroller: RefObject<HTMLElement | null>,
  present: boolean,
  view: View,
  drawn: RefObject<{ first: number; last: number }>,
  rangeNow: () => { first: number; last: number },
  redraw: () => void,
  atEnd: () => boolean,
  keepEnd: (wasAtEnd: boolean, top: number) => void,
): void {
  // A layout effect: the first view (the tail, a linked step) is placed before the first paint and needs the height.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !present) return;
    view.current = { top: el.scrollTop, height: el.clientHeight };
    const onScroll = () => {
      view.current.top = el.scrollTop;
      const next = rangeNow();
      // Drawn in this frame, before it is painted: a scroll never shows an empty stretch the next frame fills.
      if (next.first !== drawn.current.first || next.last !== drawn.current.last) flushSync(redraw);
    };
    const resized = new ResizeObserver(() => {
      // A viewport that changes height while the tail is followed (the timeline's bar appearing above the log, the
      // window resized) keeps the end in view: the last step was left 45 px below the fold.
      const wasAtEnd = atEnd();
      view.current.height = el.clientHeight;
      keepEnd(wasAtEnd, view.current.top);
    });
    el.addEventListener('scroll', onScroll, { passive: true });
    resized.observe(el);
    redraw();
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [scroller, present, view, drawn, rangeNow, redraw, atEnd, keepEnd]);
}

/** One ResizeObserver over the drawn steps; sizes go into the index, and the scroll position keeps what is seen. */
function useMeasure(
  index: HeightIndex,
  scroller: RefObject<HTMLElement | null>,
  view: View,
  atEnd: () => boolean,
  keepEnd: (wasAtEnd: boolean, top: number) => void,
): (el: HTMLElement | null) => (() => void) | undefined {
  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const top = view.current.top;
            // Kept at the end only if it was there: a reader following the tail who scrolls away (a script, a jump)
            // is not pulled back by what gets measured where they went.
            const wasAtEnd = atEnd();
            let above = 0;
            let changed = false;
            for (const e of entries) {
              const i = Number((e.target as HTMLElement).dataset['index']);
              const size = e.borderBoxSize?.[0]?.blockSize ?? (e.target as HTMLElement).offsetHeight;
              const start = index.offset(i);
              const delta = index.set(i, size);
              if (delta === 0) continue;
              changed = true;
              if (start < top) above += delta;
            }
            if (!changed || !scroller.current) return;
            // Before this frame is painted: new positions, and the scroll position that keeps the view.
            keepEnd(wasAtEnd, top + above);
          }),
    [index, scroller, view, atEnd, keepEnd],
  );
  useLayoutEffect(() => () => observer?.disconnect(), [observer]);
  return useCallback(
    (el: HTMLElement | null) => {
      if (!el || !observer) return undefined;
      observer.observe(el);
      return () => observer.unobserve(el);
    },
    [observer],
  );
}
