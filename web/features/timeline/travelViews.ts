// The query client the travelling views read through, so that replay can wait for their answers before it moves on.
import type { QueryClient } from '@tanstack/react-query';

let current: QueryClient | null = null;

export function setTravelViews(client: QueryClient | null): void {
  current = client;
}

/** Whether a travelling view is still fetching its answer for the moment shown. */
// Moving to a moment cancels what is in flight: a replay ticking on regardless would, where an answer takes longer
// than a tick, cancel every answer and show no moment between its start and its end.
export function travelViewsBusy(): boolean {
  return (current?.isFetching() ?? 0) > 0;
}
