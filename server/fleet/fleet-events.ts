// GET /api/fleet/events: the fleet's one stream. On connect it sends the ids served and every row the page does not
// have at its version (`?epoch=&since=id:version,…`: a page that reconnects gets only the workspaces that changed; a
// token from another server process gets everything), then each row as it changes.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { decodeFleetSince, type FleetEvent } from '../../shared/fleet/fleet-api.ts';
import { EventPump } from '../http/sse-pump.ts';
import type { Fleet } from './fleet.ts';

export interface FleetEventsOptions {
  heartbeatMs?: number;
  /** A client this far behind gets every row again instead of an ever-growing queue. */
  maxQueued?: number;
}

/** What a (re)connecting page is sent first. */
export function catchUp(fleet: Fleet, epoch: string | undefined, since: string | undefined): FleetEvent[] {
  const known = epoch === fleet.epoch ? decodeFleetSince(since ?? '') : new Map<string, number>();
  const out: FleetEvent[] = [{ type: 'fleet-members', epoch: fleet.epoch, ids: [...fleet.members.keys()] }];
  if (fleet.notices.length) out.push({ type: 'fleet-notices', notices: [...fleet.notices] });
  for (const row of fleet.rows()) if (known.get(row.id) !== row.version) out.push({ type: 'fleet-row', ws: row.id, row });
  return out;
}

export function fleetEventRoutes(fleet: Fleet, options: FleetEventsOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxQueued = options.maxQueued ?? 5_000;
  return new Hono().get('/', (c) => {
    const epoch = c.req.query('epoch');
    const since = c.req.query('since');
    return streamSSE(c, async (stream) => {
      const pump = new EventPump<FleetEvent>(heartbeatMs);
      const unsubscribe = fleet.subscribe((event) => {
        // Rows are whole: far behind, the newest of each is all a page needs.
        if (pump.queued >= maxQueued) pump.replace(catchUp(fleet, undefined, undefined));
        else pump.push(event);
      });
      pump.push(...catchUp(fleet, epoch, since));
      stream.onAbort(() => {
        unsubscribe();
        pump.close();
      });
      try {
        await pump.run(stream, (event) => ({ data: JSON.stringify(event) }));
      } finally {
        unsubscribe();
      }
    });
  });
}
