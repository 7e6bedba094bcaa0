// One watched workspace: the watcher feeds the store, the store publishes on its bus. The HTTP server (http/serve.ts)
// and the tests open one; nothing here knows about HTTP.
import { dirname } from 'node:path';
import { createEventBus, type EventBus } from './event-bus.ts';
import { createStore, type Store } from './store.ts';
import { createWatcher, type GccWatcher } from './watcher.ts';

export interface LiveWorkspace {
  store: Store;
  bus: EventBus;
  watcher: GccWatcher;
  close(): Promise<void>;
}

export interface LiveWorkspaceOptions {
  gccDir: string;
  root?: string;
  readOnly?: boolean;
  onError?: (error: unknown) => void;
  /** Watch by polling (the fleet's fallback when the inotify watch limit is reached). */
  usePolling?: boolean;
}

/** The parsed workspace, kept current by the watcher, with its event bus. Resolves once loaded and watching. */
export async function openLiveWorkspace(options: LiveWorkspaceOptions): Promise<LiveWorkspace> {
  const bus = createEventBus();
  const store = createStore({ gccDir: options.gccDir, root: options.root ?? dirname(options.gccDir), readOnly: options.readOnly ?? false, bus, onError: options.onError });
  const watcher = createWatcher({
    gccDir: options.gccDir,
    onChange: (paths) => void store.apply(paths),
    onError: options.onError,
    usePolling: options.usePolling,
  });
  // Watch first, then read: a change during the first read is either in it or reported after it.
  await watcher.ready;
  await store.load();
  return {
    store,
    bus,
    watcher,
    async close() {
      await watcher.close();
      await store.idle();
    },
  };
}
