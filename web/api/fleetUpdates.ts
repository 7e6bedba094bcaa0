// The fleet stream's events applied to the cached fleet answer: pure, so each case is unit-tested. A row replaces the
// row of its workspace (rows are whole), a members list drops rows of workspaces no longer served, notices replace.
import type { FleetEvent, FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { encodeFleetSince } from '../../shared/fleet/fleet-api.ts';

export function applyFleetEvent(data: FleetResponse, event: FleetEvent): FleetResponse {
  switch (event.type) {
    case 'fleet-row': {
      const at = data.rows.findIndex((r) => r.id === event.ws);
      if (at >= 0 && data.rows[at]!.version === event.row.version) return data;
      const rows = at >= 0 ? data.rows.map((r, i) => (i === at ? event.row : r)) : [...data.rows, event.row].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { ...data, rows };
    }
    case 'fleet-members': {
      const ids = new Set(event.ids);
      const rows = data.rows.filter((r) => ids.has(r.id));
      // Another server process: its versions mean nothing here; the rows it sends next replace ours.
      return { ...data, epoch: event.epoch, rows: event.epoch === data.epoch ? rows : rows.map((r) => ({ ...r, version: -1 })) };
    }
    case 'fleet-notices':
      return { ...data, notices: event.notices };
  }
}

/** `?since=` for a reconnect: the versions of the rows held. */
export function fleetSince(data: FleetResponse): string {
  return encodeFleetSince(new Map(data.rows.map((r) => [r.id, r.version])));
}

export function isFleetEvent(value: unknown): value is FleetEvent {
  const v = value as { type?: unknown } | null;
  return typeof v === 'object' && v !== null && (v.type === 'fleet-row' || v.type === 'fleet-members' || v.type === 'fleet-notices');
}
