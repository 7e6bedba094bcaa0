// The event gate on its own, in front of a real bus: shut, nothing reaches the bus; open, every event does; a quiet
// stretch leaves the gate as it found it, even when the work fails.
import { describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../shared/events.ts';
import { createEventBus } from './event-bus.ts';
import { EventGate } from './event-gate.ts';

function gated() {
  const bus = createEventBus();
  const seen: StudioEvent[] = [];
  bus.subscribe((e) => seen.push(e));
  return { bus, seen, gate: new EventGate(bus) };
}

describe('EventGate', () => {
  it('starts shut: events are dropped, stamped with the current revision', () => {
    const { bus, seen, gate } = gated();
    expect(gate.publish({ type: 'roadmap-changed', text: 'a' })).toEqual({ type: 'roadmap-changed', text: 'a', id: 0 });
    expect(seen).toEqual([]);
    expect(bus.revision).toBe(0);
    gate.open = true;
    expect(gate.publish({ type: 'roadmap-changed', text: 'b' }).id).toBe(1);
    expect(seen.map((e) => e.id)).toEqual([1]);
  });

  it('shuts for a quiet stretch, then opens again, even when the work throws', async () => {
    const { seen, gate } = gated();
    gate.open = true;
    await gate.quietly(async () => {
      gate.publish({ type: 'workspace-reset', present: true });
    });
    expect(gate.open).toBe(true);
    await expect(
      gate.quietly(async () => {
        throw new Error('gone');
      }),
    ).rejects.toThrow('gone');
    expect(gate.open).toBe(true);
    expect(seen).toEqual([]);
    gate.open = false;
    await gate.quietly(async () => {});
    expect(gate.open).toBe(false);
  });
});
