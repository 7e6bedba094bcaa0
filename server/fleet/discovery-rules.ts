// Which folders the fleet discovery looks into, and what it names each workspace: pure rules, unit-tested. The walk
// itself (discovery.ts) only lists folders and asks these.
import { GCC_DIR_NAME } from '../../shared/gcc/read/paths.ts';
import type { FolderIgnored } from './gitignore.ts';

/** Never looked into: package trees, git's own store, our own side folder, and a .GCC/ (a .GCC/ inside one is its data). */
export const NEVER_DESCEND = new Set(['node_modules', '.git', '.gcc-studio', GCC_DIR_NAME]);

export interface FolderEntry {
  name: string;
  isDirectory: boolean;
  isSymbolicLink: boolean;
}

/**
 * What the walk does with one entry of a folder `depth` levels below the root (the root is 0):
 * `workspace` (a .GCC/ folder: its parent is a workspace), `descend`, or `skip`. Symbolic links are never followed:
 * a loop can't trap the walk, and nothing outside the roots is ever served.
 */
export function entryDecision(entry: FolderEntry, parentRel: string, depth: number, maxDepth: number, ignored: FolderIgnored): 'workspace' | 'descend' | 'skip' {
  if (entry.isSymbolicLink || !entry.isDirectory) return 'skip';
  if (entry.name === GCC_DIR_NAME) return depth <= maxDepth ? 'workspace' : 'skip';
  if (NEVER_DESCEND.has(entry.name)) return 'skip';
  if (depth + 1 > maxDepth) return 'skip';
  const rel = parentRel === '' ? entry.name : `${parentRel}/${entry.name}`;
  return ignored(rel) ? 'skip' : 'descend';
}

/**
 * Workspace ids: the project folder's path relative to its root (`.` for the root itself); with several roots, each
 * is prefixed by its root's folder name (a repeated name gets `~2`, `~3` …). Ids only name; the server maps an id to
 * its folder through the discovered list, never by joining the id onto a path.
 */
export function workspaceId(rootLabel: string | null, rel: string): string {
  if (rootLabel === null) return rel === '' ? '.' : rel;
  return rel === '' ? rootLabel : `${rootLabel}/${rel}`;
}

/** A label per root: its last path segment, made unique. */
export function rootLabels(roots: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return roots.map((root) => {
    const base = root.split(/[\\/]/).filter(Boolean).pop() ?? 'root';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}~${n}`;
  });
}

/** A workspace id as the page may send it: printable, bounded. Anything else is refused before any lookup. */
export function wsIdProblem(id: string): string | null {
  if (id.length === 0) return 'the workspace id is empty';
  if (id.length > 1024) return 'the workspace id is longer than 1024 characters';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(id)) return 'the workspace id holds a control character';
  return null;
}
