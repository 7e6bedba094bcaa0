// The checked reads before a write: every part of the path looked at, and the opened file's own path compared with
// the one meant, so a folder swapped for a link between the check and the open is caught too.
import { closeSync, read } from 'node:fs';
import { lstat, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openFile, type OpenProblem } from './disk-source.ts';
import { faultAt, endWithFault } from './file-faults.ts';
import { describeFsError } from './fs-errors.ts';
import type { ReadResult } from './gcc-source.ts';

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
export async function opensWhereMeant(fd: number, root: string, rel: string): Promise<boolean> {
  let actual: string;
  try {
    actual = await readlink(`/proc/self/fd/${fd}`);
  } catch {
    return true;
  }
  const meant = join(await realpath(root), rel);
  return actual === meant;
}

/** openFile's problems in the words a refused write uses: it says why a link matters. */
const REFUSED: Record<Exclude<OpenProblem, 'error'>, string> = {
  missing: 'does not exist',
  link: 'is a symbolic link; not followed (it could point outside .GCC/)',
  folder: 'is a folder, not a file (EISDIR)',
  other: 'is not a regular file',
};

/**
 * Reads root/rel whole, the folders on the way checked first and the descriptor after (a folder swapped for a link in
 * between); `missing` tells an absent file from one that cannot be read, and `message` says why in words that follow
 * the file's name ("main.md is a symbolic link; …").
 */
export async function readInside(root: string, rel: string): Promise<ReadResult> {
  const problem = await pathProblem(root, rel);
  if (problem) return { ok: false, missing: problem.missing, message: problem.message };
  const path = join(root, rel);
  try {
    const fault = faultAt('read', path);
    if (fault) await endWithFault(fault);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, missing: code === 'ENOENT', message: code === 'ENOENT' ? REFUSED.missing : `cannot be read: ${describeFsError(err)}` };
  }
  const opened = openFile(path);
  if (!opened.ok) return { ok: false, missing: opened.problem === 'missing', message: opened.problem === 'error' ? `cannot be read: ${opened.message}` : REFUSED[opened.problem] };
  try {
    if (!(await opensWhereMeant(opened.fd, root, rel))) return { ok: false, missing: false, message: 'was reached through a symbolic link while it was opened; not followed' };
    return { ok: true, bytes: await readAll(opened.fd, opened.stamp.size) };
  } catch (err) {
    return { ok: false, missing: false, message: `cannot be read: ${describeFsError(err)}` };
  } finally {
    closeSync(opened.fd);
  }
}

const readAsync = promisify(read);

/** An edit reads a whole log (up to 256 MB) through the thread pool, so the event loop goes on meanwhile. */
async function readAll(fd: number, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let got = 0;
  while (got < size) {
    const { bytesRead } = await readAsync(fd, bytes, got, size - got, got);
    if (bytesRead === 0) return bytes.subarray(0, got);
    got += bytesRead;
  }
  return bytes;
}
