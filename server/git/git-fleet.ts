// A fleet read from a git remote: one row per ref holding a .GCC/, from the private mirror, fetched again every few
// seconds. A new ref is a new row, a moved ref moves its row's workspace (the same live events as a folder), a deleted
// ref is a row gone; an unreachable remote leaves every row as it was, marked stale, and is retried with backoff.
import type { GitRowFacts } from '../../shared/fleet/fleet-api.ts';
import { fetchRefspec, refPattern, rowIdOfRef, type RefTip } from '../../shared/git/refs.ts';
import type { DiscoveredWorkspace, FleetScan, FleetScanStart } from '../fleet/index.ts';
import { GitError } from './git-command.ts';
import { GitWorkspace } from './git-workspace.ts';
import { FetchError, GitMirror } from './mirror.ts';

export interface GitFleetOptions {
  repo: string;
  /** --refs GLOB; default every branch (refs/heads/gcc/* always, others when their tree holds .GCC/). */
  refs?: string | null;
  refreshMs: number;
  env?: NodeJS.ProcessEnv;
  /** Longest wait between two tries while the remote is unreachable. */
  maxBackoffMs?: number;
}

interface RefRow {
  tip: RefTip;
  workspace: GitWorkspace | null;
  rewrittenFrom: string | null;
}

/** The wait before the next fetch: the interval, doubled for each failure in a row, at most `max`. */
export const backoff = (intervalMs: number, failures: number, max: number) => Math.min(max, intervalMs * 2 ** Math.min(failures, 16));

type Handlers = Parameters<FleetScanStart>[0];

/** The rows of one mirror: each ref's tip and workspace, the last fetch's state, and what a refresh changes. */
class RefRows {
  private readonly rows = new Map<string, RefRow>();
  private readonly state = { fetchedAt: null as number | null, stale: null as string | null, failures: 0, reason: null as string | null };
  /** The notice the failing fetch gave, taken back once a fetch succeeds. */
  private said: string | null = null;

  constructor(
    private readonly mirror: GitMirror,
    private readonly pattern: string,
    private readonly on: Handlers,
  ) {}

  get failures(): number {
    return this.state.failures;
  }

  /** A row's facts; a gone row keeps its last. */
  private facts(row: RefRow): GitRowFacts {
    const { mirror, state } = this;
    return { url: mirror.url, ref: row.tip.ref, commit: row.tip.commit, pushedAt: row.tip.authorTime * 1000, fetchedAt: state.fetchedAt, stale: state.stale, rewrittenFrom: row.rewrittenFrom };
  }

  /** A new row, listed: its workspace is read when the fleet opens it. */
  found(tip: RefTip): DiscoveredWorkspace {
    const { mirror } = this;
    const id = rowIdOfRef(tip.ref);
    const row: RefRow = { tip, workspace: null, rewrittenFrom: null };
    this.rows.set(id, row);
    // Paths are joined onto it (path.join, which folds `//`): the ref alone, whose name git keeps free of `//` and `..`.
    const root = `git:${tip.ref}/.GCC`;
    return {
      id,
      root: mirror.url,
      projectDir: `${mirror.url}#${tip.ref}`,
      // Never a folder: a name no write can reach (the store is read-only; nothing is joined onto it on disk).
      gccDir: root,
      open: async () => {
        const workspace = await GitWorkspace.open({ gitDir: mirror.gitDir, objects: mirror.objects, tip: row.tip, root, shownRoot: `${mirror.url} ${tip.ref}`, onError: (e) => this.on.onProblem(`${id}: ${String(e)}`) });
        row.workspace = workspace;
        return workspace;
      },
      gitFacts: () => this.facts(row),
    };
  }

