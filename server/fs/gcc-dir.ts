// Finding and reading a .GCC/ folder on disk, safely: symlinked branch folders are reported, never followed.
import { close as fsClose, constants, fstat, open as fsOpen, read as fsRead } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { BRANCHES_DIR, BRANCH_FILES, GCC_DIR_NAME, ROADMAP_FILE, branchNameProblem, type BranchFileKind } from '../../shared/gcc/read/paths.ts';
import type { Diagnostic } from '../../shared/types.ts';

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

export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
      return 'permission denied (EACCES)';
    case 'EPERM':
      return 'operation not permitted (EPERM: an immutable or append-only file, or a folder that forbids it)';
    case 'ENOTDIR':
      return 'not a folder';
    case 'EISDIR':
      return 'is a folder, not a file (EISDIR)';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENOSPC':
      return 'no space left on the disk (ENOSPC)';
    case 'EDQUOT':
      return 'disk quota exceeded (EDQUOT)';
    case 'EROFS':
      return 'the file system is mounted read-only (EROFS)';
    case 'EIO':
      return 'input/output error on the disk (EIO)';
    default:
      return err instanceof Error ? err.message : String(err);
  }
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
 * The branch folders under .GCC/branches/, sorted by name. Symlinks are not followed (every Contexa reader follows
 * them, so a link could make us show, and later write, files outside .GCC/); each becomes a diagnostic instead.
 */
export async function listBranchFolders(gccDir: string): Promise<BranchListing> {
  const branchesDir = join(gccDir, BRANCHES_DIR);
  const diagnostics: Diagnostic[] = [];
  let entries;
  try {
    // Never list through a link: `branches` itself could point anywhere.
    if ((await lstat(branchesDir)).isSymbolicLink()) {
      diagnostics.push({ file: BRANCHES_DIR, line: 0, severity: 'error', code: 'symlinked-branches', message: SYMLINKED_BRANCHES });
      return { branches: [], diagnostics };
    }
    // Names as bytes: a name that is not UTF-8 would otherwise come back with U+FFFD in it, naming no folder.
    entries = await readdir(branchesDir, { withFileTypes: true, encoding: 'buffer' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') {
      diagnostics.push({ file: BRANCHES_DIR, line: 0, severity: 'error', code: 'unreadable-branches', message: `cannot list ${BRANCHES_DIR}/: ${describeFsError(err)}` });
    }
    return { branches: [], diagnostics };
  }
  const branches: BranchFolderEntry[] = [];
  for (const entry of entries) {
    const name = utf8Name(entry.name);
    const rel = `${BRANCHES_DIR}/${name ?? entry.name.toString('utf8')}`;
    if (entry.isSymbolicLink()) {
      diagnostics.push({
        file: rel,
        line: 0,
        severity: 'error',
        code: 'symlinked-branch',
        message: `branch folder "${name ?? entry.name.toString('utf8')}" is a symbolic link; not followed, so files outside .GCC/ are never shown or written (Contexa's readers do follow it)`,
      });
      continue;
    }
    if (!entry.isDirectory()) continue;
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
function utf8Name(bytes: Buffer): string | null {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** Says which bytes are wrong: the name with each byte that is not UTF-8 written as \xNN. */
function undecodableNameMessage(bytes: Buffer): string {
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
    else shown += bytes.subarray(i, i + taken).toString('utf8');
    i += taken || 1;
  }
  return (
    `branch folder name "${shown}" is not valid UTF-8; folder skipped (it cannot be named in the page, a link or an edit). ` +
    'Rename it to a UTF-8 name to see it'
  );
}

export type ReadResult = { ok: true; bytes: Uint8Array } | { ok: false; missing: boolean; message: string };

/** metadata.yaml and main.md are a few kB; one far past this is not read whole (it could be a 1 GB sparse file). */
export const MAX_SMALL_FILE_BYTES = 16 * 2 ** 20;

/**
 * Read a whole file without throwing; `missing` tells an absent file from an unreadable (or too large) one. A link is
 * not followed (a symlinked file inside a branch folder could point anywhere), nor is anything but a regular file read.
 * Four system calls (open with O_NOFOLLOW and O_NONBLOCK, so neither a link nor a FIFO is waited on; fstat; read;
 * close) through the callback API: a start reads one metadata.yaml per branch, and lstat + readFile through promises
 * took twice as long for 500 of them.
 */
export function readBytes(path: string, limit = MAX_SMALL_FILE_BYTES): Promise<ReadResult> {
  const failed = (err: NodeJS.ErrnoException): ReadResult => {
    if (err.code === 'ELOOP') return { ok: false, missing: false, message: 'is a symbolic link; not followed' };
    // A socket cannot be opened at all.
    if (err.code === 'ENXIO') return { ok: false, missing: false, message: 'is not a regular file' };
    return { ok: false, missing: err.code === 'ENOENT', message: describeFsError(err) };
  };
  return new Promise((done) => {
    fsOpen(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK, (openErr, fd) => {
      if (openErr) return done(failed(openErr));
      const finish = (result: ReadResult) => fsClose(fd, () => done(result));
      fstat(fd, (statErr, info) => {
        if (statErr) return finish(failed(statErr));
        if (!info.isFile()) return finish({ ok: false, missing: false, message: 'is not a regular file' });
        if (info.size > limit) {
          return finish({ ok: false, missing: false, message: `is ${(info.size / 2 ** 20).toFixed(0)} MB (${info.size} bytes), over the ${limit / 2 ** 20} MB gcc-studio reads of this file: not read` });
        }
        // As readFile: the size fstat gave, or less when the file ends sooner.
        const bytes = new Uint8Array(info.size);
        const readOn = (at: number) => {
          if (at === bytes.length) return finish({ ok: true, bytes });
          fsRead(fd, bytes, at, bytes.length - at, at, (readErr, n) => {
            if (readErr) return finish(failed(readErr));
            if (n === 0) return finish({ ok: true, bytes: bytes.subarray(0, at) });
            readOn(at + n);
          });
        };
        readOn(0);
      });
    });
  });
}

export function branchFileAbsPath(gccDir: string, branch: string, kind: BranchFileKind): string {
  return join(gccDir, BRANCHES_DIR, branch, BRANCH_FILES[kind]);
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
