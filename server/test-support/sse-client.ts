// A Node client of the live stream (Node 20 has no EventSource), used by the live tests and the latency bench the way
// the page uses it.
import { EventSource } from 'eventsource';
import { isStudioEvent, type StudioEvent } from '../../shared/events.ts';

export interface EventsClient {
  /** Resolves when the stream is open. */
  opened: Promise<void>;
  close(): void;
}

export function connectEvents(baseUrl: string, token: string, onEvent: (event: StudioEvent) => void, options: { lastEventId?: number } = {}): EventsClient {
  const url = new URL('/api/events', baseUrl);
  if (options.lastEventId !== undefined) url.searchParams.set('lastEventId', String(options.lastEventId));
  const source = new EventSource(url, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } }),
  });
  source.onmessage = (message) => {
    const event: unknown = JSON.parse(message.data);
    if (isStudioEvent(event)) onEvent(event);
  };
  const opened = new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (err) => {
      if (source.readyState === source.CLOSED) reject(new Error(`event stream failed: ${err.message ?? 'closed'}`));
    };
  });
  return { opened, close: () => source.close() };
}
