// Writing into a .GCC/ that agents are writing too: take the lock the workspace's own writers take, and replace or
// append files so that a crash never leaves half a file.
//
// The seven Contexa implementations use three protocols (see ../shared/docs/gcc-format.md):
//   flock on .GCC/.lock, the file kept     — Python, Rust, Go, Zig
//   create .GCC/.lock O_EXCL, unlink after  — TypeScript (stale after 10 s), Elixir (gives up after ~5 s)
//   mkdir .GCC/.lock_dir, rmdir after       — Lua
// Node has no flock(2), so the flock is held by /usr/bin/flock (util-linux) in a child process for as long as we need
// it: the kernel releases it when that process ends, so even a crash of ours cannot leave it held.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Dialect } from '../../shared/types.ts';

export type LockProtocol = 'flock' | 'exclusive-file' | 'lock-dir';

export const LOCK_FILE = '.lock';
export const LOCK_DIR = '.lock_dir';
/** TypeScript's writer treats an older .lock as abandoned and removes it; we do the same. */
export const STALE_LOCK_FILE_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const RETRY_MS = 15;

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
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
  switch (protocol) {
    case 'flock':
      return acquireFlock(join(gccDir, LOCK_FILE), deadline);
    case 'exclusive-file':
      return acquireExclusiveFile(join(gccDir, LOCK_FILE), deadline);
    case 'lock-dir':
      return acquireLockDir(join(gccDir, LOCK_DIR), deadline);
  }
}

function acquireFlock(lockPath: string, deadline: number): Promise<Held> {
  const seconds = Math.max(0.01, (deadline - Date.now()) / 1000).toFixed(2);
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      // `echo` runs once the lock is ours; `cat` then holds it until we close its stdin.
      child = spawn('flock', ['--exclusive', '--wait', seconds, lockPath, '-c', 'echo locked; exec cat >/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      reject(err);
      return;
    }
    let stderr = '';
    let locked = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      if (locked || !d.toString().includes('locked')) return;
      locked = true;
      resolve({
        async release() {
          child.stdin!.end();
          await exited;
        },
      });
    });
    child.once('error', (err) => reject(new Error(`cannot run flock to lock ${lockPath}: ${err.message}`)));
    child.once('exit', (code) => {
      if (locked) return;
      if (code === 1 && stderr === '') reject(new LockTimeoutError(`${lockPath} is locked by another writer (flock); gave up after waiting`));
      else reject(new Error(`flock on ${lockPath} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

async function acquireExclusiveFile(lockPath: string, deadline: number): Promise<Held> {
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.close();
      return { release: () => unlink(lockPath).catch(() => {}) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (await olderThan(lockPath, STALE_LOCK_FILE_MS)) {
      // What TypeScript's writer does with a lock older than 10 s (e.g. the 0-byte file a flock writer leaves).
      await unlink(lockPath).catch(() => {});
      continue;
    }
    if (Date.now() >= deadline) throw new LockTimeoutError(`${lockPath} exists: another writer holds the lock`);
    await sleep(RETRY_MS);
  }
}

async function acquireLockDir(lockDir: string, deadline: number): Promise<Held> {
  for (;;) {
    try {
      await mkdir(lockDir);
      return { release: () => rmdir(lockDir).catch(() => {}) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (Date.now() >= deadline) throw new LockTimeoutError(`${lockDir} exists: another writer (Lua) holds the lock`);
    await sleep(RETRY_MS);
  }
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Replaces a file atomically: the new bytes go to a temp file beside it (a name the watcher ignores), are flushed
 * to disk, and are renamed over the old file; the folder entry is flushed too. Keeps the old file's mode.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.gcc-studio-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let mode = 0o644;
  try {
    mode = (await stat(path)).mode & 0o7777;
  } catch {
    // A new file.
  }
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(temp).catch(() => {});
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
  await syncDir(dir);
}

/** Appends as Contexa's writers do (O_APPEND), then flushes to disk before returning. */
export async function appendFileDurable(path: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(path, 'a');
  try {
    await handle.appendFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself is still atomic.
  }
}
