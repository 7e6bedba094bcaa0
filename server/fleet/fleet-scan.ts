// Keeps the fleet's list of workspaces current by walking the roots again every second and reporting the difference.
import { discoverWorkspaces, type DiscoveredWorkspace, type DiscoveryOptions } from './discovery.ts';

export interface ScanChange {
  added: DiscoveredWorkspace[];
  /** Ids no longer found: their .GCC/ (or its folder) was deleted, or moved away. */
  gone: string[];
}

export interface FleetScanOptions extends DiscoveryOptions {
  intervalMs?: number;
  onChange: (change: ScanChange) => void | Promise<void>;
  onProblem?: (message: string) => void;
}

export interface FleetScan {
  /** The workspaces found by the first walk. */
  readonly initial: DiscoveredWorkspace[];
  /** Walks now and reports (tests, and a caller that knows something changed). */
  rescan(): Promise<void>;
  close(): void;
}

/** The difference between two walks, by id (a pure step, tested alone). */
export function diffScans(before: ReadonlyMap<string, DiscoveredWorkspace>, after: readonly DiscoveredWorkspace[]): ScanChange {
  const afterIds = new Set(after.map((w) => w.id));
  return {
    added: after.filter((w) => !before.has(w.id)),
    gone: [...before.keys()].filter((id) => !afterIds.has(id)),
  };
}

/**
 * Every `intervalMs` (1 s: a .GCC/ created under a root is served within 2 s). A re-walk lists folders only, down to
 * the depth and outside ignored trees, so it costs no watches: the inotify budget is left to the workspaces.
 */
export async function startFleetScan(options: FleetScanOptions): Promise<FleetScan> {
  const first = await discoverWorkspaces(options);
  const reported = new Set<string>();
  const report = (problems: string[]) => {
    for (const p of problems) if (!reported.has(p)) (reported.add(p), options.onProblem?.(p));
  };
  report(first.problems);
  let known = new Map(first.workspaces.map((w) => [w.id, w]));
  let closed = false;
  let running: Promise<void> | null = null;

  const walk = async () => {
    const found = await discoverWorkspaces(options);
    if (closed) return;
    report(found.problems);
    const change = diffScans(known, found.workspaces);
    known = new Map(found.workspaces.map((w) => [w.id, w]));
    if (change.added.length || change.gone.length) await options.onChange(change);
  };
  // One walk at a time: a slow disk makes walks longer, never concurrent.
  const rescan = () => (running ??= walk().finally(() => (running = null)));
  const timer = setInterval(() => void rescan().catch((err) => options.onProblem?.(`rescan failed: ${String(err)}`)), options.intervalMs ?? 1000);
  timer.unref();
  return {
    initial: first.workspaces,
    rescan,
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
