// Replacing or appending to a file so that a crash never leaves half a file, never through a symbolic link, keeping the
// old file's mode (and owner, as root).
import { constants } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { endWithFault, faultAt, opensWhereMeant, type FaultOp } from '../fs/index.ts';

/** `.main.md.gcc-studio-<pid>-<8 hex>.tmp`: the temp file of a replace in progress, by the process that writes it. */
export const TEMP_FILE = /^\.(.+)\.gcc-studio-(\d+)-[0-9a-f]{8}\.tmp$/;

export interface AtomicWriteOptions {
  /** The folder the file must be inside of, reached without a link (.GCC/): checked on the temp file's descriptor. */
  root?: string;
}

const asBytes = (data: Uint8Array | string): Uint8Array => (typeof data === 'string' ? new TextEncoder().encode(data) : data);

/** Writes `data` to the handle, or only the part a planned fault lets through, then fails as planned. */
async function writeWithFaults(op: FaultOp, path: string, handle: FileHandle, data: Uint8Array): Promise<void> {
  const fault = faultAt(op, path);
  if (!fault) {
    await handle.writeFile(data);
    return;
  }
  const first = Math.min(data.length, fault.writeFirst ?? 0);
  if (first > 0) {
    await handle.writeFile(data.subarray(0, first));
    await handle.sync();
  }
  await endWithFault(fault);
}

/**
 * Replaces a file atomically: the new bytes go to a temp file beside it, are flushed to disk, and are renamed over
 * the old file; the folder entry is flushed too. Keeps the old file's mode (and owner, as root).
 */
// A replace writes a temp file beside the old one (a name the watcher ignores and start-up recovery removes), flushes
// it and renames it over; an append flushes before it returns.
export async function writeFileAtomic(path: string, data: Uint8Array | string, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.gcc-studio-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let mode = 0o644;
  let owner: { uid: number; gid: number } | null = null;
  try {
    const info = await lstat(path);
    mode = info.mode & 0o7777;
    owner = { uid: info.uid, gid: info.gid };
  } catch {
    // A new file.
  }
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    if (options.root && !(await opensWhereMeant(handle.fd, options.root, relative(options.root, temp).split(sep).join('/')))) {
      throw new Error(`${dir} was reached through a symbolic link; nothing was written`);
    }
    await handle.chmod(mode);
    if (owner && process.getuid?.() === 0 && (owner.uid !== 0 || owner.gid !== 0)) await handle.chown(owner.uid, owner.gid);
    await writeWithFaults('write', path, handle, asBytes(data));
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(temp).catch(() => {});
    throw err;
  }
  await handle.close();
  try {
    const fault = faultAt('rename', path);
    if (fault) await endWithFault(fault);
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
  const after = faultAt('renamed', path);
  if (after) await endWithFault(after);
  await syncDir(dir);
}

/** Appends as Contexa's writers do (O_APPEND), never through a link, then flushes to disk before returning. */
export async function appendFileDurable(path: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o644);
  try {
    await writeWithFaults('append', path, handle, asBytes(data));
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
