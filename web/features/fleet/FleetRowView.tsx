import { memo } from 'react';
import { BADGE_LABELS, describeAge, type Badge } from '../../../shared/fleet/badges.ts';
import type { FleetRow } from '../../../shared/fleet/fleet-api.ts';
import { minuteSeries } from './fleetView.ts';
import { Sparkline } from './Sparkline.tsx';
import { countOf } from '../../ui/count.ts';
import type { GitFactsText } from './gitFacts.ts';

export function workspaceHref(id: string): string {
  return `?ws=${encodeURIComponent(id)}`;
}

interface Props {
  row: FleetRow;
  badges: Badge[];
  /** "12 s ago", computed by the list each second. */
  activity: string;
  nowMinute: number;
  /** A row read from git: its commit, push time, staleness; computed by the list each second, like `activity`. */
  git?: GitFactsText | null;
  selected: boolean;
  onSelect: (id: string) => void;
}

const badgesKey = (badges: readonly Badge[]) => badges.map((b) => `${b.kind}:${b.reason}`).join('\n');

/** Re-rendered only when what it shows changed: a live fleet sends many rows, most of them the same as before. */
function sameProps(a: Props, b: Props): boolean {
  return a.row === b.row && a.activity === b.activity && JSON.stringify(a.git) === JSON.stringify(b.git) && a.nowMinute === b.nowMinute && a.selected === b.selected && a.onSelect === b.onSelect && badgesKey(a.badges) === badgesKey(b.badges);
}

/** One workspace: path, dialects, branch counts, steps and commits, last activity, steps per minute, badges. */
export const FleetRowView = memo(function FleetRowView({ row, badges, activity, nowMinute, git, selected, onSelect }: Props) {
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
          {gone ? (row.git ? 'gone: the ref was deleted' : 'gone: no longer under the root') : row.state === 'waiting' ? (row.git ? 'being read…' : 'waiting for .GCC/') : row.path}
        </div>
        {git && <GitFacts git={git} url={row.git?.url ?? ''} />}
      </td>
      <td className="muted">{row.dialects.join(', ') || '—'}</td>
      <td className="fleet-num" data-testid="fleet-branches" title={`${row.branches.active} active, ${row.branches.merged} merged, ${row.branches.abandoned} abandoned`}>
        <BranchCount n={row.branches.active} status="active" /> / <BranchCount n={row.branches.merged} status="merged" /> / <BranchCount n={row.branches.abandoned} status="abandoned" />
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

function GitFacts({ git, url }: { git: GitFactsText; url: string }) {
  return (
    <div className="fleet-git" data-testid="fleet-git">
      <span className="mono muted" title={url}>
        {git.line}
      </span>
      {git.stale && (
        <span className="fleet-git-stale" data-testid="fleet-git-stale">
          {git.stale}
        </span>
      )}
      {git.rewritten && (
        <span className="fleet-git-rewritten" data-testid="fleet-git-rewritten">
          {git.rewritten}
        </span>
      )}
    </div>
  );
}

export function activityText(row: FleetRow, now: number): string {
  return row.lastActivityAt === null ? '—' : `${describeAge(now - row.lastActivityAt)} ago`;
}

/** One of a row's branch counts; its word is read out (and found by search) though only the colour shows it. */
function BranchCount({ n, status }: { n: number; status: 'active' | 'merged' | 'abandoned' }) {
  return (
    <span className={`fleet-status status-${status}`}>
      {n}
      <span className="visually-hidden"> {status}</span>
    </span>
  );
}
