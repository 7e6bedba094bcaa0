// The only place that talks to chokidar. It reports which paths under .GCC/ may have changed, never what changed: the
// store looks at the files itself, so a dropped, doubled or reordered event cannot make it wrong.
import { FSWatcher } from 'chokidar';
import { basename, dirname, join, resolve } from 'node:path';
import { BRANCHES_DIR } from '../../shared/gcc/read/paths.ts';
import { folderIdentities, type FolderIdentities } from '../fs/index.ts';
import { createBranchWatches } from './branch-watches.ts';
import { createIdentityCheck } from './identity-check.ts';
import { keptWork } from './kept-work.ts';
import { gccPaths, isGccFile, isWatchedGccPath } from './watched-paths.ts';

export interface WatcherOptions {
  /** The .GCC/ folder; it may not exist yet, or disappear and come back. */
  gccDir: string;
  /**
   * Called with paths relative to .GCC/ ('' is .GCC/ itself, `branches/x`, `branches/x/log.md`, `main.md`),
   * batched per tick. Re-checks call it again for a file that was just written, so calls are often redundant.
   */
  onChange: (paths: string[]) => void;
  onError?: (error: unknown) => void;
  /**
   * chokidar emits at most one `change` per file per 50 ms and drops the trailing one, so after each event the file
   * is reported again every `recheckIntervalMs` until `recheckWindowMs` pass without an event.
   */
  recheckIntervalMs?: number;
  recheckWindowMs?: number;
  /** Poll instead of inotify (chokidar's usePolling): the fleet's fallback once the system's watch limit is reached. */
  usePolling?: boolean;
  /** How often the folders' stamp is compared when chokidar says nothing (default IDENTITY_CHECK_MS). */
  identityCheckMs?: number | undefined;
  /**
   * Awaited between pieces of the set-up (a few watches set, a few folders stat'ed): the process's kept work
   * (kept-work.ts) by default, so a page's requests are answered while 5,000 branch folders are watched.
   */
  pace?: () => Promise<void>;
}

