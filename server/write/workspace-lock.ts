// Writing into a .GCC/ that agents are writing too: we take the lock the workspace's own writers take.
import { mkdir, open, rmdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dialect } from '../../shared/types.ts';
import { describeHolder, isStaleOfOurs, LOCK_DIR, LOCK_FILE, lockHolder, removeStaleLock, retireLockDir } from './lock-holders.ts';
import { FlockTimeout, takeFlock } from './flock-tool.ts';
import { recordLockIntent, removeAbandonedLockDir, type LockIntent } from './lock-intent.ts';
import { OWNER_FILE, ownRecord } from './lock-owner.ts';
import { endWithFault, faultAt } from '../fs/index.ts';

/**
 * The seven Contexa implementations use three protocols:
 *   flock on .GCC/.lock, the file kept     — Python, Rust, Go, Zig
 *   create .GCC/.lock O_EXCL, unlink after  — TypeScript (stale after 10 s), Elixir (gives up after ~5 s)
 *   mkdir .GCC/.lock_dir, rmdir after       — Lua
 * Node has no flock(2), so the flock is held by a child process (flock-tool.ts: a long-lived perl, else util-linux's
 * flock): the kernel releases it when that process ends, so even a crash of ours cannot leave it held. The other two leave
 * a file or folder behind when their holder is killed: ours carry a record of who we are (lock-owner.ts).
 */
export type LockProtocol = 'flock' | 'exclusive-file' | 'lock-dir';

export { LOCK_DIR, LOCK_FILE };
/** TypeScript's writer treats an older .lock as abandoned and removes it; we do the same. */
export const STALE_LOCK_FILE_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const RETRY_MS = 15;

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

/** The lock cannot be taken at all (a symbolic link where it should be): waiting would not help. */
export class LockRefusedError extends Error {
  override name = 'LockRefusedError';
}

/** The protocols a writer of this dialect honours; we take all of them, in this order. */
export function lockProtocolsFor(dialect: Dialect): LockProtocol[] {
  switch (dialect) {
    case 'typescript':
    case 'elixir':
      // Also flock the file we created, so a Python writer in a mixed workspace waits for us too.
      return ['exclusive-file', 'flock'];
    case 'lua':
      return ['lock-dir'];
    default:
      return ['flock'];
  }
}

export interface LockOptions {
  timeoutMs?: number;
}

interface Held {
  release(): Promise<void>;
}

// One holder per .GCC/ inside this process: our own writes queue here instead of racing on the file system.
const queues = new Map<string, Promise<unknown>>();

/** Runs fn while holding the workspace's write lock. Throws LockTimeoutError if it cannot be had in time. */
export async function withWorkspaceLock<T>(gccDir: string, dialect: Dialect, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const previous = queues.get(gccDir) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(() => lockedRun(gccDir, dialect, fn, options));
  const tail = run.catch(() => {});
  queues.set(gccDir, tail);
  try {
    return await run;
  } finally {
    if (queues.get(gccDir) === tail) queues.delete(gccDir);
  }
}

async function lockedRun<T>(gccDir: string, dialect: Dialect, fn: () => Promise<T>, options: LockOptions): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const held: Held[] = [];
  try {
    for (const protocol of lockProtocolsFor(dialect)) held.push(await acquire(protocol, gccDir, deadline));
    return await fn();
  } finally {
    // Release in reverse: the flock before the O_EXCL file it was taken on is unlinked.
    for (const h of held.reverse()) await h.release();
  }
}

function acquire(protocol: LockProtocol, gccDir: string, deadline: number): Promise<Held> {
  const take: Record<LockProtocol, (gccDir: string, deadline: number) => Promise<Held>> = { flock: acquireFlockInside, 'exclusive-file': acquireExclusiveFile, 'lock-dir': acquireLockDir };
  return take[protocol](gccDir, deadline);
}

