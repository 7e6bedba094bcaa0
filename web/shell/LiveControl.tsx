// The header's place for the live stream's control, the same size whatever the page shows: the Pause switch while
// the page is live or held, a way back to Live while it shows the past. The controls beside it never move.
import { travelTo } from '../features/timeline/index.ts';
import { PauseSwitch } from './PauseSwitch.tsx';

export function LiveControl({ travelling }: { travelling: boolean }) {
  return <div className="live-control">{travelling ? <BackToLive /> : <PauseSwitch />}</div>;
}

/** Nothing to pause in the past (it does not move): the switch's place returns to Live, as the timeline's Now does. */
function BackToLive() {
  return (
    <button type="button" className="btn live-return" onClick={() => travelTo(null)} title="Leave the past moment and follow the workspace live again">
      {/* A narrow header keeps the word Live and an arrow; the name stays "Back to Live". */}
      <span className="live-control-narrow" aria-hidden="true">
        →{' '}
      </span>
      <span className="live-control-wide">Back to </span>Live
    </button>
  );
}
