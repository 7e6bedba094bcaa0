import { useState } from 'react';
import type { BadgeThresholds } from '../../../shared/fleet/badges.ts';

interface Props {
  thresholds: BadgeThresholds;
  onChange: (t: BadgeThresholds) => void;
}

const FIELDS: [keyof BadgeThresholds, string, number][] = [
  ['stalledSeconds', 'Stalled after (seconds without a step)', 1],
  ['loopingSteps', 'Looping: repeated steps', 1],
  ['similarObservation', 'Looping: observation overlap (0–1)', 0.05],
  ['uncommittedSteps', 'Uncommitted: steps since the last commit', 1],
];

/** The badge thresholds, saved in this browser (local storage) as soon as a value is valid. */
export function SettingsPopover({ thresholds, onChange }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="fleet-settings">
      <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="fleet-settings">
        Thresholds
      </button>
      {open ? (
        <div className="fleet-popover" role="dialog" aria-label="Badge thresholds">
          {FIELDS.map(([key, label, step]) => (
            <label key={key}>
              <span>{label}</span>
              <input
                type="number"
                step={step}
                min={step}
                defaultValue={thresholds[key]}
                data-testid={`threshold-${key}`}
                onChange={(e) => {
                  const n = Number(e.currentTarget.value);
                  if (Number.isFinite(n) && n > 0) onChange({ ...thresholds, [key]: n });
                }}
              />
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
