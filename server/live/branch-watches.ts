// The branch folders' own watches: one plain `fs.watch` each, beside chokidar's watch of .GCC/ and branches/
// (watcher.ts), which names the folders.
import { watch as watchFolder, type FSWatcher as FolderWatch } from 'node:fs';
import { join } from 'node:path';

/**
 * The branch folders' own watches (one `fs.watch` each: chokidar's bookkeeping of a folder cost ~2.8 KB of heap, 14 MB
 * on 5,000 branches, and its scan of them ~1.7 s of CPU). Their events name the file, reported as chokidar's raw ones.
 */
export function createBranchWatches(gccDir: string, report: (folder: string, name: string | null) => void, onError: ((error: unknown) => void) | undefined) {
  const watches = new Map<string, FolderWatch>();
  // Each watch's folder (`branches/<name>`), for the listeners every watch shares: two closures a watch and the
  // folder's full path cost ~270 bytes a branch of an idle server (1.3 MB on 5,000).
  const relOf = new WeakMap<FolderWatch, string>();
  const unwatch = (rel: string) => {
    watches.get(rel)?.close();
    watches.delete(rel);
  };
  function changed(this: FolderWatch, _event: string, name: string | Buffer | null): void {
    const rel = relOf.get(this);
    if (rel !== undefined) report(join(gccDir, rel), typeof name === 'string' && name !== '' ? name : null);
  }
  function failed(this: FolderWatch): void {
    const rel = relOf.get(this);
    if (rel !== undefined && watches.get(rel) === this) unwatch(rel);
  }
  const watch = (rel: string): void => {
    if (watches.has(rel)) return;
    try {
      const w = watchFolder(join(gccDir, rel), { persistent: true }, changed);
      relOf.set(w, rel);
      w.on('error', failed);
      watches.set(rel, w);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') onError?.(err);
    }
  };
  return {
    /** `rel` is `branches/<name>`; a folder already gone is not watched (its entry's events say when it comes back). */
    watch,
    /**
     * Watched afresh: its entry in branches/ changed (removed and made again, which chokidar may report as nothing, and
     * the old watch hears nothing of the new folder).
     */
    rewatch(rel: string): void {
      unwatch(rel);
      watch(rel);
    },
    closeAll(): void {
      for (const w of watches.values()) w.close();
      watches.clear();
    },
  };
}
