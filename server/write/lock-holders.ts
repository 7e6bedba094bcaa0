// Who holds a lock that is there now, and the removal of a stale lock of ours: the one kind gcc-studio ever removes
// besides TypeScript's own 10-second rule.
import { randomBytes } from 'node:crypto';
import { lstat, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { readInside } from '../fs/index.ts';
import { OWNER_FILE, describeAge, describeOwner, ownerState, parseOwner, type LockOwner, type OwnerState } from './lock-owner.ts';

export const LOCK_FILE = '.lock';
export const LOCK_DIR = '.lock_dir';
/** Where a lock folder goes when we let go of it: renaming it away is the atomic release, removal follows. */
export const RELEASED_LOCK_DIR = /^\.lock_dir\.gcc-studio-(?:released|stale)-\d+-[0-9a-f]{8}$/;

export interface LockHolder {
  /** `.lock` or `.lock_dir`, relative to .GCC/. */
  name: string;
  /** Our record in it; null: none (a Contexa writer's lock, or one left by a crashed writer). */
  owner: LockOwner | null;
  /** For our record: whether its process runs. */
  state: OwnerState | null;
  /** Since the lock's last change (its creation, for a lock nobody writes into). */
  ageMs: number;
  /** A symbolic link where the lock should be: never followed, never removed. */
  link: boolean;
}

/** The lock at .GCC/<name> as it is now, or null when there is none. */
/** The holder of .GCC/.lock or .GCC/.lock_dir: our own record, whether its process still runs, how old it is. Asked when a write finds a lock taken, at start-up and by the doctor. */
export async function lockHolder(gccDir: string, name: typeof LOCK_FILE | typeof LOCK_DIR): Promise<LockHolder | null> {
  let info;
  try {
    info = await lstat(join(gccDir, name));
  } catch {
    return null;
  }
  const ageMs = Date.now() - info.mtimeMs;
  if (info.isSymbolicLink()) return { name, owner: null, state: null, ageMs, link: true };
  const read = await readInside(gccDir, name === LOCK_DIR ? `${LOCK_DIR}/${OWNER_FILE}` : LOCK_FILE);
  const owner = read.ok ? parseOwner(new TextDecoder().decode(read.bytes)) : null;
  return { name, owner, state: owner ? await ownerState(owner) : null, ageMs, link: false };
}

/** A lock that is ours and whose process is gone: the only lock gcc-studio removes on its own account. */
export const isStaleOfOurs = (h: LockHolder): boolean => h.owner !== null && h.state === 'gone';

/** In plain words, for an error or a start-up line: who holds it, since when, and what to do about it. */
export function describeHolder(h: LockHolder): string {
  const path = `.GCC/${h.name}`;
  if (h.link) return `${path} is a symbolic link; gcc-studio never follows or removes it: replace it with what the workspace's writers expect`;
  if (h.owner) return `${path} is held by ${describeOwner(h.owner, h.state ?? 'alive')}`;
  const age = describeAge(h.ageMs);
  if (h.name === LOCK_DIR) {
    return (
      `${path} has been there for ${age} and names no owner: a Lua agent is writing, or one was killed while holding it. ` +
      `If no Lua agent is writing to this workspace, remove it (rmdir ${path}) and try again`
    );
  }
  return `${path} has been there for ${age}: a TypeScript or Elixir agent holds the lock (TypeScript's writers treat one older than 10 s as abandoned)`;
}

/** Moves a lock folder aside under a name of ours and removes it (with our record in it). */
export async function retireLockDir(gccDir: string, kind: 'released' | 'stale'): Promise<string | null> {
  const aside = join(gccDir, `${LOCK_DIR}.gcc-studio-${kind}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await rename(join(gccDir, LOCK_DIR), aside);
  } catch {
    return null;
  }
  await removeRetired(aside);
  return aside;
}

/** Removes a lock folder we moved aside: only our record may be inside; anything else is left where it is. */
export async function removeRetired(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => null);
  if (!info?.isDirectory()) return false;
  const names = await readdir(dir).catch(() => null);
  if (!names || names.some((n) => n !== OWNER_FILE)) return false;
  await unlink(join(dir, OWNER_FILE)).catch(() => {});
  return rmdir(dir).then(
    () => true,
    () => false,
  );
}

/**
 * Removes a stale lock of ours that `holder` describes. The folder is moved aside first and its record read again
 * there: a lock taken afresh in between (by another gcc-studio) is put back, never removed.
 */
export async function removeStaleLock(gccDir: string, holder: LockHolder): Promise<boolean> {
  if (!isStaleOfOurs(holder)) return false;
  if (holder.name === LOCK_FILE) return unlink(join(gccDir, LOCK_FILE)).then(() => true, () => false);
  const aside = join(gccDir, `${LOCK_DIR}.gcc-studio-stale-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await rename(join(gccDir, LOCK_DIR), aside);
  } catch {
    return false;
  }
  const moved = await readInside(aside, OWNER_FILE);
  const owner = moved.ok ? parseOwner(new TextDecoder().decode(moved.bytes)) : null;
  if (!owner || owner.pid !== holder.owner!.pid || owner.at !== holder.owner!.at) {
    await rename(aside, join(gccDir, LOCK_DIR)).catch(() => {});
    return false;
  }
  return removeRetired(aside);
}
