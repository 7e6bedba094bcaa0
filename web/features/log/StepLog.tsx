// The OTA log: virtualized (useStepWindow), fetched page by page around the viewport, and following the tail while
// the reader is at the bottom.
import { memo, useCallback, useRef } from 'react';
import type { OtaStep } from '../../../shared/types.ts';
import { liveStore, useLiveState } from '../../api/liveStore.ts';
import type { FollowTail } from './useFollowTail.ts';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import { DetachedDrafts } from '../edit/index.ts';
import { StepCard } from './StepCard.tsx';
import { useStepPages } from './useStepPages.ts';
import { useStepScroll } from './useStepScroll.ts';
import { countOf } from '../../ui/count.ts';

export function StepLog({ branch, count }: { branch: string; count: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const step = useUrlValue((u) => u.step);
  const query = useUrlValue((u) => u.q);
  const setUrl = useSetUrl();
  // Re-render on every event so the fresh marks are read; cheap, the steps drawn are few.
  useLiveState((s) => s.lastEventId);
  const target = step !== null && step < count ? step : null;

  const { win, follow } = useStepScroll(scroller, count, target, step);
  const stepAt = useStepPages(branch, count, win.first, win.last);
  const select = useCallback((index: number) => setUrl({ step: index }), [setUrl]);

  // A draft whose step is gone from log.md (cut short on disk) stays open above the log.
  const detached = <DetachedDrafts branch={branch} kind="step" count={count} />;
  if (count === 0) {
    return (
      <>
        {detached}
        <div className="empty">No steps in this log yet. New steps appear here as the agent writes them.</div>
      </>
    );
  }

  const drawn: number[] = [];
  for (let i = win.first; i <= win.last; i++) drawn.push(i);
  return (
    <>
      {detached}
      <div className="step-log">
        <div ref={scroller} className="step-scroller" data-testid="step-log" tabIndex={0} aria-label={`OTA log of ${branch}, ${countOf(count, 'step')}`}>
          <div className="step-spacer" style={{ height: win.total }}>
            {drawn.map((index) => (
              <StepItem
                key={index}
                index={index}
                top={win.offsetOf(index)}
                measure={win.measure}
                branch={branch}
                step={stepAt(index)}
                selected={step === index}
                fresh={liveStore.isFresh(`step:${branch}:${index}`)}
                query={query}
                onSelect={select}
              />
            ))}
          </div>
        </div>
        <FollowTailButton follow={follow} />
      </div>
    </>
  );
}

interface StepItemProps {
  index: number;
  /** Where the step starts in the log, in pixels. */
  top: number;
  measure(el: HTMLElement | null): (() => void) | undefined;
  branch: string;
  /** undefined until its page comes. */
  step: OtaStep | undefined;
  selected: boolean;
  fresh: boolean;
  query: string;
  onSelect(index: number): void;
}

/**
 * One step in its place: the card, measured, or until its page comes a placeholder exactly as tall as the estimate,
 * which is not measured (a fling crosses thousands of them, and each measurement would move the ones below).
 */
const StepItem = memo(function StepItem({ index, top, measure, branch, step, selected, fresh, query, onSelect }: StepItemProps) {
  return (
    <div data-index={index} ref={step ? measure : undefined} className="step-item" style={{ transform: `translateY(${top}px)` }}>
      {step ? (
        <StepCard branch={branch} step={step} index={index} selected={selected} fresh={fresh} query={query} onSelect={onSelect} />
      ) : (
        <div className="step-card is-placeholder" aria-busy="true">
          <span className="muted mono">#{index + 1}</span> loading…
        </div>
      )}
    </div>
  );
});

/** Shown once the reader left the tail: how many steps came since, or just the way back. */
function FollowTailButton({ follow }: { follow: FollowTail }) {
  if (!(follow.unseen > 0 || !follow.following)) return null;
  return (
    <button type="button" className={`new-steps${follow.unseen > 0 ? '' : ' new-steps-quiet'}`} onClick={follow.resume}>
      {follow.unseen > 0 ? `${follow.unseen} new step${follow.unseen === 1 ? '' : 's'} ↓` : 'Follow tail ↓'}
    </button>
  );
}
