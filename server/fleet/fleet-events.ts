// The fleet's one event stream: the rows a page lacks on connect, then each row as it changes.
import { Hono } from 'hono';
import { decodeFleetSince, type FleetEvent } from '../../shared/fleet/fleet-api.ts';
import { EventPump, streamPump, encodeFrame, type BacklogBound } from '../http/index.ts';
import type { Fleet } from './fleet.ts';

export interface FleetEventsOptions {
  heartbeatMs?: number;
  /** A client this far behind gets every row again instead of an ever-growing queue. */
  backlog?: BacklogBound;
}

/**
 * Rows are whole, so far behind the newest of each is all a page needs. The bound grows to twice a catch-up (every
 * row once, a few KB a workspace: some 300 KB for 100, 3 MB for 1,000) when one is larger: else it would be sent anew
 * on every change to a page that stays stalled (its memory still bounded, the work not).
 */
export const FLEET_BACKLOG_BOUND: BacklogBound = { frames: 5_000, bytes: 1024 * 1024 };

/** What a (re)connecting page is sent first. */
export function catchUp(fleet: Fleet, epoch: string | undefined, since: string | undefined): FleetEvent[] {
  const known = epoch === fleet.epoch ? decodeFleetSince(since ?? '') : new Map<string, number>();
  const out: FleetEvent[] = [{ type: 'fleet-members', epoch: fleet.epoch, ids: [...fleet.members.keys()] }];
  if (fleet.notices.length) out.push({ type: 'fleet-notices', notices: [...fleet.notices] });
  for (const row of fleet.rows()) if (known.get(row.id) !== row.version) out.push({ type: 'fleet-row', ws: row.id, row });
  return out;
}

/**
 * On connect: the ids served and every row the page does not have at its version (`?epoch=&since=id:version,…`: a
 * page that reconnects gets only the workspaces that changed; a token from another server process gets everything).
 */
export function fleetEventRoutes(fleet: Fleet, options: FleetEventsOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const bound = options.backlog ?? FLEET_BACKLOG_BOUND;
  const frame = (event: FleetEvent) => encodeFrame(JSON.stringify(event));
  return new Hono().get('/', (c) => {
    const epoch = c.req.query('epoch');
    const since = c.req.query('since');
    const pump = new EventPump<FleetEvent>({ heartbeatMs, bound, frame, overflow: () => catchUp(fleet, undefined, undefined) });
    return streamPump(c, pump, () => {
      const unsubscribe = fleet.subscribe((event) => pump.push(event));
      pump.pushCatchUp(catchUp(fleet, epoch, since));
      return unsubscribe;
    });
  });
}
