import { useEffect, useRef, useState } from 'react';
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

/**
 * The badge thresholds, saved in this browser (local storage) as soon as a value is valid. The popover closes on Esc
 * (focus back on its button) and on a click outside it, as a menu does.
 */
export function SettingsPopover({ thresholds, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // A dialog takes the focus: its first field.
    box.current?.querySelector<HTMLInputElement>('.fleet-popover input')?.focus();
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Esc is the popover's while it is open (the page's Esc clears the name filter).
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [open]);
  return (
    <div className="fleet-settings" ref={box}>
      <button ref={button} type="button" className="btn" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen(!open)} data-testid="fleet-settings">
        Thresholds
      </button>
      {open ? (
        <div className="fleet-popover" role="dialog" aria-label="Badge thresholds">
          <h2>Badge thresholds</h2>
          <p className="muted">Kept in this browser; a badge changes as soon as a value is valid.</p>
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
