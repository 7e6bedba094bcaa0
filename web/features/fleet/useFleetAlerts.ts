// Opt-in browser notifications: when a workspace newly stalls, loops or shows doctor errors. Off until the user turns
// it on (which asks the browser's permission); the choice is kept in local storage.
import { useEffect, useRef, useState } from 'react';
import { BADGE_LABELS } from '../../../shared/fleet/badges.ts';
import { badgeSets, newAlerts, type JudgedRow } from './fleetView.ts';

const KEY = 'gcc-studio.fleet.notify';

export function useFleetAlerts(rows: readonly JudgedRow[]): { enabled: boolean; supported: boolean; toggle: () => void } {
  const supported = typeof Notification !== 'undefined';
  const [enabled, setEnabled] = useState(() => supported && localStorage.getItem(KEY) === 'on' && Notification.permission === 'granted');
  const previous = useRef<Map<string, Set<string>> | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = badgeSets(rows);
    if (!enabled || !before) return;
    for (const { ws, badge } of newAlerts(before, rows)) {
      new Notification(`${ws}: ${BADGE_LABELS[badge.kind]}`, { body: badge.reason, tag: `${ws}:${badge.kind}` });
    }
  }, [rows, enabled]);
  const toggle = () => {
    if (!supported) return;
    if (enabled) {
      localStorage.setItem(KEY, 'off');
      setEnabled(false);
      return;
    }
    void Notification.requestPermission().then((p) => {
      const on = p === 'granted';
      localStorage.setItem(KEY, on ? 'on' : 'off');
      setEnabled(on);
    });
  };
  return { enabled, supported, toggle };
}
