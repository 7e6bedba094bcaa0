// The OTA log: virtualized, fetched page by page around the viewport, following the tail like `tail -f` while
// the reader is at the bottom and stopping as soon as they scroll up.
//
// The virtualizer's rows are groups of STEPS_PER_ROW steps, not single steps: every measured row makes it
// recompute positions from that row to the end, which on a 200,000-step log costs a frame per measurement.
// Grouping divides that work (and the number of measurements) by the group size.
import type { VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';
import type { OtaStep } from '../../../shared/types.ts';
import { liveStore, useLiveState } from '../../api/liveStore.ts';
import type { FollowTail } from './useFollowTail.ts';
import { useUrlState } from '../../state/useUrlState.ts';
import { StepCard } from './StepCard.tsx';
import { stepsInRow, STEPS_PER_ROW } from './stepRows.ts';
import { useStepPages } from './useStepPages.ts';
import { useStepScroll, useStepVirtualizer } from './useStepScroll.ts';

export function StepLog({ branch, count }: { branch: string; count: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [url, setUrl] = useUrlState();
  // Re-render on every event so the fresh marks are read; cheap, the rows are few.
  useLiveState((s) => s.lastEventId);
  const target = url.step !== null && url.step < count ? url.step : null;

  const virtualizer = useStepVirtualizer(scroller, count, target);
  const items = virtualizer.getVirtualItems();
  const stepAt = useStepPages(branch, count, items);
  const follow = useStepScroll(scroller, virtualizer, count, target, url.step);

  const select = useCallback((index: number) => setUrl({ step: index }), [setUrl]);

  if (count === 0) return <div className="empty">No steps in this log yet. New steps appear here as the agent writes them.</div>;

  return (
    <div className="step-log">
      <div ref={scroller} className="step-scroller" data-testid="step-log" tabIndex={0} aria-label={`OTA log of ${branch}, ${count} steps`}>
        <div className="step-spacer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((row) => (
            <StepRow key={row.key} row={row} measure={virtualizer.measureElement} branch={branch} count={count} stepAt={stepAt} selected={url.step} query={url.q} onSelect={select} />
          ))}
        </div>
      </div>
      <FollowTailButton follow={follow} />
    </div>
  );
}

interface StepRowProps {
  row: VirtualItem;
  measure(el: Element | null): void;
  branch: string;
  count: number;
  stepAt(index: number): OtaStep | undefined;
  selected: number | null;
  query: string;
  onSelect(index: number): void;
}

/** One virtualizer row: its STEPS_PER_ROW slots, each a step card or, until its page comes, a placeholder. */
function StepRow({ row, measure, branch, count, stepAt, selected, query, onSelect }: StepRowProps) {
  return (
    <div data-index={row.index} ref={measure} className="step-row" style={{ transform: `translateY(${row.start}px)` }}>
      {Array.from({ length: stepsInRow(row.index, count) }, (_, j) => {
        const index = row.index * STEPS_PER_ROW + j;
        const step = stepAt(index);
        return (
          <div className="step-slot" key={index}>
            {step ? (
              <StepCard branch={branch} step={step} index={index} selected={selected === index} fresh={liveStore.isFresh(`step:${branch}:${index}`)} query={query} onSelect={onSelect} />
            ) : (
              <div className="step-card is-placeholder" aria-busy="true">
                <span className="muted mono">#{index + 1}</span> loading…
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Shown once the reader left the tail: how many steps came since, or just the way back. */
function FollowTailButton({ follow }: { follow: FollowTail }) {
  if (!(follow.unseen > 0 || !follow.following)) return null;
  return (
    <button type="button" className={`new-steps${follow.unseen > 0 ? '' : ' new-steps-quiet'}`} onClick={follow.resume}>
      {follow.unseen > 0 ? `${follow.unseen} new step${follow.unseen === 1 ? '' : 's'} ↓` : 'Follow tail ↓'}
    </button>
  );
}
