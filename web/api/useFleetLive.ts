// The fleet page's one live stream: GET /api/fleet/events, applied to the cached fleet answer. On a drop it
// reconnects with the row versions it holds, so the server resends only the workspaces that changed meanwhile.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { api } from './client.ts';
import { applyFleetEvent, fleetSince, isFleetEvent } from './fleetUpdates.ts';
import { keys } from './queries.ts';

export type FleetLiveStatus = 'connecting' | 'live' | 'reconnecting';

export function useFleetLive(enabled: boolean): FleetLiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<FleetLiveStatus>('connecting');
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;
    const open = () => {
      const held = client.getQueryData<FleetResponse>(keys.fleet());
      const es = new EventSource(api.fleetEventsUrl(held?.epoch ?? null, held ? fleetSince(held) : ''));
      source = es;
      es.onopen = () => {
        attempts = 0;
        setStatus('live');
      };
      es.onmessage = (msg: MessageEvent<string>) => {
        let event: unknown;
        try {
          event = JSON.parse(msg.data);
        } catch {
          return;
        }
        if (!isFleetEvent(event)) return;
        client.setQueryData<FleetResponse | { mode: 'single' }>(keys.fleet(), (old) => (old && old.mode === 'fleet' ? applyFleetEvent(old, event) : old));
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
      source?.close();
    };
  }, [client, enabled]);
  return status;
}
