// An exported file's banner, where the timeline is on a live page: when it was exported, the moment it holds, and
// that it is a file, not a server. A workspace's page and a fleet's file show the same.
import { exportedAt, pageSnapshot } from '../../api/snapshot.ts';
import { formatInstant } from '../../ui/time.ts';
import { MomentBanner } from './MomentBanner.tsx';
import './timeline.css';

export function ExportedBanner() {
  const moment = pageSnapshot?.moment ?? null;
  if (exportedAt === null) return null;
  return (
    <section className="timeline timeline-exported" aria-label="Timeline" data-testid="exported-banner">
      <span className="muted">
        A snapshot exported <time dateTime={exportedAt}>{formatInstant(exportedAt)}</time>
        {moment ? ', of the memory' : ': the memory as it was then'}; read-only, with no server behind it.
      </span>
      {moment ? <MomentBanner at={moment.moment} info={moment} /> : null}
    </section>
  );
}
