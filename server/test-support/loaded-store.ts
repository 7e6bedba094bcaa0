// A real store loaded over a temp copy of a corpus case, for the server's tests of parts that read from a store.
import type { StudioEvent } from '../../shared/events.ts';
import { createEventBus, type EventBus } from '../live/event-bus.ts';
import { createStore, type Store } from '../live/store.ts';
import { tempCorpusCopy } from './temp-corpus.ts';

export async function loadedStore(corpusCase: string, options: { readOnly?: boolean } = {}): Promise<{ dir: string; gccDir: string; store: Store; bus: EventBus; events: StudioEvent[] }> {
  const { dir, gccDir } = tempCorpusCopy(corpusCase);
  const bus = createEventBus();
  const events: StudioEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const store = createStore({ gccDir, root: dir, readOnly: options.readOnly ?? false, bus });
  await store.load();
  return { dir, gccDir, store, bus, events };
}
