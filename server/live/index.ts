// The live workspace: the store that keeps .GCC/ parsed in memory, the bus its changes go out on, and the watcher
// that tells it where to look.
export { createStore, type Store, type StoreOptions } from './store.ts';
export type { RecordsView, StoreRecords, WorkspaceView } from './workspace-view.ts';
export { readOnce, type ReadOnceOptions } from './read-once.ts';
export { compareView, nativeFind, searchView } from './view-answers.ts';
export { createEventBus, DEFAULT_RING_SIZE, type EventBus } from './event-bus.ts';
export { openLiveWorkspace, type LiveWorkspace, type LiveWorkspaceOptions } from './live-workspace.ts';
export type { BranchEntry } from './branch-entry.ts';
export type { GccWatcher, WatcherOptions } from './watcher.ts';
export { keptWork, type KeptWork } from './kept-work.ts';
/** The watcher, the only chokidar import: loaded once a workspace is read, never for a one-shot command. */
export const loadWatcher = () => import('./watcher.ts');
