// The OTA log: virtualized, fetched page by page around the viewport, following the tail like `tail -f` while
// the reader is at the bottom and stopping as soon as they scroll up.
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { StepsPage } from '../../shared/api.ts';
import { liveStore, useLiveState } from '../api/liveStore.ts';
import { STEPS_PAGE_SIZE, stepsPageOptions } from '../api/queries.ts';
import { useUrlState } from '../state/useUrlState.ts';
import { StepCard } from './StepCard.tsx';

const ESTIMATED_ROW = 150;
/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK = 40;
/** A scroll up within this long after wheel/key/touch/pointer input is the reader's, not a re-measure. */
const USER_INTENT_MS = 1_000;

function pagesFor(first: number, last: number, count: number): number[] {
  if (count === 0) return [];
  const out: number[] = [];
  for (let p = Math.floor(first / STEPS_PAGE_SIZE); p <= Math.floor(Math.min(last, count - 1) / STEPS_PAGE_SIZE); p++) out.push(p);
  return out;
}

export function StepLog({ branch, count }: { branch: string; count: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [url, setUrl] = useUrlState();
  const [following, setFollowing] = useState(url.step === null);
  const followingRef = useRef(following);
  const [countWhenLeft, setCountWhenLeft] = useState(count);
  const lastInput = useRef(0);
  const lastTop = useRef(0);
  // Re-render on every event so the fresh marks are read; cheap, the rows are few.
  useLiveState((s) => s.lastEventId);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW,
    overscan: 4,
    getItemKey: (i) => i,
  });
  const items = virtualizer.getVirtualItems();
  const pageNumbers = pagesFor(items[0]?.index ?? 0, items[items.length - 1]?.index ?? 0, count);
  const pages = useQueries({ queries: pageNumbers.map((p) => stepsPageOptions(branch, p)) });
  const byPage = new Map<number, StepsPage>();
  pages.forEach((q, i) => q.data && byPage.set(pageNumbers[i]!, q.data));
  const stepAt = (i: number) => byPage.get(Math.floor(i / STEPS_PAGE_SIZE))?.steps[i % STEPS_PAGE_SIZE];

  const setFollow = useCallback(
    (on: boolean) => {
      if (followingRef.current === on) return;
      followingRef.current = on;
      setFollowing(on);
      if (!on) setCountWhenLeft(count);
    },
    [count],
  );

  const scrollToEnd = useCallback(() => {
    if (count === 0) return;
    virtualizer.scrollToIndex(count - 1, { align: 'end' });
    // Rows measured after the jump can still grow the list: settle on the real end next frame.
    requestAnimationFrame(() => {
      const el = scroller.current;
      if (el && followingRef.current) el.scrollTop = el.scrollHeight;
    });
  }, [count, virtualizer]);

  // First view: the linked step, else the tail.
  const placed = useRef(false);
  useLayoutEffect(() => {
    if (placed.current || count === 0) return;
    placed.current = true;
    if (url.step !== null && url.step < count) virtualizer.scrollToIndex(url.step, { align: 'center' });
    else scrollToEnd();
  }, [count, url.step, virtualizer, scrollToEnd]);

  // New steps while following: stay on the tail.
  useLayoutEffect(() => {
    if (followingRef.current) scrollToEnd();
  }, [count, scrollToEnd]);

  // j/k and search results move the selection: bring it into view (and stop following, the reader is reading).
  const lastSelected = useRef(url.step);
  useEffect(() => {
    if (url.step === lastSelected.current) return;
    lastSelected.current = url.step;
    if (url.step === null || url.step >= count) return;
    if (url.step < count - 1) setFollow(false);
    virtualizer.scrollToIndex(url.step, { align: 'auto' });
  }, [url.step, count, virtualizer, setFollow]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const mark = () => (lastInput.current = Date.now());
    const onScroll = () => {
      const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
      const wentUp = el.scrollTop < lastTop.current;
      lastTop.current = el.scrollTop;
      if (atBottom) setFollow(true);
      else if (wentUp && Date.now() - lastInput.current < USER_INTENT_MS) setFollow(false);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    for (const t of ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const) el.addEventListener(t, mark, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      for (const t of ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const) el.removeEventListener(t, mark);
    };
  }, [setFollow]);

  const unseen = following ? 0 : Math.max(0, count - countWhenLeft);

  if (count === 0) return <div className="empty">No steps in this log yet. New steps appear here as the agent writes them.</div>;

  return (
    <div className="step-log">
      <div ref={scroller} className="step-scroller" data-testid="step-log" tabIndex={0} aria-label={`OTA log of ${branch}, ${count} steps`}>
        <div className="step-spacer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const step = stepAt(item.index);
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="step-row" style={{ transform: `translateY(${item.start}px)` }}>
                {step ? (
                  <StepCard
                    step={step}
                    index={item.index}
                    selected={url.step === item.index}
                    fresh={liveStore.isFresh(`step:${branch}:${item.index}`)}
                    query={url.q}
                    onSelect={() => setUrl({ step: item.index })}
                  />
                ) : (
                  <div className="step-card is-placeholder" aria-busy="true">
                    <span className="muted mono">#{item.index + 1}</span> loading…
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {unseen > 0 ? (
        <button
          type="button"
          className="new-steps"
          onClick={() => {
            followingRef.current = true;
            setFollowing(true);
            scrollToEnd();
          }}
        >
          {unseen} new step{unseen === 1 ? '' : 's'} ↓
        </button>
      ) : null}
      {!following && unseen === 0 ? (
        <button
          type="button"
          className="new-steps new-steps-quiet"
          onClick={() => {
            followingRef.current = true;
            setFollowing(true);
            scrollToEnd();
          }}
        >
          Follow tail ↓
        </button>
      ) : null}
    </div>
  );
}
