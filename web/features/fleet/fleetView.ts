// The rows as the fleet page lists them: judged (badges), filtered by badge and name, sorted. Pure, tested.
import { judgeRow, type Badge, type BadgeThresholds } from '../../../shared/fleet/badges.ts';
import type { FleetRow } from '../../../shared/fleet/fleet-api.ts';
import type { BadgeFilter, FleetSort } from './fleetSettings.ts';

export interface JudgedRow {
  row: FleetRow;
  badges: Badge[];
}

export function judgeRows(rows: readonly FleetRow[], t: BadgeThresholds, now: number): JudgedRow[] {
  return rows.map((row) => ({ row, badges: judgeRow(row, t, now) }));
}

const byName = (a: JudgedRow, b: JudgedRow) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);
const byActivity = (a: JudgedRow, b: JudgedRow) => (b.row.lastActivityAt ?? -Infinity) - (a.row.lastActivityAt ?? -Infinity) || byName(a, b);

export function visibleRows(rows: readonly JudgedRow[], sort: FleetSort, badge: BadgeFilter, name: string): JudgedRow[] {
  const needle = name.trim().toLowerCase();
  const kept = rows.filter((r) => {
    if (needle && !r.row.id.toLowerCase().includes(needle) && !r.row.path.toLowerCase().includes(needle)) return false;
    if (badge === 'all') return true;
    if (badge === 'healthy') return r.badges.length === 0 && r.row.state !== 'gone';
    return r.badges.some((b) => b.kind === badge);
  });
  const order = sort === 'name' ? byName : sort === 'badges' ? (a: JudgedRow, b: JudgedRow) => b.badges.length - a.badges.length || byActivity(a, b) : byActivity;
  // Gone workspaces sink to the bottom whatever the order: they are shown, not in the way.
  return kept.sort((a, b) => Number(a.row.state === 'gone') - Number(b.row.state === 'gone') || order(a, b));
}

/** Badges that would alert (stalled, looping, damaged) newly earned since the previous judgement. */
export const ALERT_KINDS = new Set(['stalled', 'looping', 'damaged']);

export function newAlerts(previous: ReadonlyMap<string, ReadonlySet<string>>, now: readonly JudgedRow[]): { ws: string; badge: Badge }[] {
  const out: { ws: string; badge: Badge }[] = [];
  for (const r of now) {
    const before = previous.get(r.row.id);
    // A workspace seen for the first time alerts nothing: only a change does.
    if (!before) continue;
    for (const b of r.badges) if (ALERT_KINDS.has(b.kind) && !before.has(b.kind)) out.push({ ws: r.row.id, badge: b });
  }
  return out;
}

export function badgeSets(rows: readonly JudgedRow[]): Map<string, Set<string>> {
  return new Map(rows.map((r) => [r.row.id, new Set(r.badges.map((b) => b.kind))]));
}

/** Counts per minute for the `minutes` minutes ending at `nowMinute`, oldest first (the sparkline's data). */
export function minuteSeries(perMinute: readonly [number, number][], nowMinute: number, minutes = 60): number[] {
  const out = new Array<number>(minutes).fill(0);
  for (const [m, n] of perMinute) {
    const i = m - (nowMinute - minutes + 1);
    if (i >= 0 && i < minutes) out[i] = n;
  }
  return out;
}
