// One workspace of the fleet: its live workspace (server/live/live-workspace.ts: watcher → store → bus), its activity,
// its row version and the doctor findings of the last background check. Opening recovers first (what a crash of ours
// left), exactly as the single-workspace server does.
import type { StudioEvent } from '../../shared/events.ts';
import type { Diagnostic } from '../../shared/types.ts';
import { keptWork, loadWatcher, openLiveWorkspace, type EventBus, type GccWatcher, type LiveWorkspace } from '../live/index.ts';
import { authorsPathFor, recoverLeftovers, recoverWorkspace } from '../write/index.ts';
import type { TimeTravel } from '../travel/index.ts';
import { WorkspaceActivity } from './fleet-activity.ts';
import type { DiscoveredWorkspace } from './discovery.ts';

export interface MemberOptions {
  readOnly: boolean;
  usePolling: () => boolean;
  warn: (line: string) => void;
  /** Every error of the workspace's watcher and store (the fleet looks for the inotify limit in them). */
  onError: (member: FleetMember, error: unknown) => void;
  onEvent: (member: FleetMember, event: StudioEvent) => void;
  /** Start watching once this settles (see LiveWorkspaceOptions.watchAfter). */
  watchAfter?: Promise<unknown> | undefined;
}

/**
 * How often each member's watcher looks for a folder swapped in place (a single workspace: every second). Two stats a
 * look, times 1,000 members, was the fleet's only idle cost; a swap is rare and also seen at once when chokidar
 * reports the folder going or coming.
 */
const FLEET_IDENTITY_CHECK_MS = 5000;

/** The members' searches for leftovers, one after another: 1,000 at once once the first screen is in were a burst. */
let leftoversDone: Promise<unknown> = Promise.resolve();

export class FleetMember {
  live: LiveWorkspace | null = null;
  /** Its time travel when it brings its own (a git ref: exact moments); undefined: the app's default. */
  travel: TimeTravel | null | undefined = undefined;
  activity: WorkspaceActivity | null = null;
  gone = false;
  version = 1;
  writeDiagnostics: Diagnostic[] = [];
  /** When a background doctor check last ran, and whether something changed since. */
  checkedAt = 0;
  changedSinceCheck = true;
  /** When the workspace's bus last published: the background check waits for a quiet workspace. */
  lastEventAt = 0;
  private pollingWatcher: GccWatcher | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(readonly found: DiscoveredWorkspace) {}

  get id(): string {
    return this.found.id;
  }

  get bus(): EventBus | null {
    return this.live?.bus ?? null;
  }

  async open(options: MemberOptions): Promise<void> {
    const live: LiveWorkspace & { travel?: TimeTravel | null } = await (this.found.open ?? (() => this.openFolder(options)))();
    this.travel = live.travel;
    const activity = new WorkspaceActivity();
    activity.load(live.store);
    this.live = live;
    this.activity = activity;
    this.unsubscribe = live.bus.subscribe((event) => {
      activity.take(event);
      this.changedSinceCheck = true;
      this.lastEventAt = Date.now();
      options.onEvent(this, event);
    });
  }

  /**
   * A folder on disk: what a crash of ours left is recovered first (stale locks, a merge cut short), then it is read
   * and watched. Its temp files, which no reader opens, are looked for once watching may start, as the single server
   * does: that lists every branch folder (a tenth of the CPU of a 1,000-workspace fleet's start).
   */
  private async openFolder(options: MemberOptions): Promise<LiveWorkspace> {
    const { gccDir, projectDir } = this.found;
    const warn = (line: string) => options.warn(`gcc-studio: ${this.id}: ${line}`);
    for (const line of (await recoverWorkspace(gccDir, { readOnly: options.readOnly, leftoversLater: true })).lines) warn(line);
    const after = Promise.resolve(options.watchAfter).catch(() => {});
    leftoversDone = Promise.all([leftoversDone, after]).then(async () => {
      // Between a page's requests, as the rest of the work kept for after the first screen (kept-work.ts).
      await keptWork().turn();
      for (const line of await recoverLeftovers(gccDir, options.readOnly)) warn(line);
    }).catch((err: unknown) => warn(`cannot look for what a killed gcc-studio left: ${String(err)}`));
    return openLiveWorkspace({
      gccDir,
      root: projectDir,
      readOnly: options.readOnly,
      authorsFile: authorsPathFor(gccDir),
      usePolling: options.usePolling(),
      onError: (e) => options.onError(this, e),
      watchAfter: options.watchAfter,
      identityCheckMs: FLEET_IDENTITY_CHECK_MS,
      // Its activity and row read every branch's records at once.
      awakeAtStart: true,
    });
  }

  /** The inotify limit was hit while this one was watched: watch it again by polling, and read it whole once. */
  async fallBackToPolling(onError: (e: unknown) => void): Promise<void> {
    const live = this.live;
    if (!live || this.pollingWatcher || this.found.open) return;
    const { createWatcher } = await loadWatcher();
    this.pollingWatcher = createWatcher({ gccDir: this.found.gccDir, usePolling: true, onChange: (paths) => void live.store.apply(paths), onError });
    await this.pollingWatcher.ready;
    await live.store.apply(['']);
  }

  get polling(): boolean {
    return this.pollingWatcher !== null;
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.pollingWatcher?.close();
    this.pollingWatcher = null;
    await this.live?.close();
    this.live = null;
  }
}
