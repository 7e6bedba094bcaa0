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
  const unwatch = (rel: string) => {
    watches.get(rel)?.close();
    watches.delete(rel);
  };
  const watch = (rel: string): void => {
    if (watches.has(rel)) return;
    const folder = join(gccDir, rel);
    try {
      const w = watchFolder(folder, { persistent: true }, (_event, name) => report(folder, typeof name === 'string' && name !== '' ? name : null));
      w.on('error', () => unwatch(rel));
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
