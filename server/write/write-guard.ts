// Whether a file inside .GCC/ may be written in place, checked just before a write. A read-only file stays read-only
// even to root: a user who made it so meant it.
import { constants } from 'node:fs';
import { access, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeFsError, pathProblem } from '../fs/index.ts';

export interface WriteCheck {
  /** A file that does not exist yet may be created (main.md for a merge). */
  mayBeMissing?: boolean;
}

const modeText = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/** Why root/rel may not be written now, in words that follow the file's name; null when it may. */
// No symbolic link on the way (a write through one lands outside .GCC/, and a replace would turn the link into a copy),
// a regular file (or, where allowed, none yet), and a mode that allows writing, checked under the workspace lock.
export async function writeProblem(root: string, rel: string, check: WriteCheck = {}): Promise<string | null> {
  const problem = await pathProblem(root, rel);
  if (problem) return problem.missing && problem.atFile && check.mayBeMissing ? null : problem.message;
  const path = join(root, rel);
  let info;
  try {
    info = await lstat(path);
  } catch (err) {
    return `cannot be examined: ${describeFsError(err)}`;
  }
  if (info.isDirectory()) return 'is a folder, not a file (EISDIR)';
  if (!info.isFile()) return 'is not a regular file';
  if ((info.mode & 0o222) === 0) {
    return `is read-only (mode ${modeText(info.mode)}): gcc-studio respects a file's mode, also when it runs as root; make it writable (chmod u+w) to change it`;
  }
  try {
    await access(path, constants.W_OK);
  } catch (err) {
    return `may not be written by this user (mode ${modeText(info.mode)}): ${describeFsError(err)}`;
  }
  return null;
}
