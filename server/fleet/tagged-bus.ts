// A workspace's bus as the fleet's routes hand it out: every event it gives (live or replayed) carries the workspace
// id as `ws`, so a page that follows several workspaces can tell their events apart. Publishing goes straight through.
import type { StudioEvent } from '../../shared/events.ts';
import type { EventBus } from '../live/index.ts';

export type TaggedEvent = StudioEvent & { ws: string };

export function taggedBus(bus: EventBus, ws: string): EventBus {
  const tag = (e: StudioEvent): StudioEvent => ({ ...e, ws }) as TaggedEvent;
  return {
    get revision() {
      return bus.revision;
    },
    get listenerCount() {
      return bus.listenerCount;
    },
    publish: (event) => bus.publish(event),
    subscribe: (listener) => bus.subscribe((e) => listener(tag(e))),
    since(lastId) {
      const replay = bus.since(lastId);
      // For a gap the events route sends `resync` at the bus revision; sending that same frame from here names its
      // workspace too, so a page following several workspaces resyncs only this one.
      if (replay.kind === 'gap') return { kind: 'events', events: [tag({ type: 'resync', id: bus.revision })] };
      return { kind: 'events', events: replay.events.map(tag) };
    },
  };
}
