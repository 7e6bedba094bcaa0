// Which folders make a fleet: its own small module, so that a single workspace's start (which asks it first) does not
// load the fleet server to learn that it is not one.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { GccDirError, describeFsError, isDir, locateGccDir } from '../fs/index.ts';
import { discoverWorkspaces } from './discovery.ts';

export interface FleetChoice {
  dirs: string[];
  scan: boolean;
  depth: number;
}

/**
 * The roots to serve as a fleet, or null for the single-workspace server: several DIRs or --scan always make a fleet;
 * one DIR does when it holds no .GCC/ of its own and at least one is found under it.
 */
export async function fleetRoots(choice: FleetChoice): Promise<string[] | null> {
  const roots: string[] = [];
  for (const dir of choice.dirs) {
    const info = await stat(dir).catch((err: unknown) => {
      throw new GccDirError(`cannot open ${dir}: ${describeFsError(err)}`);
    });
    if (!info.isDirectory()) throw new GccDirError(`${dir} is not a folder`);
    roots.push(resolve(dir));
  }
  if (choice.scan || roots.length > 1) return roots;
  const { gccDir } = await locateGccDir(roots[0]!);
  if (await isDir(gccDir)) return null;
  const found = await discoverWorkspaces({ roots, maxDepth: choice.depth });
  return found.workspaces.length > 0 ? roots : null;
}
