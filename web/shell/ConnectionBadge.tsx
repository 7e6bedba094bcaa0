import { useLiveState, type ConnectionStatus } from '../api/liveStore.ts';

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
  return (
    <span
      className={`badge badge-${status}`}
      role="status"
      aria-live="polite"
      data-testid="connection"
      data-status={status}
      title={lastId === null ? 'No events yet' : `Last event #${lastId}`}
    >
      <span className="badge-dot" aria-hidden="true" />
      {LABEL[status]}
    </span>
  );
}
