// The live stream: every event in order, one SSE frame each, or a resync when the client cannot have them all.
import { Hono } from 'hono';
import { BRANCH_EVENT_TYPES, type StudioEvent } from '../../../shared/events.ts';
import type { EventBus } from '../../live/index.ts';
import { DEFAULT_BACKLOG_BOUND, EventPump, StreamStats, encodeFrame, streamPump, type BacklogBound } from '../sse-pump.ts';

export interface EventsRouteOptions {
  /** Interval of the `: heartbeat` comment that keeps idle connections (and proxies) from timing out. */
  heartbeatMs?: number;
  /** A client this far behind is cut short with a `resync` instead of an ever-growing queue. */
  backlog?: BacklogBound;
  /** Where the streams' backlogs and overflows are counted (the bench reads it); its bound is used if none is given. */
  stats?: StreamStats;
}

/** Last-Event-ID from the header (EventSource's own reconnect) or `?lastEventId=` (a fresh EventSource). */
function lastEventId(header: string | undefined, query: string | undefined): number | null {
  const raw = header ?? query;
  if (raw === undefined || raw === '') return null;
  return /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : -1;
}

const ONE_BRANCH: ReadonlySet<StudioEvent['type']> = new Set(BRANCH_EVENT_TYPES);

/**
 * The resync that replaces a client's dropped backlog, at the newest dropped event's id: naming the branches the
 * dropped events changed when each of them changed one branch (a dropped resync's branches count too), whole
 * otherwise. It keeps the fleet's workspace tag (`ws`, fleet/tagged-bus.ts) like every other frame of the stream.
 */
export function resyncFor(dropped: readonly StudioEvent[]): StudioEvent {
  const newest = dropped[dropped.length - 1]!;
  const branches = new Set<string>();
  let whole = false;
  for (const event of dropped) {
    if (event.type === 'resync' && event.branches) event.branches.forEach((b) => branches.add(b));
    else if (ONE_BRANCH.has(event.type) && 'branch' in event) branches.add(event.branch);
    else whole = true;
  }
  const resync: StudioEvent = whole ? { type: 'resync', id: newest.id } : { type: 'resync', id: newest.id, branches: [...branches].sort() };
  const ws = (newest as { ws?: unknown }).ws;
  return ws === undefined ? resync : ({ ...resync, ws } as StudioEvent);
}

/**
 * Each frame is one StudioEvent as JSON with its id as the SSE id, an unnamed message (EventSource.onmessage sees them
 * all; the type is in the data). A client is told to resync when its Last-Event-ID is older than the replay ring (or
 * from another server process), or when it read too slowly and its backlog passed the bound (sse-pump.ts).
 */
export function eventRoutes(bus: EventBus, options: EventsRouteOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const stats = options.stats ?? new StreamStats(options.backlog ?? DEFAULT_BACKLOG_BOUND);
  const bound = options.backlog ?? stats.bound;
  // Every client is handed the same event object: encode it once, not once a client (kept as long as the event is).
  const frames = new WeakMap<StudioEvent, Uint8Array>();
  const frame = (event: StudioEvent): Uint8Array => {
    let bytes = frames.get(event);
    if (!bytes) frames.set(event, (bytes = encodeFrame(JSON.stringify(event), String(event.id))));
    return bytes;
  };

  return new Hono().get('/', (c) => {
    const resumeFrom = lastEventId(c.req.header('last-event-id'), c.req.query('lastEventId'));
    const pump = new EventPump<StudioEvent>({ heartbeatMs, bound, stats, frame, overflow: (dropped) => [resyncFor(dropped)] });
    return streamPump(c, pump, () => {
      // Replay and subscribe in the same tick: no event can fall between the two.
      const unsubscribe = bus.subscribe((event) => pump.push(event));
      if (resumeFrom !== null) {
        const replay = bus.since(resumeFrom);
        if (replay.kind === 'gap') pump.push({ type: 'resync', id: bus.revision });
        else pump.push(...replay.events);
      }
      return unsubscribe;
    });
  });
}
