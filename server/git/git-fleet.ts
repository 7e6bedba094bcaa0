// A fleet read from a git remote: one row per ref holding a .GCC/, from the private mirror, fetched again every few
// seconds. A new ref is a new row, a moved ref moves its row's workspace (the same live events as a folder), a deleted
// ref is a row gone; an unreachable remote leaves every row as it was, marked stale, and is retried with backoff.
import type { GitRowFacts } from '../../shared/fleet/fleet-api.ts';
import { fetchRefspec, refPattern, rowIdOfRef, type RefTip } from '../../shared/git/refs.ts';
import type { DiscoveredWorkspace, FleetScan, FleetScanStart } from '../fleet/index.ts';
import { GitError } from './git-command.ts';
import { GitWorkspace } from './git-workspace.ts';
import { GitMirror } from './mirror.ts';

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

export function gitFleetScan(options: GitFleetOptions): { url: () => string; start: FleetScanStart } {
  let url = options.repo;
  const start: FleetScanStart = async ({ onChange, onProblem, touch }) => {
    const pattern = refPattern(options.refs ?? 'refs/heads/');
    if ('problem' in pattern) throw new GitError(pattern.problem);
    const mirror = await GitMirror.open(options.repo, options.env);
    url = mirror.url;
    const rows = new Map<string, RefRow>();
    const state = { fetchedAt: null as number | null, stale: null as string | null, failures: 0 };

    /** A row's facts; a gone row keeps its last. */
    const facts = (row: RefRow): GitRowFacts => {
      return { url: mirror.url, ref: row.tip.ref, commit: row.tip.commit, pushedAt: row.tip.authorTime * 1000, fetchedAt: state.fetchedAt, stale: state.stale, rewrittenFrom: row.rewrittenFrom };
    };
    const found = (tip: RefTip): DiscoveredWorkspace => {
      const id = rowIdOfRef(tip.ref);
      const row: RefRow = { tip, workspace: null, rewrittenFrom: null };
      rows.set(id, row);
      // Paths are joined onto it (path.join, which folds `//`): the ref alone, whose name git keeps free of `//` and `..`.
      const root = `git:${tip.ref}/.GCC`;
      return {
        id,
        root: mirror.url,
        projectDir: `${mirror.url}#${tip.ref}`,
        // Never a folder: a name no write can reach (the store is read-only; nothing is joined onto it on disk).
        gccDir: root,
        open: async () => {
          const workspace = await GitWorkspace.open({ gitDir: mirror.gitDir, objects: mirror.objects, tip: row.tip, root, shownRoot: `${mirror.url} ${tip.ref}`, onError: (e) => onProblem(`${id}: ${String(e)}`) });
          row.workspace = workspace;
          return workspace;
        },
        gitFacts: () => facts(row),
      };
    };

    /** Fetches; on failure keeps every row and says why. True when the refs may have changed. */
    const fetched = async (): Promise<boolean> => {
      try {
        await mirror.fetch(fetchRefspec(pattern.pattern));
        const wasStale = state.stale !== null;
        Object.assign(state, { fetchedAt: Date.now(), stale: null, failures: 0 });
        if (wasStale) for (const id of rows.keys()) touch(id);
        return true;
      } catch (err) {
        if (!(err instanceof GitError)) throw err;
        const first = state.stale === null;
        Object.assign(state, { stale: err.message, failures: state.failures + 1 });
        if (first) {
          onProblem(`${err.message} (rows show their last fetched state; retrying)`);
          for (const id of rows.keys()) touch(id);
        }
        return false;
      }
    };

    const refresh = async () => {
      if (!(await fetched())) return;
      const tips = await mirror.memoryRefs(pattern.pattern);
      const now = new Map(tips.map((t) => [rowIdOfRef(t.ref), t]));
      const gone = [...rows.keys()].filter((id) => !now.has(id));
      for (const id of gone) rows.delete(id);
      const added = tips.filter((t) => !rows.has(rowIdOfRef(t.ref))).map(found);
      if (added.length || gone.length) await onChange({ added, gone });
      for (const [id, tip] of now) {
        const row = rows.get(id);
        if (!row || row.tip.commit === tip.commit || added.some((a) => a.id === id)) continue;
        // A tip that does not descend from the last one read: someone rewrote the ref (a force-push).
        if (!(await mirror.descends(row.tip.commit, tip.commit))) row.rewrittenFrom = row.tip.commit;
        row.tip = tip;
        await row.workspace?.moveTo(tip).catch((e: unknown) => onProblem(`${id}: ${String(e)}`));
        touch(id);
      }
    };

    await fetched();
    const initial = (await mirror.memoryRefs(pattern.pattern).catch(() => [] as RefTip[])).map(found);
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running: Promise<void> | null = null;
    const rescan = () => (running ??= refresh().catch((e: unknown) => onProblem(`refresh failed: ${String(e)}`)).finally(() => (running = null)));
    const next = () => {
      if (closed) return;
      timer = setTimeout(() => void rescan().then(next), backoff(options.refreshMs, state.failures, options.maxBackoffMs ?? 60_000));
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
