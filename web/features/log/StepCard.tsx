// One step of the OTA log, its fields editable in place.
import { memo } from 'react';
import { stepVersion } from '../../../shared/gcc/write/edit.ts';
import type { OtaStep } from '../../../shared/types.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { EditedMark, EditStepField } from '../edit/index.ts';
import { AuthorMark } from '../authors/index.ts';
import { HighlightText } from '../../ui/HighlightText.tsx';

interface Props {
  /** The branch whose log holds the step (edits go there). */
  branch: string;
  step: OtaStep;
  /** Position in the log (step numbers repeat after a merge; positions do not). */
  index: number;
  selected: boolean;
  fresh: boolean;
  query: string;
  onSelect(index: number): void;
}

const FIELDS = [
  ['observation', 'Observation'],
  ['thought', 'Thought'],
  ['action', 'Action'],
] as const;

export const StepCard = memo(function StepCard({ branch, step, index, selected, fresh, query, onSelect }: Props) {
  return (
    <article
      className={`step-card${selected ? ' is-selected' : ''}${fresh ? ' is-fresh' : ''}${step.mergedFrom ? ' is-merged' : ''}`}
      data-testid="step-card"
      data-index={index}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(index)}
    >
      <header className="step-head">
        <button type="button" className="step-no" onClick={() => onSelect(index)} aria-label={`Select step ${step.step} (#${index + 1})`}>
          Step {step.step}
        </button>
        <span className="muted mono">#{index + 1}</span>
        <time className="muted" dateTime={step.timestamp} title={step.timestamp}>
          {formatTimestamp(step.timestamp)}
        </time>
        {step.mergedFrom ? (
          <span className="pill pill-merged-from" title={`Copied into this log when ${step.mergedFrom} was merged`}>
            ⤷ merged from {step.mergedFrom}
          </span>
        ) : null}
        <AuthorMark branch={branch} record={{ kind: 'step', step: step.step, timestamp: step.timestamp }} />
        <EditedMark target={{ kind: 'step', branch, index, step: step.step }} version={stepVersion(step)} />
      </header>
      {FIELDS.map(([key, label]) => (
        <div className={`ota ota-${key}`} key={key}>
          <span className="ota-label">{label}</span>
          <div className="ota-text">
            <EditStepField branch={branch} step={step} index={index} field={key} render={(text) => (text ? <HighlightText text={text} query={query} /> : <span className="muted">—</span>)} />
          </div>
        </div>
      ))}
    </article>
  );
});
