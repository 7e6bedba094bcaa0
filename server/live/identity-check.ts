// Notices a folder of .GCC/ swapped in place, which chokidar does not report (watcher.ts then watches afresh): the
// folders' identities compared when asked, and on a timer once their stamp moved.
import { folderIdentities, folderStamp, replacedFolders, type FolderIdentities } from '../fs/index.ts';

/**
 * Compares the folders' identities when asked, and on a timer when the stamp of .GCC/ and branches/ moved (or may
 * have: folderStamp), so an idle workspace costs two stats a second however many branches it has. Calls `onReplaced`
 * with the folders swapped.
 */
export function createIdentityCheck(
  gccDir: string,
  onReplaced: (replaced: string[]) => Promise<void>,
  onError: ((error: unknown) => void) | undefined,
  everyMs: number,
  /** Awaited between a few folders' stats (kept-work.ts): a wide workspace's look does not hold the loop. */
  pace?: () => Promise<void>,
) {
  let known: FolderIdentities = new Map();
  let stamp: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = async (): Promise<void> => {
    do {
      again = false;
      stamp = await folderStamp(gccDir);
      const now = await folderIdentities(gccDir, pace);
      const replaced = replacedFolders(known, now);
      known = now;
      if (replaced.length > 0 && !stopped) await onReplaced(replaced);
    } while (again && !stopped);
  };

  const check = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((err: unknown) => onError?.(err))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    check,
    /** The folders as the last look found them. */
    known: (): FolderIdentities => known,
    async start() {
      stamp = await folderStamp(gccDir);
      known = await folderIdentities(gccDir, pace);
      if (stopped) return;
      const tick = async () => {
        const now = await folderStamp(gccDir);
        if (now === null || now !== stamp) await check();
      };
      timer = setInterval(() => void tick().catch((err: unknown) => onError?.(err)), everyMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
