// The OTA log: virtualized, fetched page by page around the viewport, following the tail like `tail -f` while
// the reader is at the bottom and stopping as soon as they scroll up.
//
// The virtualizer's rows are groups of STEPS_PER_ROW steps, not single steps: every measured row makes it
// recompute positions from that row to the end, which on a 200,000-step log costs a frame per measurement.
// Grouping divides that work (and the number of measurements) by the group size.
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { StepsPage } from '../../../shared/api.ts';
import { liveStore, useLiveState } from '../../api/liveStore.ts';
import { STEPS_PAGE_SIZE, stepsPageOptions } from '../../api/queries.ts';
import { useFollowTail } from './useFollowTail.ts';
import { useUrlState } from '../../state/useUrlState.ts';
import { StepCard } from './StepCard.tsx';

// Kept modest: rows × estimate is the scroll height, and browsers cap an element near 33.5 million px.
const ESTIMATED_STEP = 128;
export const STEPS_PER_ROW = 8;

/** Step pages covering steps [first, last]. */
export function pagesFor(first: number, last: number, count: number): number[] {
  if (count === 0 || last < first) return [];
  const out: number[] = [];
  for (let p = Math.floor(first / STEPS_PAGE_SIZE); p <= Math.floor(Math.min(last, count - 1) / STEPS_PAGE_SIZE); p++) out.push(p);
  return out;
}

export function StepLog({ branch, count }: { branch: string; count: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [url, setUrl] = useUrlState();
  // Re-render on every event so the fresh marks are read; cheap, the rows are few.
  useLiveState((s) => s.lastEventId);
  const rows = Math.ceil(count / STEPS_PER_ROW);
  const target = url.step !== null && url.step < count ? url.step : null;

  const virtualizer = useVirtualizer({
    count: rows,
    // Start where the reader will look (the linked step, else the tail), so the first page fetched is the right one.
    initialOffset: () => (target ?? count) * ESTIMATED_STEP,
    getScrollElement: () => scroller.current,
    estimateSize: (row) => Math.min(STEPS_PER_ROW, count - row * STEPS_PER_ROW) * ESTIMATED_STEP,
    overscan: 1,
    getItemKey: (row) => row,
  });
  const items = virtualizer.getVirtualItems();
  const firstStep = items.length ? items[0]!.index * STEPS_PER_ROW : 0;
  const lastStep = items.length ? Math.min(count, (items[items.length - 1]!.index + 1) * STEPS_PER_ROW) - 1 : -1;
  const pageNumbers = pagesFor(firstStep, lastStep, count);
  const pages = useQueries({ queries: pageNumbers.map((p) => stepsPageOptions(branch, p)) });
  const byPage = new Map<number, StepsPage>();
  pages.forEach((q, i) => q.data && byPage.set(pageNumbers[i]!, q.data));
  const stepAt = (i: number) => byPage.get(Math.floor(i / STEPS_PAGE_SIZE))?.steps[i % STEPS_PAGE_SIZE];

  // A step to bring into view once its card is rendered (the virtualizer only knows rows).
  const reveal = useRef<{ index: number; block: ScrollLogicalPosition } | null>(null);
  const revealStep = useCallback(
    (index: number, block: ScrollLogicalPosition) => {
      reveal.current = { index, block };
      virtualizer.scrollToIndex(Math.floor(index / STEPS_PER_ROW), { align: block === 'nearest' ? 'auto' : block });
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

  const followingRef = useRef(target === null);
  const scrollToEnd = useCallback(() => {
    if (rows === 0) return;
    virtualizer.scrollToIndex(rows - 1, { align: 'end' });
    // Rows measured after the jump can still grow the list: settle on the real end next frame.
    requestAnimationFrame(() => {
      const el = scroller.current;
      if (el && followingRef.current) el.scrollTop = el.scrollHeight;
    });
  }, [rows, virtualizer]);
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
  const lastSelected = useRef(url.step);
  useEffect(() => {
    if (url.step === lastSelected.current) return;
    lastSelected.current = url.step;
    if (url.step === null || url.step >= count) return;
    if (url.step < count - 1) follow.stop();
    revealStep(url.step, 'nearest');
  }, [url.step, count, follow, revealStep]);

  const select = useCallback((index: number) => setUrl({ step: index }), [setUrl]);

  if (count === 0) return <div className="empty">No steps in this log yet. New steps appear here as the agent writes them.</div>;

  return (
    <div className="step-log">
      <div ref={scroller} className="step-scroller" data-testid="step-log" tabIndex={0} aria-label={`OTA log of ${branch}, ${count} steps`}>
        <div className="step-spacer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((row) => (
            <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} className="step-row" style={{ transform: `translateY(${row.start}px)` }}>
              {Array.from({ length: Math.min(STEPS_PER_ROW, count - row.index * STEPS_PER_ROW) }, (_, j) => {
                const index = row.index * STEPS_PER_ROW + j;
                const step = stepAt(index);
                return (
                  <div className="step-slot" key={index}>
                    {step ? (
                      <StepCard
                        branch={branch}
                        step={step}
                        index={index}
                        selected={url.step === index}
                        fresh={liveStore.isFresh(`step:${branch}:${index}`)}
                        query={url.q}
                        onSelect={select}
                      />
                    ) : (
                      <div className="step-card is-placeholder" aria-busy="true">
                        <span className="muted mono">#{index + 1}</span> loading…
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      {follow.unseen > 0 || !follow.following ? (
        <button type="button" className={`new-steps${follow.unseen > 0 ? '' : ' new-steps-quiet'}`} onClick={follow.resume}>
          {follow.unseen > 0 ? `${follow.unseen} new step${follow.unseen === 1 ? '' : 's'} ↓` : 'Follow tail ↓'}
        </button>
      ) : null}
    </div>
  );
}
