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
  /**
   * Resolves once the watcher's initial scan is done and everything the store holds has been looked at again since:
   * from then on every change is reported by the watcher. Changes before it are caught by that second look.
   */
  watching: Promise<void>;
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

/**
 * The parsed workspace, kept current by the watcher, with its event bus. Resolves once loaded; the watcher starts
 * then, and its initial scan (chokidar's lstat and watch of every folder and file: ~0.4 s for 500 branches) goes on
 * while the first requests are answered. A file written after the first read but before chokidar watched it makes no
 * event, so once chokidar is ready the store looks at every file again (`watching`).
 */
export async function openLiveWorkspace(options: LiveWorkspaceOptions): Promise<LiveWorkspace> {
  const bus = createEventBus();
  const store = createStore({ gccDir: options.gccDir, root: options.root ?? dirname(options.gccDir), readOnly: options.readOnly ?? false, bus, onError: options.onError });
  await store.load();
  let closed = false;
  let closedBeforeReady = () => {};
  const watcher = createWatcher({
    gccDir: options.gccDir,
    onChange: (paths) => void store.apply(paths),
    onError: options.onError,
    usePolling: options.usePolling,
  });
  // '' is all of .GCC/: each branch's files are stat'ed and read on only where they grew or changed.
  const rechecked = watcher.ready
    .then(() => (closed ? undefined : store.apply([''])))
    .catch((err: unknown) => options.onError?.(err));
  // Closed before chokidar was ready: nothing is watched any more, and nobody waiting for it should wait forever.
  const watching = Promise.race([rechecked, new Promise<void>((resolve) => (closedBeforeReady = resolve))]);
  return {
    store,
    bus,
    watcher,
    watching,
    async close() {
      closed = true;
      closedBeforeReady();
      await watcher.close();
      await store.idle();
    },
  };
}
