// The fleet page's one live stream: GET /api/fleet/events, applied to the cached fleet answer. On a drop it
// reconnects with the row versions it holds, so the server resends only the workspaces that changed meanwhile.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FleetEvent, FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { api } from './client.ts';
import { applyFleetEvent, fleetSince, isFleetEvent } from './fleetUpdates.ts';
import { frameOf } from './liveConnection.ts';
import { keys } from './queries.ts';

export type FleetLiveStatus = 'connecting' | 'live' | 'reconnecting';

/** Events are applied together at most this often: ten workspaces at 20 steps/s must not re-render the table 200×/s. */
export const FLEET_APPLY_MS = 50;

export function useFleetLive(enabled: boolean): FleetLiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<FleetLiveStatus>('connecting');
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;
    let pending: FleetEvent[] = [];
    let applyTimer: ReturnType<typeof setTimeout> | null = null;
    const applyPending = () => {
      applyTimer = null;
      const batch = pending;
      pending = [];
      client.setQueryData<FleetResponse | { mode: 'single' }>(keys.fleet(), (old) => (old && old.mode === 'fleet' ? batch.reduce(applyFleetEvent, old) : old));
    };
    const open = () => {
      const held = client.getQueryData<FleetResponse>(keys.fleet());
      const es = new EventSource(api.fleetEventsUrl(held?.epoch ?? null, held ? fleetSince(held) : ''));
      source = es;
      es.onopen = () => {
        attempts = 0;
        setStatus('live');
      };
      es.onmessage = (msg: MessageEvent<string>) => {
        const event = frameOf(msg.data, isFleetEvent);
        if (!event) return;
        pending.push(event);
        applyTimer ??= setTimeout(applyPending, FLEET_APPLY_MS);
      };
      es.onerror = () => {
        es.close();
        if (stopped || source !== es) return;
        source = null;
        setStatus('reconnecting');
        timer = setTimeout(open, Math.min(250 * 2 ** attempts++, 4_000));
      };
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (applyTimer) clearTimeout(applyTimer);
      source?.close();
    };
  }, [client, enabled]);
  return status;
}
