// Finds the .GCC/ folder a DIR names, and lists its branch folders (a linked one is reported, never entered).
import { stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { BRANCHES_DIR, GCC_DIR_NAME, ROADMAP_FILE, branchNameProblem } from '../../shared/gcc/read/paths.ts';
import type { Diagnostic } from '../../shared/types.ts';
import { diskSource } from './disk-source.ts';
import { describeFsError } from './fs-errors.ts';
import type { GccSource } from './gcc-source.ts';

/** A user-facing failure to open DIR: the CLI prints `message` on one line and exits 2. */
export class GccDirError extends Error {
  override name = 'GccDirError';
}

export interface GccLocation {
  /** The project folder the user named (or the parent of the .GCC/ they named). */
  projectDir: string;
  /** The .GCC/ folder itself; it may not exist yet. */
  gccDir: string;
}

/**
 * DIR is a project folder holding .GCC/, or the .GCC/ folder itself.
 * Throws GccDirError when DIR does not exist or is not a folder; a project folder without .GCC/ is fine
 * (the server watches until one appears; the one-shot commands say so themselves).
 */
export async function locateGccDir(dir: string): Promise<GccLocation> {
  const abs = resolve(dir);
  let info;
  try {
    info = await stat(abs);
  } catch (err) {
    throw new GccDirError(`cannot open ${dir}: ${describeFsError(err)}`);
  }
  if (!info.isDirectory()) throw new GccDirError(`${dir} is not a folder`);
  if (basename(abs) === GCC_DIR_NAME || (await looksLikeGccDir(abs))) {
    return { projectDir: resolve(abs, '..'), gccDir: abs };
  }
  return { projectDir: abs, gccDir: join(abs, GCC_DIR_NAME) };
}

async function looksLikeGccDir(dir: string): Promise<boolean> {
  // A folder named otherwise but shaped like .GCC/ (main.md beside branches/), e.g. a copied workspace.
  const [roadmap, branches] = await Promise.all([isFile(join(dir, ROADMAP_FILE)), isDir(join(dir, BRANCHES_DIR))]);
  return roadmap && branches && !(await isDir(join(dir, GCC_DIR_NAME)));
}

export interface BranchFolderEntry {
  name: string;
  /** Absolute path of branches/<name>/. */
  dir: string;
}

export interface BranchListing {
  branches: BranchFolderEntry[];
  diagnostics: Diagnostic[];
}

const SYMLINKED_BRANCHES =
  `${BRANCHES_DIR}/ is a symbolic link; not followed, so no branch is shown and nothing is written through it (Contexa's readers do follow it: make it a real folder)`;

/**
 * The branch folders under .GCC/branches/, sorted by name. A link is not followed (every Contexa reader follows it, so
 * it could make us show, and later write, files outside .GCC/): each becomes a diagnostic instead.
 */
export async function listBranchFolders(from: GccSource | string): Promise<BranchListing> {
  const source = typeof from === 'string' ? diskSource(from) : from;
  const branchesDir = join(source.root, BRANCHES_DIR);
  const diagnostics: Diagnostic[] = [];
  const listed = await source.list(branchesDir);
  if (!listed.ok) {
    if (listed.link) diagnostics.push({ file: BRANCHES_DIR, line: 0, severity: 'error', code: 'symlinked-branches', message: SYMLINKED_BRANCHES });
    else if (!listed.missing) diagnostics.push({ file: BRANCHES_DIR, line: 0, severity: 'error', code: 'unreadable-branches', message: `cannot list ${BRANCHES_DIR}/: ${listed.message}` });
    return { branches: [], diagnostics };
  }
  const branches: BranchFolderEntry[] = [];
  for (const entry of listed.entries) {
    const name = utf8Name(entry.name);
    const shown = name ?? Buffer.from(entry.name).toString('utf8');
    const rel = `${BRANCHES_DIR}/${shown}`;
    if (entry.kind === 'link') {
      diagnostics.push({
        file: rel,
        line: 0,
        severity: 'error',
        code: 'symlinked-branch',
        message: `branch folder "${shown}" is a symbolic link; not followed, so files outside .GCC/ are never shown or written (Contexa's readers do follow it)`,
      });
      continue;
    }
    if (entry.kind !== 'folder') continue;
    if (name === null) {
      diagnostics.push({ file: rel, line: 0, severity: 'error', code: 'undecodable-branch-name', message: undecodableNameMessage(entry.name) });
      continue;
    }
    const problem = branchNameProblem(name);
    if (problem) {
      diagnostics.push({ file: rel, line: 0, severity: 'warning', code: 'unusable-branch-name', message: `${problem}; folder skipped` });
      continue;
    }
    branches.push({ name, dir: join(branchesDir, name) });
  }
  branches.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { branches, diagnostics };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The folder name as text, or null when its bytes are not UTF-8. */
function utf8Name(bytes: Uint8Array): string | null {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** Says which bytes are wrong: the name with each byte that is not UTF-8 written as \xNN. */
function undecodableNameMessage(bytes: Uint8Array): string {
  let shown = '';
  for (let i = 0; i < bytes.length; ) {
    let taken = 0;
    for (const n of [1, 2, 3, 4]) {
      if (i + n <= bytes.length && utf8Name(bytes.subarray(i, i + n)) !== null) {
        taken = n;
        break;
      }
    }
    if (taken === 0) shown += `\\x${bytes[i]!.toString(16).padStart(2, '0')}`;
    else shown += Buffer.from(bytes.subarray(i, i + taken)).toString('utf8');
    i += taken || 1;
  }
  return (
    `branch folder name "${shown}" is not valid UTF-8; folder skipped (it cannot be named in the page, a link or an edit). ` +
    'Rename it to a UTF-8 name to see it'
  );
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