  /**
   * Fetches; on failure keeps every row and says why (`quiet`: not yet, the start says it once its rows are listed).
   * True when the refs may have changed.
   */
  async fetched(quiet = false): Promise<boolean> {
    const { state } = this;
    try {
      await this.mirror.fetch(fetchRefspec(this.pattern));
      const wasStale = state.stale !== null;
      Object.assign(state, { fetchedAt: Date.now(), stale: null, failures: 0, reason: null });
      if (wasStale) for (const id of this.rows.keys()) this.on.touch(id);
      if (this.said !== null) this.on.onProblemOver(this.said);
      this.said = null;
      return true;
    } catch (err) {
      if (!(err instanceof GitError)) throw err;
      const first = state.stale === null;
      Object.assign(state, { stale: err.message, failures: state.failures + 1, reason: err instanceof FetchError ? err.reason : err.message });
      if (first && !quiet) this.sayStale();
      return false;
    }
  }

  /** The failed fetch in words: rows kept as last fetched, or, with none, that no ref could be read and git's reason. */
  sayStale(): void {
    const { state } = this;
    if (state.stale === null) return;
    if (this.said !== null) this.on.onProblemOver(this.said);
    this.said =
      this.rows.size === 0
        ? `no ref could be read from ${this.mirror.url}: ${state.reason ?? state.stale} (retrying, less often while it fails)`
        : `${state.stale} (rows show their last fetched state; retrying)`;
    this.on.onProblem(this.said);
    for (const id of this.rows.keys()) this.on.touch(id);
  }

  tips(): Promise<RefTip[]> {
    return this.mirror.memoryRefs(this.pattern);
  }

  /** Fetches, then adds, removes and moves rows as the refs now are. */
  async refresh(): Promise<void> {
    if (!(await this.fetched())) return;
    const tips = await this.tips();
    const now = new Map(tips.map((t) => [rowIdOfRef(t.ref), t]));
    const gone = [...this.rows.keys()].filter((id) => !now.has(id));
    for (const id of gone) this.rows.delete(id);
    const added = tips.filter((t) => !this.rows.has(rowIdOfRef(t.ref))).map((t) => this.found(t));
    if (added.length || gone.length) await this.on.onChange({ added, gone });
    for (const [id, tip] of now) {
      const row = this.rows.get(id);
      if (!row || row.tip.commit === tip.commit || added.some((a) => a.id === id)) continue;
      // A tip that does not descend from the last one read: someone rewrote the ref (a force-push).
      const rewritten = !(await this.mirror.descends(row.tip.commit, tip.commit));
      await row.workspace?.moveTo(tip).catch((e: unknown) => this.on.onProblem(`${id}: ${String(e)}`));
      // The row's facts change only once its workspace shows the new tip: a row never names a commit it does not show.
      if (rewritten) row.rewrittenFrom = row.tip.commit;
      row.tip = tip;
      this.on.touch(id);
    }
  }
}

export function gitFleetScan(options: GitFleetOptions): { url: () => string; start: FleetScanStart } {
  let url = options.repo;
  const start: FleetScanStart = async (handlers) => {
    const pattern = refPattern(options.refs ?? 'refs/heads/');
    if ('problem' in pattern) throw new GitError(pattern.problem);
    const mirror = await GitMirror.open(options.repo, options.env);
    url = mirror.url;
    const rows = new RefRows(mirror, pattern.pattern, handlers);
    // A failed first fetch is said once the rows are listed: the mirror may hold refs from an earlier start.
    const fetched = await rows.fetched(true);
    const initial = (await rows.tips().catch(() => [] as RefTip[])).map((t) => rows.found(t));
    if (!fetched) rows.sayStale();
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running: Promise<void> | null = null;
    const rescan = () => (running ??= rows.refresh().catch((e: unknown) => handlers.onProblem(`refresh failed: ${String(e)}`)).finally(() => (running = null)));
    const next = () => {
      if (closed) return;
      timer = setTimeout(() => void rescan().then(next), backoff(options.refreshMs, rows.failures, options.maxBackoffMs ?? 60_000));
      timer.unref();
    };
    next();
    const scan: FleetScan = {
      initial,
      rescan,
      close() {
        closed = true;
        if (timer) clearTimeout(timer);
        mirror.close();
      },
    };
    return scan;
  };
  return { url: () => url, start };
}
