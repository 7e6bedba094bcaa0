// The event bus: numbering, listeners, and the replay ring.
import { describe, expect, it } from 'vitest';
import { createEventBus } from './event-bus.ts';

describe('createEventBus', () => {
  it('numbers events from 1 and tells listeners in order until they unsubscribe', () => {
    const bus = createEventBus(8);
    const seen: number[] = [];
    const off = bus.subscribe((e) => seen.push(e.id));
    expect(bus.publish({ type: 'roadmap-changed', text: 'a' }).id).toBe(1);
    bus.publish({ type: 'branch-removed', branch: 'x' });
    off();
    bus.publish({ type: 'resync' });
    expect(seen).toEqual([1, 2]);
    expect(bus.revision).toBe(3);
    expect(bus.listenerCount).toBe(0);
  });

  it('replays what a client missed while it is still in the ring', () => {
    const bus = createEventBus(4);
    for (let i = 0; i < 6; i++) bus.publish({ type: 'roadmap-changed', text: String(i) });
    expect(bus.since(6)).toEqual({ kind: 'events', events: [] });
    const replay = bus.since(3);
    expect(replay.kind === 'events' && replay.events.map((e) => e.id)).toEqual([4, 5, 6]);
    // The ring holds ids 3..6: a client that saw 2 misses only 3..6, which is still complete.
    expect(bus.since(2).kind).toBe('events');
    expect(bus.since(1)).toEqual({ kind: 'gap' });
  });

  it('calls an id from the future or a bad one a gap', () => {
    const bus = createEventBus(4);
    bus.publish({ type: 'resync' });
    expect(bus.since(5)).toEqual({ kind: 'gap' });
    expect(bus.since(-1)).toEqual({ kind: 'gap' });
    expect(bus.since(0.5)).toEqual({ kind: 'gap' });
    expect(bus.since(0).kind).toBe('events');
  });
});
