// The fleet page's settings as state: read from local storage and the hash, written back to both.
import { useCallback, useEffect, useState } from 'react';
import type { BadgeThresholds } from '../../../shared/fleet/badges.ts';
import { parseFleetSettings, serializeFleetHash, STORAGE_KEY, type FleetSettings } from './fleetSettings.ts';

const stored = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY));

export function useFleetSettings(): [FleetSettings, (patch: Partial<FleetSettings>) => void] {
  const [settings, setSettings] = useState(() => parseFleetSettings(location.hash, stored()));
  useEffect(() => {
    const saved: BadgeThresholds = parseFleetSettings('', stored()).thresholds;
    const hash = serializeFleetHash(settings, saved);
    if (hash !== location.hash) history.replaceState(history.state, '', location.pathname + location.search + hash);
  }, [settings]);
  const update = useCallback((patch: Partial<FleetSettings>) => {
    if (patch.thresholds) localStorage.setItem(STORAGE_KEY, JSON.stringify(patch.thresholds));
    setSettings((s) => ({ ...s, ...patch }));
  }, []);
  return [settings, update];
}
