// The intent to take Lua's lock, recorded before `mkdir .GCC/.lock_dir`: a process killed between the mkdir and writing
// its record inside leaves a folder that names no one, and this record (outside .GCC/) is what tells it from a live
// Lua writer's, so start-up and the next writer remove it at once instead of waiting on it.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, unlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { HISTORY_DIR } from './edit-history.ts';
import { LOCK_DIR, removeRetired } from './lock-holders.ts';
import { ownerState, ownRecord, parseOwner, type LockOwner } from './lock-owner.ts';

const INTENT_FILE = /^lock-intent-\d+-[0-9a-f]{8}\.json$/;
/** How long after its intent was last touched our mkdir can have made the folder: the gap is a few system calls. */
const MADE_WITHIN_MS = 2_000;
/** File times of the folder and the record may be a tick apart (file systems keep coarse times). */
const CLOCK_TICK_MS = 20;

export interface LockIntent {
  /** Marks the moment of the next mkdir (the folder's time must follow it closely to be ours). */
  touch(): Promise<void>;
  /** The folder holds our record now, or we did not take it: the intent is over. */
  clear(): Promise<void>;
}

const intentDir = (gccDir: string) => join(dirname(gccDir), HISTORY_DIR);

/** Writes the intent beside .GCC/; null when it cannot be written (the lock is then taken as before, without it). */
export async function recordLockIntent(gccDir: string): Promise<LockIntent | null> {
  const path = join(intentDir(gccDir), `lock-intent-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  try {
    await mkdir(dirname(path), { recursive: true });
    if ((await lstat(dirname(path))).isSymbolicLink()) return null;
    await writeFile(path, JSON.stringify({ ...(await ownRecord()), lock: LOCK_DIR }), { flag: 'wx' });
  } catch {
    return null;
  }
  return {
    touch: async () => {
      const now = new Date();
      await utimes(path, now, now).catch(() => {});
    },
    clear: () => unlink(path).catch(() => {}),
  };
}

interface DeadIntent {
  path: string;
  owner: LockOwner;
  touchedMs: number;
}

/** Intents whose process no longer runs (on this host). */
async function deadIntents(gccDir: string): Promise<DeadIntent[]> {
  const dir = intentDir(gccDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: DeadIntent[] = [];
  for (const name of names.filter((n) => INTENT_FILE.test(n))) {
    const path = join(dir, name);
    const [text, info] = await Promise.all([readFile(path, 'utf8').catch(() => null), lstat(path).catch(() => null)]);
    const owner = parseOwner(text);
    if (owner && info?.isFile() && (await ownerState(owner)) === 'gone') out.push({ path, owner, touchedMs: info.mtimeMs });
  }
  return out;
}

/**
 * Removes .GCC/.lock_dir when it names no owner and was made right after a dead process of ours recorded its intent:
 * our own abandoned lock. Moved aside first and checked to be the same folder, so a Lua writer's lock is never taken.
 * Dead intents with no such folder are removed too. True when the folder was removed.
 */
export async function removeAbandonedLockDir(gccDir: string): Promise<boolean> {
  const intents = await deadIntents(gccDir);
  if (intents.length === 0) return false;
  const lockDir = join(gccDir, LOCK_DIR);
  const before = await lstat(lockDir).catch(() => null);
  const ours =
    before?.isDirectory() === true &&
    intents.some((i) => before.ctimeMs >= i.touchedMs - CLOCK_TICK_MS && before.ctimeMs <= i.touchedMs + MADE_WITHIN_MS);
  let removed = false;
  if (ours && (await readdir(lockDir).catch(() => ['?'])).length === 0) {
    const aside = join(gccDir, `${LOCK_DIR}.gcc-studio-stale-${process.pid}-${randomBytes(4).toString('hex')}`);
    if (await rename(lockDir, aside).then(() => true, () => false)) {
      const moved = await lstat(aside).catch(() => null);
      // Another folder made in between is put back as it was.
      if (moved?.ino !== before.ino) await rename(aside, lockDir).catch(() => {});
      else removed = await removeRetired(aside);
    }
  }
  for (const i of intents) await unlink(i.path).catch(() => {});
  return removed;
}
