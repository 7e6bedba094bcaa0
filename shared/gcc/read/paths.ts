// Where things live inside a .GCC/ folder, and which branch names may be turned into paths.
// Pure: both the server (to build file paths) and the page (to build links) use it.

export const GCC_DIR_NAME = '.GCC';
export const ROADMAP_FILE = 'main.md';
export const BRANCHES_DIR = 'branches';
export const BRANCH_FILES = {
  log: 'log.md',
  commit: 'commit.md',
  metadata: 'metadata.yaml',
} as const;
export type BranchFileKind = keyof typeof BRANCH_FILES;

/** Path of a branch file relative to .GCC/, as diagnostics name it. */
export function branchFilePath(branch: string, kind: BranchFileKind): string {
  return `${BRANCHES_DIR}/${branch}/${BRANCH_FILES[kind]}`;
}

const MAX_BRANCH_NAME_BYTES = 255;

/**
 * Why a branch name cannot be used as a folder under branches/, or null when it can.
 * Contexa itself accepts any string; we refuse only what could leave branches/ or that no file system takes,
 * so a name from a URL can never reach a path outside .GCC/.
 */
export function branchNameProblem(name: string): string | null {
  if (name.length === 0) return 'branch name is empty';
  if (name === '.' || name === '..') return `branch name "${name}" is a path step`;
  if (/[/\\]/.test(name)) return `branch name "${name}" contains a path separator`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'branch name contains a control character';
  // A UTF-16 unit is at most 3 bytes of UTF-8: most names need no encoding to be measured (5,000 at every start).
  if (name.length * 3 > MAX_BRANCH_NAME_BYTES && new TextEncoder().encode(name).length > MAX_BRANCH_NAME_BYTES) return 'branch name is longer than 255 bytes';
  return null;
}

export function isValidBranchName(name: string): boolean {
  return branchNameProblem(name) === null;
}
