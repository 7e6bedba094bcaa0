// The fleet: one row per workspace under the roots, live, with badges judged each second from the user's thresholds.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FleetResponse } from '../../../shared/fleet/fleet-api.ts';
import { fleetOptions } from '../../api/queries.ts';
import { useFleetLive } from '../../api/useFleetLive.ts';
import { FleetControls } from './FleetControls.tsx';
import { judgeRows, visibleRows } from './fleetView.ts';
import { activityText, FleetRowView, workspaceHref } from './FleetRowView.tsx';
import { useFleetAlerts } from './useFleetAlerts.ts';
import { useFleetKeys } from './useFleetKeys.ts';
import { useFleetSettings } from './useFleetSettings.ts';
import './fleet.css';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

export function FleetPage() {
  const { data } = useQuery(fleetOptions());
  const fleet = data?.mode === 'fleet' ? (data as FleetResponse) : null;
  const status = useFleetLive(fleet !== null);
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
  useEffect(() => {
    document.title = `fleet (${fleet?.rows.length ?? 0}) · gcc-studio`;
  }, [fleet?.rows.length]);

  return (
    <div className="app fleet-page">
      <header className="header">
        <span className="brand-name">gcc-studio</span>
        <span className="mono path-clip" title={fleet?.roots.join(', ')}>
          fleet · {fleet?.roots.join(', ')}
        </span>
        <div className="header-right">
          <span className="muted" data-testid="fleet-count">{fleet?.rows.length ?? 0} workspaces</span>
          <span className={`pill connection-${status}`} data-testid="connection" data-status={status}>
            {status}
          </span>
        </div>
      </header>
      {fleet?.notices.map((n) => (
        <div key={n} className="fleet-notice" role="status" data-testid="fleet-notice">
          {n}
        </div>
      ))}
      <FleetControls settings={settings} update={update} alerts={alerts} />
      <div className="fleet-table-wrap">
        <table className="fleet-table" aria-label="Workspaces">
          <thead>
            <tr>
              <th>Workspace</th>
              <th>Dialects</th>
              <th title="active / merged / abandoned">Branches</th>
              <th>Steps</th>
              <th>Commits</th>
              <th>Last activity</th>
              <th>Steps / min, last hour</th>
              <th>Badges</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <FleetRowView key={r.row.id} row={r.row} badges={r.badges} activity={activityText(r.row, now)} nowMinute={Math.floor(now / 60_000)} selected={i === selected} onSelect={setSelectedId} />
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <div className="empty">{fleet?.rows.length ? 'No workspace matches the filter.' : 'No .GCC/ under the roots yet: the list updates by itself.'}</div> : null}
      </div>
    </div>
  );
}
