// The fleet: one live workspace per .GCC/ found under the roots, kept in step with the rescan, each change sent out as
// that workspace's row.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { FleetEvent, FleetRow } from '../../shared/fleet/fleet-api.ts';
import { writeDiagnostics } from '../write/index.ts';
import { FleetMember, type MemberOptions } from './fleet-member.ts';
import { buildRow } from './fleet-row.ts';
import { startFleetScan, type FleetScan, type ScanChange } from './fleet-scan.ts';

/** What keeps the fleet's list current: the walk of folders (default), or another (a git remote's refs). */
export type FleetScanStart = (handlers: {
  onChange: (change: ScanChange) => Promise<void>;
  onProblem: (message: string) => void;
  /** A problem said earlier is over (a remote answers again): its notice goes. */
  onProblemOver: (message: string) => void;
  /** A row's facts changed with no event on its bus (a git ref's fetch failed, or moved to the same memory). */
  touch: (id: string) => void;
}) => Promise<FleetScan>;
import type { DiscoveredWorkspace } from './discovery.ts';

export interface FleetOptions {
  roots: string[];
  maxDepth: number;
  readOnly?: boolean;
  warn?: (line: string) => void;
  scanIntervalMs?: number;
  /** Rows of changed workspaces go out this long after the first change (default 10 ms: a row costs ~0.1 ms). */
  flushMs?: number;
  /** Workspaces opened at once at start (default 8). */
  openConcurrency?: number;
  /** The background doctor check of a changed workspace runs at most this often (default 30 s). */
  checkEveryMs?: number;
  /** Members found at start begin watching once this settles (the fleet server: after its first answer). */
  watchAfter?: Promise<unknown>;
  /** Where the list comes from instead of a walk of `roots` (which are then only shown). */
  scan?: FleetScanStart;
  /**
   * Answer before every workspace is read: each is listed at once (waiting) and read in the background, its row going
   * out when it is (a git remote of 1,000 refs: reading them all takes seconds, listing them does not).
   */
  openInBackground?: boolean;
}

export type FleetListener = (event: FleetEvent) => void;

export const INOTIFY_NOTICE =
  "the system's inotify watch limit is reached (fs.inotify.max_user_watches): the remaining workspaces are watched by polling, which costs more CPU and up to 0.1 s more delay; raise the limit (sysctl fs.inotify.max_user_watches=524288) and restart to watch them all with inotify";

export function isWatchLimitError(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.code === 'ENOSPC' || /\bENOSPC\b|inotify watch limit/i.test(String(e?.message ?? error));
}

/**
 * Added workspaces are opened, deleted ones shown as gone; rows are coalesced (one per workspace per flush). When the
 * system's inotify watch limit is reached it says so once and polls from then on.
 */
export class Fleet {
  readonly epoch = randomBytes(6).toString('hex');
  readonly members = new Map<string, FleetMember>();
  readonly notices: string[] = [];
  get roots(): string[] {
    return [...this.options.roots];
  }
  private readonly listeners = new Set<FleetListener>();
  private readonly dirty = new Set<FleetMember>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private checkTimer: ReturnType<typeof setInterval> | null = null;
  private scan: FleetScan | null = null;
  private polling = false;
  private closed = false;
  private readonly warn: (line: string) => void;
  private readonly memberOptions: MemberOptions;

  constructor(private readonly options: FleetOptions) {
    this.warn = options.warn ?? ((line) => console.error(line));
    this.memberOptions = {
      readOnly: options.readOnly ?? false,
      usePolling: () => this.polling,
      warn: this.warn,
      onError: (member, error) => this.onMemberError(member, error),
      onEvent: (member) => this.touch(member),
      watchAfter: options.watchAfter,
    };
  }

  /** The first walk and every workspace opened; resolves when all are loaded and watched. */
  async start(): Promise<void> {
    const onChange = (change: ScanChange) => this.applyScan(change);
    const onProblem = (message: string) => this.notice(message);
    const onProblemOver = (message: string) => this.noticeOver(message);
    this.scan = this.options.scan
      ? await this.options.scan({ onChange, onProblem, onProblemOver, touch: (id) => this.touchId(id) })
      : await startFleetScan({ roots: this.options.roots, maxDepth: this.options.maxDepth, intervalMs: this.options.scanIntervalMs, onChange, onProblem });
    if (this.options.openInBackground) {
      const members = this.scan.initial.map((found) => new FleetMember(found));
      for (const m of members) this.members.set(m.id, m);
      void this.openAll(this.scan.initial, members);
    } else await this.openAll(this.scan.initial);
    this.checkTimer = setInterval(() => void this.checkNext(), 250);
    this.checkTimer.unref();
  }

  /** Walks the roots now (tests; a 1 s timer does it otherwise). */
  rescan(): Promise<void> {
    return this.scan?.rescan() ?? Promise.resolve();
  }

  rows(): FleetRow[] {
    return [...this.members.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((m) => this.row(m));
  }

  row(member: FleetMember): FleetRow {
    // A workspace that could not be opened (said on the terminal) is shown waiting: the next rescan that finds it
    // again after it went away opens it anew. One whose .GCC/ is not there is waiting too (buildRow), or gone once its
    // folder went as well (applyScan kept it open).
    const state = member.gone ? 'gone' : member.live ? 'live' : 'waiting';
    const built = buildRow({ id: member.id, path: member.found.projectDir, state, version: member.version, view: member.live?.store ?? null, activity: member.activity, writeDiagnostics: member.writeDiagnostics });
    const row: FleetRow = built.state === 'waiting' && member.live && member.found.open === undefined && !existsSync(member.found.projectDir) ? { ...built, state: 'gone' } : built;
    const git = member.found.gitFacts?.();
    return git ? { ...row, git } : row;
  }

  private touchId(id: string): void {
    const member = this.members.get(id);
    if (member) this.touch(member);
  }

  subscribe(listener: FleetListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.scan?.close();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.checkTimer) clearInterval(this.checkTimer);
    await Promise.all([...this.members.values()].map((m) => m.close()));
  }

