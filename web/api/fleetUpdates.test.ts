// Fleet events applied to the cached rows, and the resume token.
import { describe, expect, it } from 'vitest';
import type { FleetResponse, FleetRow } from '../../shared/fleet/fleet-api.ts';
import { applyFleetEvent, fleetSince, isFleetEvent } from './fleetUpdates.ts';

const row = (id: string, version: number, steps = 0): FleetRow => ({
  id, path: `/r/${id}`, state: 'live', version, dialects: [], branches: { active: 0, merged: 0, abandoned: 0, other: 0 }, steps, commits: 0,
  lastActivityAt: null, stepsPerMinute: [], branchHealth: [], errors: { count: 0, messages: [] }, lastEditAt: null,
});
const data = (rows: FleetRow[]): FleetResponse => ({ mode: 'fleet', epoch: 'e1', roots: ['/r'], rows, notices: [] });

describe('applyFleetEvent', () => {
  it('replaces a row by id, adds a new one in order, and ignores a version it has', () => {
    const d = data([row('a', 1), row('c', 1)]);
    expect(applyFleetEvent(d, { type: 'fleet-row', ws: 'a', row: row('a', 2, 9) }).rows.map((r) => [r.id, r.steps])).toEqual([['a', 9], ['c', 0]]);
    expect(applyFleetEvent(d, { type: 'fleet-row', ws: 'b', row: row('b', 1) }).rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(applyFleetEvent(d, { type: 'fleet-row', ws: 'a', row: row('a', 1, 5) })).toBe(d);
  });
  it('drops rows no longer served; another epoch invalidates every version', () => {
    const d = data([row('a', 3), row('b', 4)]);
    expect(applyFleetEvent(d, { type: 'fleet-members', epoch: 'e1', ids: ['b'] }).rows.map((r) => r.id)).toEqual(['b']);
    const other = applyFleetEvent(d, { type: 'fleet-members', epoch: 'e2', ids: ['a', 'b'] });
    expect(other.epoch).toBe('e2');
    expect(other.rows.map((r) => r.version)).toEqual([-1, -1]);
    expect(applyFleetEvent(d, { type: 'fleet-notices', notices: ['x'] }).notices).toEqual(['x']);
  });
  it('builds the resume token and tells fleet events from others', () => {
    expect(fleetSince(data([row('a/b', 3), row('c', 1)]))).toBe('a%2Fb:3,c:1');
    expect(isFleetEvent({ type: 'fleet-row' })).toBe(true);
    expect(isFleetEvent({ type: 'steps-appended' })).toBe(false);
    expect(isFleetEvent(null)).toBe(false);
  });
});
