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

/** .GCC/, .GCC/branches/ and every branch folder in it: a few stats, cheap enough to take every second. */
export async function folderIdentities(gccDir: string): Promise<FolderIdentities> {
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
  const found = await Promise.all(names.map((name) => identityOf(join(branchesDir, name))));
  names.forEach((name, i) => {
    if (found[i] !== null) ids.set(`${BRANCHES_DIR}/${name}`, found[i]!);
  });
  return ids;
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
