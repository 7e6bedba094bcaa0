// Numbers the store's events, fans them out to live streams and keeps a ring of recent ones, so a client that
// reconnects with Last-Event-ID gets exactly what it missed (hono's streamSSE does not replay anything).
import type { StudioEvent } from '../../shared/events.ts';

/** An event before the bus gives it its id. */
type WithoutId<E> = E extends unknown ? Omit<E, 'id'> : never;
export type UnnumberedEvent = WithoutId<StudioEvent>;

export type EventListener = (event: StudioEvent) => void;

export type Replay = { kind: 'events'; events: StudioEvent[] } | { kind: 'gap' };

export interface EventBus {
  /** The id of the newest event (0 before any): the workspace revision. */
  readonly revision: number;
  publish(event: UnnumberedEvent): StudioEvent;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /**
   * Every event after `lastId`, oldest first; `gap` when some of them already left the ring, or when `lastId` is
   * from the future (a client of a previous server process).
   */
  since(lastId: number): Replay;
  readonly listenerCount: number;
}

export const DEFAULT_RING_SIZE = 4096;

export function createEventBus(ringSize = DEFAULT_RING_SIZE): EventBus {
  const ring: (StudioEvent | undefined)[] = new Array(ringSize);
  let revision = 0;
  const listeners = new Set<EventListener>();

  return {
    get revision() {
      return revision;
    },
    get listenerCount() {
      return listeners.size;
    },
    publish(unnumbered) {
      revision += 1;
      const event = { ...unnumbered, id: revision } as StudioEvent;
      ring[revision % ringSize] = event;
      for (const listener of [...listeners]) listener(event);
      return event;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    since(lastId) {
      if (!Number.isInteger(lastId) || lastId < 0 || lastId > revision) return { kind: 'gap' };
      const oldest = Math.max(1, revision - ringSize + 1);
      if (lastId + 1 < oldest) return { kind: 'gap' };
      const events: StudioEvent[] = [];
      for (let id = lastId + 1; id <= revision; id++) events.push(ring[id % ringSize]!);
      return { kind: 'events', events };
    },
  };
}
