// Where a batch's changes are announced: the bus while the gate is open, nowhere while it is shut (a first read tells
// its changes all at once).
import type { StudioEvent } from '../../shared/events.ts';
import type { EventBus, UnnumberedEvent } from './event-bus.ts';

export type Publish = (event: UnnumberedEvent) => StudioEvent;

export class EventGate {
  /** Shut until the store's load() has read the workspace. */
  open = false;

  constructor(private readonly bus: EventBus) {}

  /** While shut, the event is dropped and stamped with the current revision, as if it were already known. */
  readonly publish: Publish = (event) => {
    if (!this.open) return { ...event, id: this.bus.revision } as StudioEvent;
    return this.bus.publish(event);
  };

  /** Runs `work` with the gate shut, then leaves it as it was. */
  async quietly(work: () => Promise<void>): Promise<void> {
    const wasOpen = this.open;
    this.open = false;
    try {
      await work();
    } finally {
      this.open = wasOpen;
    }
  }
}

/** Where a batch's changes are announced: a gate in front of a bus, or SILENT. */
export type Announcer = Pick<EventGate, 'open' | 'publish' | 'quietly'>;

/** Where a one-shot read's changes go: nowhere (no bus, no revision). */
export const SILENT: Announcer = {
  open: false,
  publish: (event) => ({ ...event, id: 0 }) as StudioEvent,
  quietly: (work) => work(),
};
