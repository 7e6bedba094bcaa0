import { memo } from 'react';
import { BADGE_LABELS, describeAge, type Badge } from '../../../shared/fleet/badges.ts';
import type { FleetRow } from '../../../shared/fleet/fleet-api.ts';
import { minuteSeries } from './fleetView.ts';
import { Sparkline } from './Sparkline.tsx';
import { countOf } from '../../ui/count.ts';

export function workspaceHref(id: string): string {
  return `?ws=${encodeURIComponent(id)}`;
}

interface Props {
  row: FleetRow;
  badges: Badge[];
  /** "12 s ago", computed by the list each second. */
  activity: string;
  nowMinute: number;
  selected: boolean;
  onSelect: (id: string) => void;
}

const badgesKey = (badges: readonly Badge[]) => badges.map((b) => `${b.kind}:${b.reason}`).join('\n');

/** Re-rendered only when what it shows changed: a live fleet sends many rows, most of them the same as before. */
function sameProps(a: Props, b: Props): boolean {
  return a.row === b.row && a.activity === b.activity && a.nowMinute === b.nowMinute && a.selected === b.selected && a.onSelect === b.onSelect && badgesKey(a.badges) === badgesKey(b.badges);
}

/** One workspace: path, dialects, branch counts, steps and commits, last activity, steps per minute, badges. */
export const FleetRowView = memo(function FleetRowView({ row, badges, activity, nowMinute, selected, onSelect }: Props) {
  const series = minuteSeries(row.stepsPerMinute, nowMinute);
  const gone = row.state === 'gone';
  return (
    <tr
      className={`fleet-row${selected ? ' is-selected' : ''}${gone ? ' is-gone' : ''}`}
      data-testid="fleet-row"
      data-ws={row.id}
      data-state={row.state}
      data-badges={badges.map((b) => b.kind).join(' ')}
      aria-selected={selected}
      onClick={() => onSelect(row.id)}
    >
      <td className="fleet-path">
        {gone ? (
          <span className="mono">{row.id}</span>
        ) : (
          <a className="mono" href={workspaceHref(row.id)} data-testid="fleet-open">
            {row.id}
          </a>
        )}
        <div className="muted fleet-abs" title={row.path}>
          {gone ? 'gone: no longer under the root' : row.state === 'waiting' ? 'waiting for .GCC/' : row.path}
        </div>
      </td>
      <td className="muted">{row.dialects.join(', ') || '—'}</td>
      <td className="fleet-num" data-testid="fleet-branches" title="active / merged / abandoned">
        <span className="fleet-status status-active">{row.branches.active}</span> / <span className="fleet-status status-merged">{row.branches.merged}</span> /{' '}
        <span className="fleet-status status-abandoned">{row.branches.abandoned}</span>
      </td>
      <td className="fleet-num" data-testid="fleet-steps">
        {row.steps}
      </td>
      <td className="fleet-num" data-testid="fleet-commits">
        {row.commits}
      </td>
      <td className="fleet-num muted" data-testid="fleet-activity">
        {activity}
      </td>
      <td className="fleet-spark">
        <Sparkline series={series} label={`${countOf(series.reduce((a, b) => a + b, 0), 'step')} in the last hour`} />
      </td>
      <td>
        {/* The flex box inside the cell: a cell that is itself a flex box is no table cell (its border left the row's). */}
        <div className="fleet-badges">
          {badges.map((b) => (
            <span key={b.kind} className={`pill fleet-badge badge-${b.kind}`} title={b.reason} data-testid={`badge-${b.kind}`}>
              {BADGE_LABELS[b.kind]}
            </span>
          ))}
        </div>
      </td>
    </tr>
  );
}, sameProps);

export function activityText(row: FleetRow, now: number): string {
  return row.lastActivityAt === null ? '—' : `${describeAge(now - row.lastActivityAt)} ago`;
}