export interface GccWatcher {
  /** Resolves once the initial scan is done: changes after this are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Batches reported paths per tick into onChange, and reports a hot file again until it has been quiet a while. */
function createReporter(options: WatcherOptions) {
  const { onChange } = options;
  const recheckInterval = options.recheckIntervalMs ?? 8;
  const recheckWindow = options.recheckWindowMs ?? 120;
  let closed = false;
  let pending = new Set<string>();
  let flushScheduled = false;
  const hotUntil = new Map<string, number>();
  let recheckTimer: ReturnType<typeof setInterval> | null = null;

  const flush = () => {
    flushScheduled = false;
    if (closed || pending.size === 0) return;
    const batch = [...pending];
    pending = new Set();
    try {
      onChange(batch);
    } catch (err) {
      options.onError?.(err);
    }
  };

  const report = (rel: string) => {
    pending.add(rel);
    if (!flushScheduled) {
      flushScheduled = true;
      // setImmediate, not a timer: the events of one fs burst are batched without adding latency.
      setImmediate(flush);
    }
  };

  const recheck = () => {
    const now = Date.now();
    for (const [rel, until] of hotUntil) {
      if (until < now) hotUntil.delete(rel);
      else report(rel);
    }
    if (hotUntil.size === 0 && recheckTimer) {
      clearInterval(recheckTimer);
      recheckTimer = null;
    }
  };

  const markHot = (rel: string) => {
    hotUntil.set(rel, Date.now() + recheckWindow);
    if (!recheckTimer) recheckTimer = setInterval(recheck, recheckInterval);
  };

  return {
    get closed() {
      return closed;
    },
    report,
    markHot,
    close() {
      closed = true;
      if (recheckTimer) clearInterval(recheckTimer);
      recheckTimer = null;
      hotUntil.clear();
      pending.clear();
    },
  };
}

/**
 * Entries of a folder chokidar's scan takes on one turn of the event loop. Its readdirp takes 256 (on branches/, one
 * turn of 40–120 ms each, which a page's request waited behind), and chokidar's options have no say: its private
 * `_readdirp` is handed it. Without that method (another chokidar) the scan is only coarser.
 */
export const SCAN_BATCH = 32;

/** A chokidar watcher whose scan reads folders SCAN_BATCH entries a turn, not yet started. */
export function finerWatcher(options: ConstructorParameters<typeof FSWatcher>[0]): FSWatcher {
  const fs = new FSWatcher(options);
  const scanner = fs as unknown as { _readdirp?: (root: string, opts: object) => unknown };
  const readdirp = scanner._readdirp;
  if (typeof readdirp === 'function') scanner._readdirp = (root, opts) => readdirp.call(fs, root, { ...opts, highWaterMark: SCAN_BATCH });
  return fs;
}

/** How often the folders' identities are compared when chokidar says nothing (a swap makes no event at all). */
const IDENTITY_CHECK_MS = 1000;
/** Initial scans at most, when folders keep appearing during them (each later one is a rare, short race). */
const MAX_SCANS = 4;

/**
 * Folders of .GCC/ on disk (relative paths, as folderIdentities gives them) that chokidar does not list under their
 * parent. `watched` is chokidar's getWatched(): absolute folder path → the names it watches in it.
 */
export function unwatchedFolders(watched: Record<string, string[]>, gccDir: string, onDisk: FolderIdentities): string[] {
  const listed = new Map(Object.entries(watched).map(([dir, children]) => [dir, new Set(children)]));
  const root = resolve(gccDir);
  return [...onDisk.keys()].filter((rel) => {
    const abs = rel === '' ? root : join(root, rel);
    return !listed.get(dirname(abs))?.has(basename(abs));
  });
}

/**
 * A folder swapped in place (a rename makes no event for chokidar) is found by comparing folder identities
 * (folder-identity.ts), and chokidar is started afresh on the new folders; so is it when a folder was made during its
 * initial scan, between its reading the parent and its watching it (unwatchedFolders).
 */
// One piece: chokidar, the branch folders' own watches and the identity check share the reporter and `current`, and
// each restarts the others.
export function createWatcher(options: WatcherOptions): GccWatcher {
  const { parent, toGccRelative, ignored, ignoredFoldersOnly } = gccPaths(options.gccDir);
  const reporter = createReporter(options);
  // chokidar gives every file a watch of its own and keeps its stats (20,000 watches on 5,000 branches), while the
  // folder's watch already hears each of its files change: with inotify and its peers only folders are watched and
  // their raw events name the file; chokidar goes down to branches/ and lists the branch folders, each of which has a
  // plain watch of its own (createBranchWatches). Polling sees a folder change only when an entry comes or goes, so it
  // keeps files, and chokidar does it all.
  const foldersOnly = !options.usePolling;
  /** A raw event in a watched folder: the file it names, or the folder when it names none. */
  const onRaw = (folder: string, name: string | null) => {
    if (reporter.closed) return;
    const rel = toGccRelative(name !== null ? join(folder, name) : folder);
    if (rel !== null && name === null && isWatchedGccPath(rel)) return reporter.report(rel);
    if (rel === null || !isGccFile(rel) || !isWatchedGccPath(rel)) return;
    reporter.report(rel);
    reporter.markHot(rel);
  };
  const branchWatches = createBranchWatches(options.gccDir, onRaw, options.onError);
  const isBranchFolder = (rel: string) => rel.startsWith(`${BRANCHES_DIR}/`) && rel.split('/').length === 2 && isWatchedGccPath(rel);
  const pace = options.pace ?? (() => keptWork().turn());
  /**
   * Every branch folder chokidar lists under branches/ gets its watch (after a scan: it reported none of them), a few
   * a slice (5,000 in one loop were ~70 ms of one turn). One that chokidar reports meanwhile is watched on its event.
   */
  const watchListedBranches = async (fs: FSWatcher): Promise<void> => {
    if (!foldersOnly || reporter.closed) return;
    const branchesDir = join(resolve(options.gccDir), BRANCHES_DIR);
    for (const name of fs.getWatched()[branchesDir] ?? []) {
      await pace();
      if (reporter.closed || fs !== current.fs) return;
      const rel = `${BRANCHES_DIR}/${name}`;
      if (isBranchFolder(rel)) branchWatches.watch(rel);
    }
  };

  const startChokidar = (): { fs: FSWatcher; ready: Promise<void> } => {
    const fs = finerWatcher({
      ignored: foldersOnly ? ignoredFoldersOnly : ignored,
      ignoreInitial: true,
      followSymlinks: false,
      persistent: true,
      // Files that keep growing never settle: awaitWriteFinish would hold their events forever.
      awaitWriteFinish: false,
      // The parent, .GCC/ and branches/, whose listing names the branch folders (watched on their own).
      ...(foldersOnly ? { depth: 2 } : {}),
      ...(options.usePolling ? { usePolling: true, interval: 100, binaryInterval: 300 } : {}),
    });
    fs.add(parent);
    fs.on('all', (event, path) => {
      if (reporter.closed || fs !== current.fs) return;
      const rel = toGccRelative(path);
      if (rel === null) return;
      // Watched before the store looks at the folder (the report is flushed on a later turn); afresh on a removal too,
      // which may be reported after the folder was made again.
      if (foldersOnly && isBranchFolder(rel) && (event === 'addDir' || event === 'unlinkDir')) branchWatches.rewatch(rel);
      reporter.report(rel);
      if (event === 'add' || event === 'change') reporter.markHot(rel);
      // A folder of ours came or went: it may have been swapped for another in the same breath.
      if (event === 'addDir' || event === 'unlinkDir') void identities.check();
    });
    if (foldersOnly) {
      fs.on('raw', (_event, name, details) => {
        const folder = (details as { watchedPath?: unknown } | undefined)?.watchedPath;
        if (reporter.closed || fs !== current.fs || typeof folder !== 'string') return;
        // Some platforms may not name the file: the folder is then looked at whole.
        const named = typeof name === 'string' && name !== '' ? name : null;
        const rel = named === null ? null : toGccRelative(join(folder, named));
        if (rel !== null && isBranchFolder(rel)) branchWatches.rewatch(rel);
        onRaw(folder, named);
      });
    }
    fs.on('error', (err) => options.onError?.(err));
    return { fs, ready: new Promise<void>((resolve) => fs.once('ready', () => resolve())) };
  };

  let current = startChokidar();
  // chokidar's watches are on the folders that moved away (or it never saw a folder made during its scan): watch
  // afresh, then have everything looked at again (what changed while the new watches were being set up included).
  const watchAfresh = async (folders: string[]) => {
    const old = current;
    current = startChokidar();
    await old.fs.close();
    branchWatches.closeAll();
    await current.ready;
    if (reporter.closed) return;
    await watchListedBranches(current.fs);
    for (const rel of folders) reporter.report(rel);
    reporter.report('');
  };
  const identities = createIdentityCheck(options.gccDir, watchAfresh, options.onError, options.identityCheckMs ?? IDENTITY_CHECK_MS, pace);

  const ready = current.ready.then(async () => {
    await watchListedBranches(current.fs);
    await identities.start();
    // chokidar reads a folder, then watches it: a folder made in between is in neither its listing nor its watches,
    // and nothing under it is ever reported. A store that reads before the watcher is ready (live-workspace.ts) lets
    // writers go on meanwhile, so this is looked for once the scan is done, and the scan made again when it happened.
    for (let scans = 1; ; scans++) {
      const onDisk = scans === 1 ? identities.known() : await folderIdentities(options.gccDir, pace);
      const missed = unwatchedFolders(current.fs.getWatched(), options.gccDir, onDisk);
      if (missed.length === 0 || scans >= MAX_SCANS || reporter.closed) return;
      await watchAfresh(missed);
    }
  });
  return {
    ready,
    async close() {
      if (reporter.closed) return;
      reporter.close();
      identities.stop();
      branchWatches.closeAll();
      await current.fs.close();
    },
  };
}
