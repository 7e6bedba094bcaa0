// The query client the travelling views read through (TimeTravelScope sets it), so that replay can wait for them
// (useReplay): the moment moves on only once the views have answered for the one before. Moving cancels what is in
// flight, so a replay that ticked on regardless would, on a loaded machine where an answer takes longer than a tick,
// cancel every answer and never show a moment between its start and its end.
import type { QueryClient } from '@tanstack/react-query';

let current: QueryClient | null = null;

export function setTravelViews(client: QueryClient | null): void {
  current = client;
}

/** Whether a travelling view is still fetching its answer for the moment shown. */
export function travelViewsBusy(): boolean {
  return (current?.isFetching() ?? 0) > 0;
}