  private emit(event: FleetEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  private touch(member: FleetMember): void {
    member.version++;
    this.dirty.add(member);
    this.flushTimer ??= setTimeout(() => this.flush(), this.options.flushMs ?? 10);
  }

  private flush(): void {
    this.flushTimer = null;
    const batch = [...this.dirty];
    this.dirty.clear();
    // Nobody listens (the start, before a page): each row's version moved, and a page that comes asks them whole.
    if (this.listeners.size === 0) return;
    for (const m of batch) if (this.members.get(m.id) === m) this.emit({ type: 'fleet-row', ws: m.id, row: this.row(m) });
  }

  private notice(message: string): void {
    if (this.notices.includes(message)) return;
    this.notices.push(message);
    this.warn(`gcc-studio: ${message}`);
    this.emit({ type: 'fleet-notices', notices: [...this.notices] });
  }

  private noticeOver(message: string): void {
    const at = this.notices.indexOf(message);
    if (at === -1) return;
    this.notices.splice(at, 1);
    this.emit({ type: 'fleet-notices', notices: [...this.notices] });
  }

  /** Opens each (into `listed[i]` when it is already listed), a few at a time. */
  private async openAll(found: readonly DiscoveredWorkspace[], listed?: readonly FleetMember[]): Promise<void> {
    const queue = found.map((w, i) => ({ w, m: listed?.[i] }));
    const worker = async () => {
      // Closed meanwhile (a background open of 1,000): the rest are not opened.
      for (let next = queue.shift(); next && !this.closed; next = queue.shift()) await this.openOne(next.w, next.m);
    };
    await Promise.all(Array.from({ length: this.options.openConcurrency ?? 8 }, worker));
  }

  private async openOne(found: DiscoveredWorkspace, listed?: FleetMember): Promise<void> {
    const previous = listed ? undefined : this.members.get(found.id);
    const member = listed ?? new FleetMember(found);
    if (previous) member.version = previous.version + 1;
    this.members.set(found.id, member);
    try {
      await member.open(this.memberOptions);
    } catch (err) {
      this.warn(`gcc-studio: ${found.id}: cannot open ${found.gccDir}: ${String(err)}`);
    }
    if (this.closed) return void (await member.close());
    await previous?.close();
    this.touch(member);
  }

  private async applyScan(change: ScanChange): Promise<void> {
    for (const id of change.gone) {
      const m = this.members.get(id);
      if (!m || m.gone) continue;
      // Its .GCC/ went but its folder stays: the workspace waits for one, as a single workspace's does (its open page
      // waits with it, and is not cut off; the same member serves the .GCC/ that comes back).
      if (waitsInPlace(m)) {
        this.touch(m);
        continue;
      }
      // Shown as gone, not dropped: the page keeps the row and says so.
      m.gone = true;
      await m.close();
      this.touch(m);
    }
    const added = change.added.filter((w) => {
      const kept = this.members.get(w.id);
      if (!kept || !waitsInPlace(kept) || kept.found.gccDir !== w.gccDir) return true;
      this.touch(kept);
      return false;
    });
    if (added.length) {
      await this.openAll(added);
      this.emit({ type: 'fleet-members', epoch: this.epoch, ids: [...this.members.keys()] });
    }
  }

  private onMemberError(member: FleetMember, error: unknown): void {
    if (!isWatchLimitError(error)) return this.warn(`gcc-studio: ${member.id}: ${String(error)}`);
    const first = !this.polling;
    this.polling = true;
    if (first) this.notice(INOTIFY_NOTICE);
    void member.fallBackToPolling((e) => (isWatchLimitError(e) ? undefined : this.warn(`gcc-studio: ${member.id}: ${String(e)}`)));
  }

  /** One background doctor check at a time: the oldest changed, quiet workspace not checked in the last `checkEveryMs`. */
  private checking = false;
  private async checkNext(): Promise<void> {
    if (this.checking || this.closed) return;
    const now = Date.now();
    const due = now - (this.options.checkEveryMs ?? 30_000);
    // Only a workspace quiet for 2 s: the check reads every file of it, which would hold up a busy one's rows (and
    // what matters is an agent that stopped with errors; format errors of a busy one show at once anyway).
    const quiet = now - 2_000;
    const next = [...this.members.values()].filter((m) => m.live && m.changedSinceCheck && m.checkedAt <= due && m.lastEventAt <= quiet).sort((a, b) => a.checkedAt - b.checkedAt)[0];
    if (!next?.live) return;
    this.checking = true;
    try {
      next.changedSinceCheck = false;
      next.checkedAt = Date.now();
      const found = (await writeDiagnostics(next.found.gccDir, next.live.store)).filter((d) => d.severity === 'error');
      if (JSON.stringify(found) !== JSON.stringify(next.writeDiagnostics)) {
        next.writeDiagnostics = found;
        this.touch(next);
      }
    } catch (err) {
      this.warn(`gcc-studio: ${next.id}: doctor check failed: ${String(err)}`);
    } finally {
      this.checking = false;
    }
  }
}

/** A folder's workspace that is open, not gone: it follows its own .GCC/ going and coming back (a git ref does not). */
function waitsInPlace(m: FleetMember): boolean {
  return !m.gone && m.live !== null && m.found.open === undefined && existsSync(m.found.projectDir);
}