/** flock(1) opens and creates the file through any link: refuse a `.lock` that is one. */
async function acquireFlockInside(gccDir: string, deadline: number): Promise<Held> {
  const holder = await lockHolder(gccDir, LOCK_FILE);
  if (holder?.link) throw new LockRefusedError(describeHolder(holder));
  return acquireFlock(join(gccDir, LOCK_FILE), deadline);
}

async function acquireFlock(lockPath: string, deadline: number): Promise<Held> {
  const seconds = Math.max(0.01, (deadline - Date.now()) / 1000).toFixed(2);
  try {
    return await takeFlock(lockPath, seconds);
  } catch (err) {
    throw err instanceof FlockTimeout ? new LockTimeoutError(err.message) : err;
  }
}

async function acquireExclusiveFile(gccDir: string, deadline: number): Promise<Held> {
  const lockPath = join(gccDir, LOCK_FILE);
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      try {
        // Our record in the lock: if we are killed holding it, the next start (or write) knows it is ours.
        await handle.writeFile(JSON.stringify(await ownRecord()));
      } catch (err) {
        await unlink(lockPath).catch(() => {});
        throw err;
      } finally {
        await handle.close();
      }
      return { release: () => unlink(lockPath).catch(() => {}) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await lockHolder(gccDir, LOCK_FILE);
    if (holder && isStaleOfOurs(holder) && (await removeStaleLock(gccDir, holder))) continue;
    if (holder?.link) throw new LockRefusedError(describeHolder(holder));
    if (holder && !holder.owner && holder.ageMs > STALE_LOCK_FILE_MS) {
      // What TypeScript's writer does with a lock older than 10 s (e.g. the 0-byte file a flock writer leaves).
      await unlink(lockPath).catch(() => {});
      continue;
    }
    if (Date.now() >= deadline) throw new LockTimeoutError(holder ? describeHolder(holder) : `.GCC/${LOCK_FILE} exists: another writer holds the lock`);
    await sleep(RETRY_MS);
  }
}

async function acquireLockDir(gccDir: string, deadline: number): Promise<Held> {
  // Recorded before the mkdir: a kill before our record is inside leaves a folder only this intent can name as ours.
  const intent = await recordLockIntent(gccDir);
  try {
    return await takeLockDir(gccDir, deadline, intent);
  } finally {
    await intent?.clear();
  }
}

async function takeLockDir(gccDir: string, deadline: number, intent: LockIntent | null): Promise<Held> {
  const lockDir = join(gccDir, LOCK_DIR);
  for (;;) {
    try {
      await intent?.touch();
      await mkdir(lockDir);
      const fault = faultAt('lock-dir-made', lockDir);
      if (fault) await endWithFault(fault);
      // Our record inside the folder (Lua's writer only makes and removes the folder itself).
      await writeFile(join(lockDir, OWNER_FILE), JSON.stringify(await ownRecord()), { flag: 'wx' }).catch(async (err: unknown) => {
        await retireLockDir(gccDir, 'released');
        await rmdir(lockDir).catch(() => {});
        throw err;
      });
      // Released by moving the folder aside in one rename, so no crash can leave it there without its record.
      return { release: () => retireLockDir(gccDir, 'released').then(() => {}) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await lockHolder(gccDir, LOCK_DIR);
    if (holder && isStaleOfOurs(holder) && (await removeStaleLock(gccDir, holder))) continue;
    if (holder?.link) throw new LockRefusedError(describeHolder(holder));
    if (holder && !holder.owner && (await removeAbandonedLockDir(gccDir))) continue;
    // No owner and older than any Lua write takes: a crashed writer's folder, which waiting cannot free.
    if (holder && !holder.owner && holder.ageMs > STALE_LOCK_FILE_MS) throw new LockTimeoutError(describeHolder(holder));
    if (Date.now() >= deadline) throw new LockTimeoutError(holder ? describeHolder(holder) : `.GCC/${LOCK_DIR} exists: another writer (Lua) holds the lock`);
    await sleep(RETRY_MS);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
