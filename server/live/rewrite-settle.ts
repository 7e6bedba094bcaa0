// A log.md or commit.md rewritten in place (truncate, then write: fs.writeFileSync) is empty or short for a moment:
// such a file is looked at again after a settle, so records about to come back are never published as gone.
import { BRANCHES_DIR, BRANCH_FILES } from '../../shared/gcc/read/paths.ts';
import type { ResumePoint } from '../../shared/gcc/read/chunk.ts';
import type { GccSource } from '../fs/index.ts';
import type { WorkspaceModel } from './workspace-model.ts';

/** How long a file that would lose records is left to settle before it is looked at again (chokidar may say nothing). */
export const SETTLE_MS = 150;

export interface RewriteSettle {
  /** The paths of a batch to read now; a file that would lose records is held and looked at again after the settle. */
  admit(paths: Set<string>): Set<string>;
  /** Resolves once every file held among `paths` (every one, when omitted) has been looked at again. */
  settled(paths?: Iterable<string>): Promise<void>;
}

/** What of a tracked file (tracked-file.ts) tells whether the disk would take records away. */
interface Followed {
  readonly path: string;
  readonly state: ResumePoint | null;
  /** Its records' count (read without waking a sleeping file: dormancy.ts). */
  readonly count: number;
}

/** Settles at most this many in a row while the file keeps changing short (a writer rewriting it without pause). */
export const MAX_SETTLES = 4;

/** A held file: what its stat was when the settle began, and how many settles it has had. */
interface Hold {
  stamp: string;
  rounds: number;
}

/**
 * `lookAgain` queues a path for the store once its settle is over. That look publishes what it finds unless the file
 * is short and changed meanwhile (still being written: it settles again); a file that stayed short is a true
 * truncation. `wait` is the settle itself (tests end it when they choose).
 */
export function createRewriteSettle(
  model: WorkspaceModel,
  lookAgain: (paths: string[]) => Promise<void>,
  wait: (path: string) => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
): RewriteSettle {
  const waiting = new Map<string, Hold>();
  const ended = new Map<string, Hold>();
  /** Each held path's settle and the look after it. */
  const held = new Map<string, Promise<void>>();

  const hold = (path: string, h: Hold) => {
    if (waiting.has(path)) return;
    waiting.set(path, h);
    const done = wait(path).then(() => {
      waiting.delete(path);
      ended.set(path, h);
      return lookAgain([path]);
    });
    held.set(path, done);
    void done.finally(() => {
      if (held.get(path) === done) held.delete(path);
    });
  };

  return {
    admit(paths) {
      const now = new Set<string>();
      for (const path of paths) {
        const followed = followedFile(model, path);
        const loss = followed ? lossStamp(followed.file, followed.source) : null;
        const end = ended.get(path);
        ended.delete(path);
        if (loss === null || (end && (loss === end.stamp || end.rounds >= MAX_SETTLES))) now.add(path);
        else hold(path, { stamp: loss, rounds: (end?.rounds ?? 0) + 1 });
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
 * When the file is gone or shorter than what was read (a look now would publish fewer records), its stat as a string;
 * else null. A stat, no read: a file as long as before or longer is an append, or a rewrite whose write() is complete.
 */
function lossStamp(file: Followed, source: GccSource): string | null {
  const state = file.state;
  if (!state || file.count === 0) return null;
  const at = source.stat(file.path);
  if (at.kind === 'missing') return 'missing';
  if (at.kind !== 'file' || at.stamp.size >= state.consumed) return null;
  const { ino, size, mtimeMs, ctimeMs } = at.stamp;
  return `${ino}:${size}:${mtimeMs}:${ctimeMs}`;
}
