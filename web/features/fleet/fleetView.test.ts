import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../../shared/fleet/badges.ts';
import type { FleetRow } from '../../../shared/fleet/fleet-api.ts';
import { parseFleetSettings, serializeFleetHash } from './fleetSettings.ts';
import { badgeSets, judgeRows, minuteSeries, newAlerts, visibleRows } from './fleetView.ts';

const NOW = 1_800_000_000_000;
function row(id: string, lastActivityAt: number | null, over: Partial<FleetRow> = {}): FleetRow {
  return {
    id, path: `/r/${id}`, state: 'live', version: 1, dialects: ['python'], branches: { active: 1, merged: 0, abandoned: 0, other: 0 }, steps: 1, commits: 0,
    lastActivityAt, stepsPerMinute: [], errors: { count: 0, messages: [] }, lastEditAt: null,
    branchHealth: [{ name: 'main', status: 'active', createdFrom: null, mergedInto: null, commitCount: 0, stepCount: 1, lastStepAt: lastActivityAt, stepsSinceCommit: 1, recent: [] }],
    ...over,
  };
}

describe('fleet view', () => {
  const rows = judgeRows([row('b', NOW - 1000), row('a', NOW - 3_600_000), row('c', NOW - 5000, { errors: { count: 1, messages: ['x'] } }), row('d', null, { state: 'gone' })], DEFAULT_THRESHOLDS, NOW);
  it('sorts by activity, name or badges, gone ones last', () => {
    expect(visibleRows(rows, 'activity', 'all', '').map((r) => r.row.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(visibleRows(rows, 'name', 'all', '').map((r) => r.row.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(visibleRows(rows, 'badges', 'all', '').map((r) => r.row.id)).toEqual(['c', 'a', 'b', 'd']);
  });
  it('filters by badge, healthy, and name', () => {
    expect(visibleRows(rows, 'name', 'stalled', '').map((r) => r.row.id)).toEqual(['a']);
    expect(visibleRows(rows, 'name', 'damaged', '').map((r) => r.row.id)).toEqual(['c']);
    expect(visibleRows(rows, 'name', 'healthy', '').map((r) => r.row.id)).toEqual(['b']);
    expect(visibleRows(rows, 'name', 'all', 'B').map((r) => r.row.id)).toEqual(['b']);
  });
  it('alerts only on badges newly earned by a workspace already seen', () => {
    const before = badgeSets(judgeRows([row('a', NOW - 1000), row('c', NOW - 1000)], DEFAULT_THRESHOLDS, NOW));
    const alerts = newAlerts(before, rows);
    expect(alerts.map((a) => [a.ws, a.badge.kind])).toEqual([['a', 'stalled'], ['c', 'damaged']]);
    expect(newAlerts(badgeSets(rows), rows)).toEqual([]);
    expect(newAlerts(new Map(), rows)).toEqual([]);
  });
  it('lays steps per minute on the last hour', () => {
    const m = Math.floor(NOW / 60000);
    const series = minuteSeries([[m - 70, 9], [m - 59, 2], [m, 5]], m);
    expect(series).toHaveLength(60);
    expect(series[0]).toBe(2);
    expect(series[59]).toBe(5);
    expect(series.reduce((a, b) => a + b)).toBe(7);
  });
});

describe('fleet settings', () => {
  it('reads stored thresholds, lets the hash override, and refuses nonsense', () => {
    const s = parseFleetSettings('#stall=3&sort=name&badge=stalled&name=ag', JSON.stringify({ stalledSeconds: 120, uncommittedSteps: 80 }));
    expect(s).toEqual({ thresholds: { ...DEFAULT_THRESHOLDS, stalledSeconds: 3, uncommittedSteps: 80 }, sort: 'name', badge: 'stalled', name: 'ag', compareHeight: null });
    expect(parseFleetSettings('#stall=-5&loop=x&sort=up&badge=evil', '{bad json').thresholds).toEqual(DEFAULT_THRESHOLDS);
    expect(parseFleetSettings('', null)).toMatchObject({ sort: 'activity', badge: 'all', name: '' });
  });
  it('writes only what differs into the hash', () => {
    const s = parseFleetSettings('#stall=3&badge=looping', null);
    expect(serializeFleetHash(s, DEFAULT_THRESHOLDS)).toBe('#badge=looping&stall=3');
    expect(serializeFleetHash(parseFleetSettings('', null), DEFAULT_THRESHOLDS)).toBe('');
  });
  it("keeps the comparison's height in the hash, a whole number of px or none", () => {
    expect(parseFleetSettings('#compare-height=320', null).compareHeight).toBe(320);
    for (const bad of ['0', '-5', '12.5', 'tall', '', '99999999']) expect(parseFleetSettings(`#compare-height=${bad}`, null).compareHeight).toBeNull();
    const s = { ...parseFleetSettings('#sort=name', null), compareHeight: 287.6 };
    expect(serializeFleetHash(s, DEFAULT_THRESHOLDS)).toBe('#sort=name&compare-height=288');
    expect(parseFleetSettings(serializeFleetHash(s, DEFAULT_THRESHOLDS), null).compareHeight).toBe(288);
  });
});
