import { useLiveState } from '../api/liveStore.ts';
import { useLiveControls } from '../api/useLiveUpdates.ts';

/** Freezes the view for inspection; events keep arriving and are applied, in order, on resume. */
export function PauseSwitch() {
  const paused = useLiveState((s) => s.paused);
  const queued = useLiveState((s) => s.queued);
  const { setPaused } = useLiveControls();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={paused}
      className={`switch${paused ? ' switch-on' : ''}`}
      onClick={() => setPaused(!paused)}
      title={paused ? 'Resume live updates' : 'Freeze the view; updates keep arriving'}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      <span className="switch-label">{paused ? (queued > 0 ? `Paused · ${queued} queued` : 'Paused') : 'Pause'}</span>
    </button>
  );
}
