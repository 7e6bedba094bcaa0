// What the page shows: "Live" (or "Paused" while held) or the moment (its instant, in local time like every other time
// on the page), and when the moment cannot be reconstructed exactly, why.
import type { MomentInfo } from '../../../shared/timeline-api.ts';
import { useLiveState } from '../../api/liveStore.ts';
import { formatInstant } from '../../ui/time.ts';

/** `unknown`: the server refused the moment (the page says why and offers Live). */
export function MomentBanner({ at, info, unknown = false }: { at: string | null; info: MomentInfo | null; unknown?: boolean }) {
  const paused = useLiveState((s) => s.paused);
  if (at === null) {
    // Held by Pause: the view is not live until resumed, as the header's badge says too.
    return paused ? (
      <div className="moment-banner moment-paused" data-testid="moment">
        Paused
      </div>
    ) : (
      <div className="moment-banner moment-live" data-testid="moment">
        Live
      </div>
    );
  }
  if (unknown) {
    return (
      <div className="moment-banner moment-past" data-testid="moment">
        <span className="muted">no such moment</span>
      </div>
    );
  }
  return (
    <div className="moment-banner moment-past" data-testid="moment">
      <span>as at</span>
      {info ? (
        <time className="mono" dateTime={info.time} title={`${info.time}${info.moment.includes('@') ? ` · ${info.moment}` : ''}`}>
          {formatInstant(info.time)}
        </time>
      ) : (
        <span className="mono" title={at}>
          …
        </span>
      )}
      {info?.commit ? (
        <span className="pill moment-git" data-testid="moment-git" title={`The tree of commit ${info.commit}, read as it is: exact, not reconstructed`}>
          git {info.commit.slice(0, 10)} · exact
        </span>
      ) : null}
      {info && !info.exact ? (
        <details className="moment-inexact">
          <summary className="pill pill-warning">not exact</summary>
          <ul>
            {info.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
