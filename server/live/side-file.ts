// Follows one file gcc-studio keeps beside .GCC/ (who wrote what: .gcc-studio/authors.jsonl), which the watcher does
// not see, so a write by another process (an MCP server on stdio) still reaches the page. Its folder may not exist
// yet: then its parent is watched until it does.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** Calls `onChange` (coalesced over `settleMs`) after the file changes; returns the stop. */
export function followSideFile(path: string, onChange: () => void, settleMs = 25): () => void {
  const folder = dirname(path);
  const name = basename(path);
  let fileWatch: FSWatcher | null = null;
  let folderWatch: FSWatcher | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => !stopped && onChange(), settleMs);
  };
  const watchFolder = (): boolean => {
    try {
      fileWatch = watch(folder, { persistent: false }, (_event, file) => {
        if (file === null || file === name) changed();
      });
      // A folder removed or unreadable meanwhile: the marks stop being live, nothing else breaks.
      fileWatch.on('error', () => fileWatch?.close());
      return true;
    } catch {
      return false;
    }
  };
  if (!watchFolder()) {
    try {
      folderWatch = watch(dirname(folder), { persistent: false }, (_event, file) => {
        if (file !== basename(folder) || fileWatch || stopped || !watchFolder()) return;
        folderWatch?.close();
        changed();
      });
      folderWatch.on('error', () => folderWatch?.close());
    } catch {
      // No inotify watch left (a large fleet): the marks refresh with the records instead.
    }
  }
  return () => {
    stopped = true;
    clearTimeout(timer);
    fileWatch?.close();
    folderWatch?.close();
  };
}
