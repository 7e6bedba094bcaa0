// One watched workspace: the watcher feeds the store, the store publishes on its bus. The HTTP server (http/serve.ts)
// and the tests open one; nothing here knows about HTTP.
import { dirname } from 'node:path';
import { BRANCHES_DIR, BRANCH_FILES, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import { createEventBus, type EventBus } from './event-bus.ts';
import { processDormancy } from './dormancy.ts';
import { collectSoon } from './start-up-garbage.ts';
import { createStore, type Store } from './store.ts';
import type { GccWatcher } from './watcher.ts';
import { followSideFile } from './side-file.ts';
import { keptWork } from './kept-work.ts';

export interface LiveWorkspace {
  store: Store;
  bus: EventBus;
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
  /**
   * Start watching once this settles (the server: once it has answered its first request, so that chokidar's scan
   * does not compete with that answer for the CPU). Default: as soon as the workspace is read.
   */
  watchAfter?: Promise<unknown> | undefined;
  /** How often the watcher looks for a folder swapped in place (watcher.ts; default every second). */
  identityCheckMs?: number;
  /** Who wrote what (server/write/authorship.ts): its changes go out as `authors-changed`. */
  authorsFile?: string;
  /** Branches read at start stay awake until a sweep finds them untouched (StoreOptions.awakeAtStart). */
  awakeAtStart?: boolean;
}

/**
 * The parsed workspace, kept current by the watcher, with its event bus. Resolves once loaded; the watcher starts
 * then (or after `watchAfter`), and its initial scan (chokidar's lstat of every entry and a watch on every folder:
 * ~0.4 s of CPU for 500 branches) goes on while requests are answered. A file written after the first read but before chokidar
 * watched it makes no event, so once chokidar is ready the store looks at every file again (`watching`).
 */
export async function openLiveWorkspace(options: LiveWorkspaceOptions): Promise<LiveWorkspace> {
  const bus = createEventBus();
  const store = createStore({ gccDir: options.gccDir, root: options.root ?? dirname(options.gccDir), readOnly: options.readOnly ?? false, bus, onError: options.onError, awakeAtStart: options.awakeAtStart });
  await store.load();
  let closed = false;
  let stopWatching = async (): Promise<void> => {};
  const watch = async () => {
    await options.watchAfter?.catch(() => {});
    await keptWork().turn();
    // Loaded only now: chokidar is no part of the first read.
    const { createWatcher } = await import('./watcher.ts');
    if (closed) return;
    const watcher: GccWatcher = createWatcher({
      gccDir: options.gccDir,
      onChange: (paths) => void store.apply(paths),
      onError: options.onError,
      usePolling: options.usePolling,
      identityCheckMs: options.identityCheckMs,
    });
    stopWatching = () => watcher.close();
    await watcher.ready;
    if (!closed) await lookAgain(store, () => closed);
    // Start-up is over: the sleeping files' bytes are compressed, then its garbage (and theirs) collected.
    void processDormancy().packAsleep().then(collectSoon);
  };
  const stopAuthors = options.authorsFile ? followSideFile(options.authorsFile, () => void bus.publish({ type: 'authors-changed' })) : () => {};
  let closedBeforeReady = () => {};
  const watching = Promise.race([
    watch().catch((err: unknown) => options.onError?.(err)),
    // Closed before chokidar was ready: nothing is watched any more, and nobody waiting for it should wait forever.
    new Promise<void>((resolve) => (closedBeforeReady = resolve)),
  ]);
  return {
    store,
    bus,
    watching,
    async close() {
      closed = true;
      closedBeforeReady();
      stopAuthors();
      await stopWatching();
      await store.idle();
    },
  };
}

/** Branches looked at again in one apply: a slice's worth (kept-work.ts). */
const LOOK_AGAIN_AT_ONCE = 64;

/**
 * The look at every file once the watcher is ready, as `apply([''])` takes it (the roadmap, the listing, each branch's
 * files stat'ed and read on only where they grew or changed) but a few branches a slice: at once it was one ~200 ms
 * turn of the loop on 5,000 branches. A branch made or removed meanwhile is the watcher's to report.
 */
async function lookAgain(store: Store, closed: () => boolean): Promise<void> {
  await keptWork().turn();
  // The roadmap and the listing, and all of .GCC/ when it came or went since the first read; then the branches that
  // listing found (read through the store's source, not listed a second time).
  await store.apply([ROADMAP_FILE, BRANCHES_DIR]);
  const names = store.records().branches.map((b) => b.name);
  const files = Object.values(BRANCH_FILES);
  for (let i = 0; i < names.length && !closed(); i += LOOK_AGAIN_AT_ONCE) {
    await keptWork().turn();
    await store.apply(names.slice(i, i + LOOK_AGAIN_AT_ONCE).flatMap((name) => files.map((file) => `${BRANCHES_DIR}/${name}/${file}`)));
  }
}
