import { useId } from 'react';
import { BADGE_KINDS, BADGE_LABELS } from '../../../shared/fleet/badges.ts';
import { isExportedPage } from '../../api/snapshot.ts';
import type { BadgeFilter, FleetSettings, FleetSort } from './fleetSettings.ts';
import { SettingsPopover } from './SettingsPopover.tsx';
import { FLEET_FILTER_ID } from './useFleetKeys.ts';

interface Props {
  settings: FleetSettings;
  update: (patch: Partial<FleetSettings>) => void;
  alerts: { enabled: boolean; supported: boolean; toggle: () => void };
}

/** Name filter, sort, badge filter, thresholds and the notifications switch (none in an exported file: nothing moves). */
export function FleetControls({ settings, update, alerts }: Props) {
  const sortId = useId();
  const showId = useId();
  return (
    <div className="fleet-controls">
      <input id={FLEET_FILTER_ID} type="search" className="fleet-filter" placeholder="Filter by name" value={settings.name} onChange={(e) => update({ name: e.currentTarget.value })} aria-label="Filter workspaces by name" aria-keyshortcuts="/" />
      <label className="field" htmlFor={sortId}>
        Sort by
        <select id={sortId} value={settings.sort} onChange={(e) => update({ sort: e.currentTarget.value as FleetSort })} data-testid="fleet-sort">
          <option value="activity">last activity</option>
          <option value="name">name</option>
          <option value="badges">badges</option>
        </select>
      </label>
      <label className="field" htmlFor={showId}>
        Show
        <select id={showId} value={settings.badge} onChange={(e) => update({ badge: e.currentTarget.value as BadgeFilter })} data-testid="fleet-badge-filter">
          <option value="all">all workspaces</option>
          <option value="healthy">no badge</option>
          {BADGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {BADGE_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <SettingsPopover thresholds={settings.thresholds} onChange={(thresholds) => update({ thresholds })} />
      {alerts.supported && !isExportedPage ? (
        <button type="button" className="btn" aria-pressed={alerts.enabled} onClick={alerts.toggle} title="Notify when an agent stalls, loops or shows doctor errors">
          {alerts.enabled ? 'Notifications on' : 'Notify me'}
        </button>
      ) : null}
      <span className="fleet-keys muted">
        <kbd>/</kbd> filter · <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open
      </span>
    </div>
  );
}
