// What the page shows: "Live" or the moment (its instant), and when the moment cannot be reconstructed exactly, why.
import type { MomentInfo } from '../../../shared/timeline-api.ts';

export function MomentBanner({ at, info }: { at: string | null; info: MomentInfo | null }) {
  if (at === null) return <div className="moment-banner moment-live" data-testid="moment">Live</div>;
  return (
    <div className="moment-banner moment-past" data-testid="moment">
      <span className="mono" title={at}>
        {info ? info.time : '…'}
      </span>
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
