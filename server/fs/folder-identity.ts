// Notices a folder swapped in place (`mv .GCC .GCC-old && mv .GCC-new .GCC`), which chokidar does not report: its
// watches stay on the folders that moved away. The device and inode behind each folder path tell.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BRANCHES_DIR } from '../../shared/gcc/read/paths.ts';

/** Path relative to .GCC/ ('' is .GCC/ itself) → `dev:ino` of the folder there. Absent folders are left out. */
export type FolderIdentities = Map<string, string>;

async function identityOf(path: string): Promise<string | null> {
  try {
    const info = await lstat(path);
    return info.isDirectory() ? `${info.dev}:${info.ino}` : null;
  } catch {
    return null;
  }
}

/** Branch folders stat'ed between two `pace()`s. */
const IDENTITIES_AT_ONCE = 64;

/**
 * .GCC/, .GCC/branches/ and every branch folder in it: a few stats, cheap enough to take every second. `pace` is
 * awaited before each few of them (5,000 stats asked at once were ~60 ms of one turn, then ~200 ms of callbacks).
 */
export async function folderIdentities(gccDir: string, pace?: () => Promise<void>): Promise<FolderIdentities> {
  const ids: FolderIdentities = new Map();
  const gcc = await identityOf(gccDir);
  if (gcc === null) return ids;
  ids.set('', gcc);
  const branchesDir = join(gccDir, BRANCHES_DIR);
  const branches = await identityOf(branchesDir);
  if (branches === null) return ids;
  ids.set(BRANCHES_DIR, branches);
  let names: string[];
  try {
    names = (await readdir(branchesDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return ids;
  }
  for (let i = 0; i < names.length; i += IDENTITIES_AT_ONCE) {
    await pace?.();
    const some = names.slice(i, i + IDENTITIES_AT_ONCE);
    const found = await Promise.all(some.map((name) => identityOf(join(branchesDir, name))));
    some.forEach((name, k) => {
      if (found[k] !== null) ids.set(`${BRANCHES_DIR}/${name}`, found[k]!);
    });
  }
  return ids;
}

/**
 * What a second's look compares instead of every branch folder (5,000 lstats a second on a wide workspace): .GCC/
 * and branches/ by identity and change time. Renaming a branch folder in or out changes branches/'s mtime, so the
 * whole look is taken only when the stamp moved. A stamp whose mtime is within `racyMs` of now is never trusted
 * (null): a second change in the same clock tick would leave it equal.
 */
export async function folderStamp(gccDir: string, racyMs = 2000): Promise<string | null> {
  const stampOf = async (path: string): Promise<string> => {
    try {
      const info = await lstat(path, { bigint: true });
      if (!info.isDirectory()) return '-';
      if (Number(info.mtimeMs) > Date.now() - racyMs || Number(info.ctimeMs) > Date.now() - racyMs) throw new Error('racy');
      return `${info.dev}:${info.ino}:${info.mtimeNs}:${info.ctimeNs}`;
    } catch (err) {
      if (err instanceof Error && err.message === 'racy') throw err;
      return '-';
    }
  };
  try {
    return `${await stampOf(gccDir)} ${await stampOf(join(gccDir, BRANCHES_DIR))}`;
  } catch {
    return null;
  }
}

/**
 * Folder paths that are now another folder than before (the swap chokidar misses). A folder only added or removed is
 * not among them: chokidar reports those itself.
 */
export function replacedFolders(before: FolderIdentities, after: FolderIdentities): string[] {
  const replaced: string[] = [];
  for (const [rel, id] of after) {
    const was = before.get(rel);
    if (was !== undefined && was !== id) replaced.push(rel);
  }
  return replaced;
}
