// What the page is showing, at a glance: the live stream's state, "Paused" while the view is held, "Past" while it
// shows a moment or "No such moment" for a link's unknown one (the stream stays connected underneath: data-status keeps
// its state), or "Snapshot" for an exported file, which has no server.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { pageSnapshot, isExportedPage } from '../api/snapshot.ts';
import { momentOptions } from '../api/timelineQueries.ts';
import { useLiveState, type ConnectionStatus } from '../api/liveStore.ts';
import { useUrlValue } from '../state/useUrlState.ts';
import { formatInstant } from '../ui/time.ts';

const LABEL: Record<ConnectionStatus, string> = {
  connecting: 'Connecting',
  live: 'Live',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
  refused: 'Token refused',
};

export function ConnectionBadge() {
  const status = useLiveState((s) => s.status);
  const lastId = useLiveState((s) => s.lastEventId);
  const paused = useLiveState((s) => s.paused);
  const queued = useLiveState((s) => s.queued);
  const at = useUrlValue((u) => u.at ?? null);
  const travelling = at !== null;
  // The moment a link names, asked as the travelling views ask it (one request): one the server refuses is no past.
  const { error: momentError } = useQuery({ ...momentOptions(at ?? ''), enabled: travelling && !isExportedPage });
  const unknownMoment = momentError instanceof ApiError && momentError.status >= 400 && momentError.status < 500;
  if (isExportedPage) {
    const exportedAt = pageSnapshot ? formatInstant(pageSnapshot.exportedAt) : '';
    return (
      <span className="badge badge-snapshot" data-testid="connection" data-status="snapshot" title={`A file exported ${exportedAt}: it shows the memory as it was then and never changes`}>
        <span className="badge-dot" aria-hidden="true" />
        Snapshot
      </span>
    );
  }
  if (unknownMoment) {
    return (
      <span className="badge badge-past" role="status" aria-live="polite" data-testid="connection" data-status={status} data-last-event={lastId ?? ''} title={`The link names a moment this workspace does not know: ${momentError.message}`}>
        <span className="badge-dot" aria-hidden="true" />
        No such moment
      </span>
    );
  }
  if (travelling) {
    return (
      <span className="badge badge-past" role="status" aria-live="polite" data-testid="connection" data-status={status} data-last-event={lastId ?? ''} title={`Showing a past moment; the live stream is ${LABEL[status].toLowerCase()} and applies once you return to Now`}>
        <span className="badge-dot" aria-hidden="true" />
        Past
      </span>
    );
  }
  // Held, the view is not live though the stream is: the badge says so (a lost connection still shows as itself).
  if (paused && status === 'live') {
    return (
      <span className="badge badge-paused" role="status" aria-live="polite" data-testid="connection" data-status={status} data-last-event={lastId ?? ''} title={`Paused: the view is held; ${queued === 1 ? '1 update waits' : `${queued} updates wait`} and applies on resume`}>
        <span className="badge-dot" aria-hidden="true" />
        Paused
      </span>
    );
  }
  return (
    <span className={`badge badge-${status}`} role="status" aria-live="polite" data-testid="connection" data-status={status} data-last-event={lastId ?? ''} title={lastId === null ? 'No events yet' : `Last event #${lastId}`}>
      <span className="badge-dot" aria-hidden="true" />
      {LABEL[status]}
    </span>
  );
}
