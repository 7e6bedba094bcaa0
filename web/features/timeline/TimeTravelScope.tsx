// While the URL names a moment, the views inside read the memory as it was then: they sit under a query client of
// their own whose queries ask with `at=` (api/queries.ts, momentOf). The live client, which the live stream
// patches, is untouched, so a travelling page does not move; "now" drops the scope and the views read live again.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useUrlState } from '../../state/useUrlState.ts';

/** The clients of the last few moments: stepping back and forth answers from memory. */
const clients = new Map<string, QueryClient>();
const KEPT = 6;

/** The moment shown last: a new moment starts from its answers (marked stale, so asked again at once), not blank. */
let previous: QueryClient | null = null;

function clientAt(at: string): QueryClient {
  let client = clients.get(at);
  if (client) {
    clients.delete(at);
  } else {
    // The past does not change: nothing is refetched, a failed moment is not retried.
    client = new QueryClient({ defaultOptions: { queries: { meta: { at }, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false } } });
    if (previous) {
      for (const [key, data] of previous.getQueriesData({})) if (data !== undefined) client.setQueryData(key, data);
      void client.invalidateQueries();
    }
  }
  previous = client;
  clients.set(at, client);
  while (clients.size > KEPT) {
    const oldest = clients.keys().next().value!;
    clients.get(oldest)!.clear();
    clients.delete(oldest);
  }
  return client;
}

export function TimeTravelScope({ children }: { children: ReactNode }) {
  const [url] = useUrlState();
  const at = url.at ?? null;
  const client = useMemo(() => (at ? clientAt(at) : null), [at]);
  if (!client) return <>{children}</>;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
