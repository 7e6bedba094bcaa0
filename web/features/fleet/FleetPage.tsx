// The fleet: one row per workspace under the roots, live, with badges judged each second from the user's thresholds.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FleetResponse } from '../../../shared/fleet/fleet-api.ts';
import { fleetOptions } from '../../api/queries.ts';
import { exportedAtMs, isExportedPage } from '../../api/snapshot.ts';
import { useFleetLive, type FleetLiveStatus } from '../../api/useFleetLive.ts';
import { Brand } from '../../ui/Brand.tsx';
import { countOf } from '../../ui/count.ts';
import { ExportedBanner } from '../timeline/index.ts';
import { AgentCompare } from './AgentCompare.tsx';
import { FleetControls } from './FleetControls.tsx';
import { judgeRows, visibleRows } from './fleetView.ts';
import { activityText, FleetRowView, workspaceHref } from './FleetRowView.tsx';
import { gitFactsText } from './gitFacts.ts';
import { useFleetAlerts } from './useFleetAlerts.ts';
import { useFleetKeys } from './useFleetKeys.ts';
import { useFleetSettings } from './useFleetSettings.ts';
import './fleet.css';

/** Now, each second; an exported fleet is judged as of its export (stalled then, not by today's clock). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => exportedAtMs ?? Date.now());
  useEffect(() => {
    if (exportedAtMs !== null) return;
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

export function FleetPage() {
  const { data } = useQuery(fleetOptions());
  const fleet = data?.mode === 'fleet' ? (data as FleetResponse) : null;
  // An exported fleet is a file: no stream to listen to.
  const status = useFleetLive(fleet !== null && !isExportedPage);
  const now = useNow(1000);
  const [settings, update] = useFleetSettings();
  const judged = useMemo(() => judgeRows(fleet?.rows ?? [], settings.thresholds, now), [fleet?.rows, settings.thresholds, now]);
  const rows = useMemo(() => visibleRows(judged, settings.sort, settings.badge, settings.name), [judged, settings.sort, settings.badge, settings.name]);
  const alerts = useFleetAlerts(judged);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId === null ? null : rows.findIndex((r) => r.row.id === selectedId);
  const open = useCallback((i: number) => {
    const r = rows[i];
    if (r && r.row.state !== 'gone') location.assign(workspaceHref(r.row.id));
  }, [rows]);
  const select = useCallback((i: number) => setSelectedId(rows[i]?.row.id ?? null), [rows]);
  useFleetKeys(rows.length, selected === -1 ? null : selected, select, open, useCallback(() => update({ name: '' }), [update]));
  const listRef = useRef<HTMLDivElement>(null);
  const saveCompareHeight = useCallback((compareHeight: number) => update({ compareHeight }), [update]);
  useEffect(() => {
    document.title = `fleet (${fleet?.rows.length ?? 0}) · gcc-studio`;
  }, [fleet?.rows.length]);

  return (
    <div className="app fleet-page">
      <header className="header">
        <Brand />
        <h1 className="fleet-title">Fleet</h1>
        <span className="mono path-clip fleet-roots" title={fleet?.roots.join(', ')}>
          <bdi>{fleet?.roots.join(', ')}</bdi>
        </span>
        <div className="header-right">
          <span className="muted" data-testid="fleet-count">
            {countOf(fleet?.rows.length ?? 0, 'workspace')}
          </span>
          <FleetStatusBadge status={status} />
        </div>
      </header>
      {isExportedPage ? <ExportedBanner /> : null}
      {fleet?.notices.map((n) => (
        <div key={n} className="fleet-notice" role="status" data-testid="fleet-notice">
          {n}
        </div>
      ))}
      <main className="fleet-main">
        <FleetControls settings={settings} update={update} alerts={alerts} />
        <div className="fleet-table-wrap" ref={listRef}>
          <table className="fleet-table" aria-label="Workspaces">
            <FleetTableHead />
            <tbody>
              {rows.map((r, i) => (
                <FleetRowView key={r.row.id} row={r.row} badges={r.badges} activity={activityText(r.row, now)} nowMinute={Math.floor(now / 60_000)} git={r.row.git ? gitFactsText(r.row.git, now) : null} selected={i === selected} onSelect={setSelectedId} />
              ))}
            </tbody>
          </table>
          {rows.length === 0 ? <FleetEmpty fleet={fleet} /> : null}
        </div>
        {isExportedPage ? null : <AgentCompare rows={fleet?.rows ?? []} listRef={listRef} height={settings.compareHeight} saveHeight={saveCompareHeight} />}
      </main>
    </div>
  );
}

/** A word as a shell reads it: as it is when plain, else in single quotes. */
const shellWord = (word: string) => (/^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/** The list with no row: none matches the filter, or none yet, which for a git fleet means no agent has pushed. */
function FleetEmpty({ fleet }: { fleet: FleetResponse | null }) {
  if (fleet?.rows.length) return <div className="empty">No workspace matches the filter.</div>;
  if (!fleet?.git) return <div className="empty" data-testid="fleet-empty">No .GCC/ under the roots yet: the list updates by itself.</div>;
  return (
    <div className="empty" data-testid="fleet-empty">
      <p>No agent's memory has been read from this repository yet.</p>
      <p>
        On each agent's machine, in the folder that holds its <code>.GCC/</code>, run <code className="fleet-empty-command">gcc-studio push --remote {shellWord(fleet.git.url)}</code> (add <code>--watch</code> to push as
        it works): each agent becomes a row here within a refresh.
      </p>
    </div>
  );
}

/** The table's columns; Branches with the legend of its three counts. */
function FleetTableHead() {
  return (
    <thead>
      <tr>
        <th scope="col">Workspace</th>
        <th scope="col">Dialects</th>
        <th scope="col">
          Branches
          <span className="fleet-legend" data-testid="fleet-branches-legend">
            <span className="fleet-status status-active">active</span> / <span className="fleet-status status-merged">merged</span> /{' '}
            <span className="fleet-status status-abandoned">abandoned</span>
          </span>
        </th>
        <th scope="col" className="fleet-num-head">
          Steps
        </th>
        <th scope="col" className="fleet-num-head">
          Commits
        </th>
        <th scope="col">Last activity</th>
        <th scope="col" className="fleet-spark">
          Steps / min, last hour
        </th>
        <th scope="col">Badges</th>
      </tr>
    </thead>
  );
}

const FLEET_STATUS: Record<FleetLiveStatus, string> = { connecting: 'Connecting', live: 'Live', reconnecting: 'Reconnecting' };

/** The same badge as a workspace's page: the stream's state, or Snapshot for an exported file. */
function FleetStatusBadge({ status }: { status: FleetLiveStatus }) {
  if (isExportedPage) {
    return (
      <span className="badge badge-snapshot" data-testid="connection" data-status="snapshot" title="An exported file: the fleet as it was then; it never changes">
        <span className="badge-dot" aria-hidden="true" />
        Snapshot
      </span>
    );
  }
  return (
    <span className={`badge badge-${status}`} role="status" aria-live="polite" data-testid="connection" data-status={status}>
      <span className="badge-dot" aria-hidden="true" />
      {FLEET_STATUS[status]}
    </span>
  );
}
