// Reading a file inside .GCC/ without following a symbolic link anywhere below it: every Contexa reader follows
// links, so a `branches` folder, a branch folder or a main.md that is a link could make us show (and then write)
// files outside .GCC/. The .GCC/ folder itself is the root the user named and is taken as it is.
//
// Each part of the path is checked with lstat, the file is opened with O_NOFOLLOW, and on Linux the descriptor's
// own path (/proc/self/fd) is compared with the path we meant, which also catches a folder swapped for a link
// between the check and the open.
import { constants } from 'node:fs';
import { lstat, open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { faultAt, endWithFault } from './file-faults.ts';
import { describeFsError, type ReadResult } from './gcc-dir.ts';

export interface PathProblem {
  /** True when the file (or a folder above it) does not exist. */
  missing: boolean;
  /** The problem is the file itself (the last part of the path), not a folder on the way. */
  atFile: boolean;
  /** Words that follow the file's name: "is a symbolic link; not followed". */
  message: string;
}

/**
 * What stops `rel` (relative to `root`, `/`-separated) from being read or written in place: a symbolic link on the
 * way, a part of the way that is not a folder, a missing part. Null when every folder on the way is a real folder
 * and the last part is not a link (it may be anything else: the caller checks what it needs).
 */
export async function pathProblem(root: string, rel: string): Promise<PathProblem | null> {
  const parts = rel.split('/');
  let at = root;
  for (let i = 0; i < parts.length; i++) {
    at = join(at, parts[i]!);
    const shown = parts.slice(0, i + 1).join('/');
    const last = i === parts.length - 1;
    let info;
    try {
      info = await lstat(at);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { missing: true, atFile: last, message: last ? 'does not exist' : `does not exist (there is no ${shown})` };
      return { missing: false, atFile: last, message: `cannot be reached: ${shown}: ${describeFsError(err)}` };
    }
    if (info.isSymbolicLink()) {
      return { missing: false, atFile: last, message: last ? 'is a symbolic link; not followed (it could point outside .GCC/)' : `lies under ${shown}/, which is a symbolic link; not followed (it could point outside .GCC/)` };
    }
    if (!last && !info.isDirectory()) return { missing: false, atFile: false, message: `lies under ${shown}, which is not a folder` };
  }
  return null;
}

/** Whether the open descriptor is the file at root/rel, reached without a link (where /proc tells; else true). */
export async function opensWhereMeant(handle: FileHandle, root: string, rel: string): Promise<boolean> {
  let actual: string;
  try {
    actual = await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return true;
  }
  const meant = join(await realpath(root), rel);
  return actual === meant;
}

/** Opens root/rel for reading with no link followed; a problem is returned as a ReadResult. */
async function openInside(root: string, rel: string): Promise<{ ok: true; handle: FileHandle } | Extract<ReadResult, { ok: false }>> {
  const problem = await pathProblem(root, rel);
  if (problem) return { ok: false, missing: problem.missing, message: problem.message };
  const path = join(root, rel);
  let handle: FileHandle;
  try {
    const fault = faultAt('read', path);
    if (fault) await endWithFault(fault);
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { ok: false, missing: false, message: 'is a symbolic link; not followed (it could point outside .GCC/)' };
    return { ok: false, missing: code === 'ENOENT', message: code === 'ENOENT' ? 'does not exist' : `cannot be read: ${describeFsError(err)}` };
  }
  return { ok: true, handle };
}

/**
 * Reads root/rel whole, with no symbolic link followed on the way; `missing` tells an absent file from one that
 * cannot be read, and `message` says why in words that follow the file's name ("main.md is a symbolic link; …").
 */
export async function readInside(root: string, rel: string): Promise<ReadResult> {
  const opened = await openInside(root, rel);
  if (!opened.ok) return opened;
  const { handle } = opened;
  try {
    const info = await handle.stat();
    if (info.isDirectory()) return { ok: false, missing: false, message: 'is a folder, not a file (EISDIR)' };
    if (!info.isFile()) return { ok: false, missing: false, message: 'is not a regular file' };
    if (!(await opensWhereMeant(handle, root, rel))) return { ok: false, missing: false, message: 'was reached through a symbolic link while it was opened; not followed' };
    return { ok: true, bytes: new Uint8Array(await handle.readFile()) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, missing: false, message: code === 'EISDIR' ? 'is a folder, not a file (EISDIR)' : `cannot be read: ${describeFsError(err)}` };
  } finally {
    await handle.close();
  }
}
