// A log.md or commit.md rewritten in place (truncate, then write: fs.writeFileSync) is empty or short for a moment:
// such a file is looked at again after a settle, so records about to come back are never published as gone.
import { BRANCHES_DIR, BRANCH_FILES } from '../../shared/gcc/read/paths.ts';
import { bytesEqual } from '../../shared/gcc/read/bytes.ts';
import type { ResumePoint } from '../../shared/gcc/read/chunk.ts';
import { openTail, type FileStamp, type GccSource } from '../fs/index.ts';
import type { WorkspaceModel } from './workspace-model.ts';

/** How long a file that would lose records is left to settle before it is looked at again (chokidar may say nothing). */
export const SETTLE_MS = 150;

export interface RewriteSettle {
  /** The paths of a batch to read now; a file that would lose records is held and looked at again after the settle. */
  admit(paths: Set<string>): Promise<Set<string>>;
  /** Resolves once every file held among `paths` (every one, when omitted) has been looked at again. */
  settled(paths?: Iterable<string>): Promise<void>;
}

/** What of a tracked file (tracked-file.ts) tells whether the disk would take records away. */
interface Followed {
  readonly path: string;
  readonly stamp: FileStamp | null;
  readonly state: ResumePoint | null;
  readonly records: { readonly length: number };
}

/**
 * `lookAgain` queues a path for the store once its settle is over (that look is let through whatever it finds: a
 * file that stays short is a true truncation). `wait` is the settle itself (tests end it when they choose).
 */
export function createRewriteSettle(
  model: WorkspaceModel,
  lookAgain: (paths: string[]) => Promise<void>,
  wait: (path: string) => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
): RewriteSettle {
  const waiting = new Set<string>();
  const released = new Set<string>();
  /** Each held path's settle and the look after it. */
  const held = new Map<string, Promise<void>>();

  const hold = (path: string) => {
    if (waiting.has(path)) return;
    waiting.add(path);
    const done = wait(path).then(() => {
      waiting.delete(path);
      released.add(path);
      return lookAgain([path]);
    });
    held.set(path, done);
    void done.finally(() => {
      if (held.get(path) === done) held.delete(path);
    });
  };

  return {
    async admit(paths) {
      const now = new Set<string>();
      for (const path of paths) {
        const followed = followedFile(model, path);
        if (released.delete(path) || !followed || !(await wouldLoseRecords(followed.file, followed.source))) now.add(path);
        else hold(path);
      }
      return now;
    },
    async settled(paths) {
      for (;;) {
        const names = paths ? [...paths] : [...held.keys()];
        const pending = names.map((p) => held.get(p)).filter((p): p is Promise<void> => p !== undefined);
        if (pending.length === 0) return;
        await Promise.all(pending);
      }
    },
  };
}

/** The tracked file a watcher path names (`branches/<name>/log.md` or `commit.md`), with the source it reads from. */
function followedFile(model: WorkspaceModel, path: string): { file: Followed; source: GccSource } | null {
  const parts = path.split('/');
  if (parts.length !== 3 || parts[0] !== BRANCHES_DIR) return null;
  const b = model.branches.get(parts[1]!);
  if (!b) return null;
  const file = parts[2] === BRANCH_FILES.log ? b.log : parts[2] === BRANCH_FILES.commit ? b.commits : null;
  return file ? { file, source: b.source } : null;
}

/**
 * Gone, shorter than what was read, or rewritten in place (the same inode with other bytes before the offset): a look
 * now could publish fewer records. A file replaced by a rename (as long as the one read) is whole by nature.
 */
async function wouldLoseRecords(file: Followed, source: GccSource): Promise<boolean> {
  const state = file.state;
  if (!state || file.records.length === 0) return false;
  const opened = await openTail(source, file.path, { from: state.consumed, previous: file.stamp });
  if (opened.kind === 'missing') return true;
  if (opened.kind !== 'open') return false;
  try {
    if (opened.stamp.size < state.consumed) return true;
    if (opened.stamp.ino !== file.stamp?.ino) return false;
    const fp = state.fingerprint;
    return !bytesEqual(await opened.source.read(state.consumed - fp.length, fp.length), fp);
  } finally {
    await opened.close();
  }
}
