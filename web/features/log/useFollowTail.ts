// `tail -f` for a scrolling list: follow while the reader is at the bottom, stop when they scroll up (their own
// input, not a re-measure that nudged scrollTop), count what arrived since, and jump back on request.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';

/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK = 40;
/** A scroll up within this long after wheel/key/touch/pointer input is the reader's. */
const USER_INTENT_MS = 1_000;
const INPUTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

export interface FollowTail {
  following: boolean;
  /** Items that arrived since the reader left the bottom. */
  unseen: number;
  stop(): void;
  resume(): void;
}

export function useFollowTail(
  scroller: RefObject<HTMLElement | null>,
  followingRef: { current: boolean },
  count: number,
  scrollToEnd: () => void,
  /**
   * The scroll position and the pixels below the viewport to the end, as the list last saw them: reading scrollTop
   * or scrollHeight here, after the list drew the steps a scroll brought, forced a layout in every scroll event.
   */
  where: () => { top: number; toEnd: number },
): FollowTail {
  const [following, setFollowing] = useState(followingRef.current);
  const [countWhenLeft, setCountWhenLeft] = useState(count);
  const countRef = useRef(count);
  countRef.current = count;
  const toEnd = useRef(scrollToEnd);
  toEnd.current = scrollToEnd;
  const whereNow = useRef(where);
  whereNow.current = where;

  const set = useCallback(
    (on: boolean) => {
      if (followingRef.current === on) return;
      followingRef.current = on;
      setFollowing(on);
      if (!on) setCountWhenLeft(countRef.current);
    },
    [followingRef],
  );

  // New items while following: stay on the tail.
  useLayoutEffect(() => {
    if (followingRef.current) toEnd.current();
  }, [count, followingRef]);

  // The scroller is there once the list has items: listen from then.
  const present = count > 0;
  useEffect(() => {
    const el = scroller.current;
    if (!el || !present) return;
    let lastInput = 0;
    let lastTop = whereNow.current().top;
    const mark = () => (lastInput = Date.now());
    const onScroll = () => {
      const { top, toEnd } = whereNow.current();
      const atBottom = toEnd < BOTTOM_SLACK;
      const wentUp = top < lastTop;
      lastTop = top;
      if (atBottom) set(true);
      else if (wentUp && Date.now() - lastInput < USER_INTENT_MS) set(false);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    for (const t of INPUTS) el.addEventListener(t, mark, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      for (const t of INPUTS) el.removeEventListener(t, mark);
    };
  }, [scroller, set, present]);

  return useMemo(
    () => ({
      following,
      unseen: following ? 0 : Math.max(0, count - countWhenLeft),
      stop: () => set(false),
      resume: () => {
        set(true);
        toEnd.current();
      },
    }),
    [following, count, countWhenLeft, set],
  );
}
