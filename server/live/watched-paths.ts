// Which paths under .GCC/ are part of the format, and chokidar's paths (under the parent of .GCC/) turned into paths
// relative to .GCC/: the rules the watcher asks of every entry it scans.
import { basename, dirname, relative, sep } from 'node:path';
import { BRANCHES_DIR, BRANCH_FILES, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';

const WATCHED_BRANCH_FILES = new Set<string>(Object.values(BRANCH_FILES));

/**
 * Whether a path (relative to .GCC/, with `/` separators) is part of the format. Everything else — `.lock`,
 * `.lock_dir`, editor temp files, stray notes — is ignored, so chokidar never even descends into it.
 */
export function isWatchedGccPath(rel: string): boolean {
  if (rel === '' || rel === ROADMAP_FILE || rel === BRANCHES_DIR) return true;
  const parts = rel.split('/');
  if (parts[0] !== BRANCHES_DIR) return false;
  if (parts.length === 2) return parts[1] !== '' && !parts[1]!.startsWith('.');
  if (parts.length === 3) return WATCHED_BRANCH_FILES.has(parts[2]!);
  return false;
}

/** main.md or a branch's file (a watched path that is not a folder). */
export function isGccFile(rel: string | null): boolean {
  return rel === ROADMAP_FILE || (rel !== null && rel.startsWith(`${BRANCHES_DIR}/`) && rel.split('/').length === 3);
}

/** A remainder path.relative would change: `.` or `..` parts, a leading, doubled or trailing separator. */
const NOT_NORMAL = /^[\\/]|(^|[\\/])\.\.?([\\/]|$)|[\\/]{2}|[\\/]$/;

/** Paths as chokidar gives them (under the parent of .GCC/) turned into paths relative to .GCC/, and the ignore rule. */
export function gccPaths(gccDir: string) {
  // Watch the parent so that a .GCC/ created, deleted or replaced later is seen like any other change.
  const parent = dirname(gccDir);
  const gccName = basename(gccDir);
  const below = parent.endsWith(sep) ? parent : `${parent}${sep}`;

  // chokidar joins normalized paths, so the part below `parent` is a plain slice; path.relative, which resolves both
  // paths first, took a tenth of chokidar's initial scan (the ignore rule is asked several times for every entry).
  const fromParent = (path: string): string => {
    if (path === parent) return '';
    const rest = path.startsWith(below) ? path.slice(below.length) : null;
    const plain = rest !== null && !NOT_NORMAL.test(rest) ? rest : relative(parent, path);
    return sep === '/' ? plain : plain.split(sep).join('/');
  };

  const toGccRelative = (path: string): string | null => {
    const rel = fromParent(path);
    if (rel === '') return null;
    if (rel === gccName) return '';
    if (!rel.startsWith(`${gccName}/`)) return null;
    return rel.slice(gccName.length + 1);
  };

  const ignored = (path: string): boolean => {
    if (fromParent(path) === '') return false;
    const rel = toGccRelative(path);
    return rel === null || !isWatchedGccPath(rel);
  };
  /** The same, leaving out the files too: their folders' watches report them (see createWatcher). */
  const ignoredFoldersOnly = (path: string): boolean => ignored(path) || isGccFile(toGccRelative(path));
  return { parent, toGccRelative, ignored, ignoredFoldersOnly };
}
