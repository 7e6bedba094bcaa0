// While the URL names a moment, the views inside read the memory as it was then, through a query client of their own;
// the live client stays untouched, so a travelling page does not move.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { momentOptions } from '../../api/timelineQueries.ts';
import { useUrlValue } from '../../state/useUrlState.ts';
import { parseTimestamp } from '../../ui/time.ts';
import { MomentClockContext } from './momentClock.ts';
import { setTravelViews } from './travelViews.ts';

function travelClient(at: string): QueryClient {
  // The past does not change: nothing is refetched by itself, a failed moment is not retried.
  return new QueryClient({ defaultOptions: { queries: { meta: { at }, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false } } });
}

export function TimeTravelScope({ children }: { children: ReactNode }) {
  const at = useUrlValue((u) => u.at ?? null);
  const [client, setClient] = useState<QueryClient | null>(() => (at ? travelClient(at) : null));
  useLayoutEffect(() => {
    if (at === null) {
      setClient(null);
      return;
    }
    if (!client) {
      setClient(travelClient(at));
      return;
    }
    if (client.getDefaultOptions().queries?.meta?.['at'] === at) return;
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, meta: { at } } });
    // Cancel first: a query's first fetch (no data yet) is not cancelled by a refetch, only joined, and would then
    // show the moment it was asked for, not this one.
    void client.cancelQueries().then(() => client.invalidateQueries());
  }, [at, client]);
  // Replay waits for these views (travelViews.ts); leaving the past frees what it held.
  useEffect(() => {
    setTravelViews(client);
    return () => {
      setTravelViews(null);
      client?.clear();
    };
  }, [client]);
  // The moment's instant, asked of the live client (the timeline's banner asks the same): the views count ages from it.
  const { data: moment } = useQuery({ ...momentOptions(at ?? ''), enabled: at !== null });
  const momentMs = at !== null && moment?.at ? parseTimestamp(moment.at.time) : Number.NaN;
  if (!client || at === null) return <>{children}</>;
  return (
    <QueryClientProvider client={client}>
      <MomentClockContext.Provider value={Number.isNaN(momentMs) ? null : momentMs}>{children}</MomentClockContext.Provider>
    </QueryClientProvider>
  );
}
