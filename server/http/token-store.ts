// A workspace's token kept across restarts, so pages left open keep working, in a per-user folder as Jupyter keeps its
// runtime files.
import { createHash } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { generateToken } from './security.ts';

export interface StoredToken {
  token: string;
  /** The file the token is kept in. */
  file: string;
  /** true: the token of an earlier start; false: a new one (first start, --new-token, or the old file unusable). */
  reused: boolean;
  /** Why an existing file was not used, when it was not. */
  replacedBecause: string | null;
}

interface TokenFile {
  workspace: string;
  token: string;
  createdAt: string;
}

const TOKEN_SHAPE = /^[\x21-\x7e]{8,256}$/;

/**
 * The per-user runtime folder: $GCC_STUDIO_RUNTIME_DIR, else where Jupyter puts its own runtime files for this
 * platform ($XDG_DATA_HOME or ~/.local/share on Linux, ~/Library on macOS, %APPDATA% on Windows).
 */
export function runtimeDirectory(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env.GCC_STUDIO_RUNTIME_DIR) return env.GCC_STUDIO_RUNTIME_DIR;
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'gcc-studio', 'runtime');
  if (platform === 'darwin') return join(home, 'Library', 'gcc-studio', 'runtime');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'gcc-studio', 'runtime');
}

/** One file per workspace, named by a hash of its .GCC/ path (the path itself is inside, for pruning and checking). */
export function tokenFileFor(runtimeDir: string, gccDir: string): string {
  return join(runtimeDir, `workspace-${createHash('sha256').update(gccDir).digest('hex').slice(0, 20)}.json`);
}

const ownedByUs = (uid: number) => typeof process.getuid !== 'function' || uid === process.getuid();
const POSIX = process.platform !== 'win32';

/** The folder, made 0700 if new; an existing one of ours that others can enter is closed to them. */
function prepareFolder(runtimeDir: string): void {
  mkdirSync(runtimeDir, { recursive: true, mode: 0o700 });
  const stat = statSync(runtimeDir);
  if (!stat.isDirectory()) throw new Error(`${runtimeDir} is not a folder`);
  if (!ownedByUs(stat.uid)) throw new Error(`${runtimeDir} belongs to another user`);
  if (POSIX && (stat.mode & 0o077) !== 0) chmodSync(runtimeDir, 0o700);
}

/** The stored token, or why the file cannot be trusted (null: there is no file). */
function readTokenFile(file: string, gccDir: string): { token: string } | { problem: string } | null {
  let fd: number;
  try {
    // O_NOFOLLOW: a link planted in our place is refused, never read through.
    fd = openSync(file, constants.O_RDONLY | (POSIX ? constants.O_NOFOLLOW : 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    return { problem: code === 'ELOOP' ? 'it is a symbolic link' : `it could not be read (${code ?? String(err)})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: 'it is not a regular file' };
    if (!ownedByUs(stat.uid)) return { problem: 'it belongs to another user' };
    if (POSIX && (stat.mode & 0o077) !== 0) return { problem: `others could read it (mode ${(stat.mode & 0o777).toString(8)})` };
    const parsed = JSON.parse(readFileSync(fd, 'utf8')) as Partial<TokenFile>;
    if (parsed.workspace !== gccDir) return { problem: 'it names another workspace' };
    if (typeof parsed.token !== 'string' || !TOKEN_SHAPE.test(parsed.token)) return { problem: 'it holds no valid token' };
    return { token: parsed.token };
  } catch (err) {
    return { problem: err instanceof SyntaxError ? 'it is not valid JSON' : `it could not be read (${String(err)})` };
  } finally {
    closeSync(fd);
  }
}

function writeTokenFile(file: string, content: TokenFile): void {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  // 'wx' with mode 0600: created new and private from its first byte (no window where it is readable by others).
  writeFileSync(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/** Token files of workspaces that no longer exist, and temp files a crash left, are removed. */
function pruneStale(runtimeDir: string): void {
  for (const name of readdirSync(runtimeDir)) {
    const path = join(runtimeDir, name);
    if (/^workspace-[0-9a-f]+\.json\.\d+\.\d+\.tmp$/.test(name)) {
      if (Date.now() - statSync(path).mtimeMs > 60_000) rmSync(path, { force: true });
      continue;
    }
    if (!/^workspace-[0-9a-f]+\.json$/.test(name)) continue;
    try {
      const { workspace } = JSON.parse(readFileSync(path, 'utf8')) as Partial<TokenFile>;
      if (typeof workspace === 'string' && !existsSync(workspace)) rmSync(path, { force: true });
    } catch {
      // Not ours to judge: leave it.
    }
  }
}

// A new random token each start made open pages loop on 401. One small JSON file per workspace, never inside .GCC/
// (which agents and git see): the folder 0700, the file 0600, written whole by rename. A file that is not plainly ours
// (a link, another owner, readable by others, damaged) is never used: a fresh token replaces it, and the start-up
// line says why.
/** The token for `gccDir`: the one kept from an earlier start, or a new one, kept for the next. */
export function workspaceToken(runtimeDir: string, gccDir: string, options: { fresh?: boolean } = {}): StoredToken {
  prepareFolder(runtimeDir);
  const file = tokenFileFor(runtimeDir, gccDir);
  const existing = options.fresh ? null : readTokenFile(file, gccDir);
  if (existing && 'token' in existing) return { token: existing.token, file, reused: true, replacedBecause: null };
  if (existing && existsSync(file)) rmSync(file, { force: true });
  const token = generateToken();
  writeTokenFile(file, { workspace: gccDir, token, createdAt: new Date().toISOString() });
  try {
    pruneStale(runtimeDir);
  } catch {
    // Pruning is housekeeping: a failure must not stop the server.
  }
  return { token, file, reused: false, replacedBecause: existing && 'problem' in existing ? existing.problem : null };
}
