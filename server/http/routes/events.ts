// GET /api/events: the live stream. Each frame is one StudioEvent as JSON with the event's id as SSE id, sent as
// an unnamed message (so EventSource.onmessage sees all of them; the type is inside the data).
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { StudioEvent } from '../../../shared/events.ts';
import type { EventBus } from '../../live/event-bus.ts';
import { EventPump } from '../sse-pump.ts';

export interface EventsRouteOptions {
  /** Interval of the `: heartbeat` comment that keeps idle connections (and proxies) from timing out. */
  heartbeatMs?: number;
  /** A client this far behind is cut short with a `resync` instead of an ever-growing queue. */
  maxQueuedEvents?: number;
}

/** Last-Event-ID from the header (EventSource's own reconnect) or `?lastEventId=` (a fresh EventSource). */
function lastEventId(header: string | undefined, query: string | undefined): number | null {
  const raw = header ?? query;
  if (raw === undefined || raw === '') return null;
  return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : -1;
}

export function eventRoutes(bus: EventBus, options: EventsRouteOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxQueued = options.maxQueuedEvents ?? 10_000;

  return new Hono().get('/', (c) => {
    const resumeFrom = lastEventId(c.req.header('last-event-id'), c.req.query('lastEventId'));
    return streamSSE(c, async (stream) => {
      const pump = new EventPump<StudioEvent>(heartbeatMs);
      // Replay and subscribe in the same tick: no event can fall between the two.
      const unsubscribe = bus.subscribe((event) => {
        if (pump.queued >= maxQueued) pump.replace([{ type: 'resync', id: event.id }]);
        else pump.push(event);
      });
      if (resumeFrom !== null) {
        const replay = bus.since(resumeFrom);
        if (replay.kind === 'gap') pump.push({ type: 'resync', id: bus.revision });
        else pump.push(...replay.events);
      }
      stream.onAbort(() => {
        unsubscribe();
        pump.close();
      });
      try {
        await pump.run(stream, (event) => ({ id: String(event.id), data: JSON.stringify(event) }));
      } finally {
        unsubscribe();
      }
    });
  });
}
