// Test support only: git repositories made with the real git in temp folders (a project, a bare remote reached as
// file://), and trees made with plumbing (mktree, hash-object) that no folder on disk could hold.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

export const TEST_GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test Agent',
  GIT_AUTHOR_EMAIL: 'agent@example.com',
  GIT_COMMITTER_NAME: 'Test Agent',
  GIT_COMMITTER_EMAIL: 'agent@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
};

/** Runs git in `cwd` (a work tree or a bare repository) and returns its output without the final newline. */
export function gitIn(cwd: string, args: string[], input?: string | Buffer): string {
  return execFileSync('git', args, { cwd, env: TEST_GIT_ENV, input, encoding: 'utf8', maxBuffer: 256 * 2 ** 20 }).replace(/\n$/, '');
}

export function tempFolder(prefix = 'gcc-git-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A new work tree with one branch `main` (no commit yet). */
export function initRepo(dir = tempFolder()): string {
  gitIn(dir, ['init', '-q', '-b', 'main']);
  return dir;
}

/** A new bare repository; its file:// URL is `fileUrl(dir)`. */
export function initBare(dir = tempFolder('gcc-remote-')): string {
  gitIn(dir, ['init', '-q', '--bare', '-b', 'main']);
  return dir;
}

export const fileUrl = (dir: string) => `file://${dir}`;

/** Stages everything and commits it; returns the commit. */
export function commitAll(dir: string, message: string): string {
  gitIn(dir, ['add', '-A']);
  gitIn(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return gitIn(dir, ['rev-parse', 'HEAD']);
}

/** A blob in the repository at `gitDir` (bare or the .git of a work tree). */
export function blob(gitDir: string, bytes: string | Buffer): string {
  return gitIn(gitDir, ['hash-object', '-w', '--stdin'], bytes);
}

/** A tree of `[mode, type, oid, name]` entries, made with mktree (which takes names a folder could not hold). */
export function mktree(gitDir: string, entries: [string, string, string, string][]): string {
  return gitIn(gitDir, ['mktree'], entries.map(([m, t, o, n]) => `${m} ${t} ${o}\t${n}\n`).join(''));
}

/** A commit of `tree`, with `parent` when given. */
export function commitTree(gitDir: string, tree: string, message: string, parent?: string): string {
  return gitIn(gitDir, ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message]);
}

export function removeTempRepos(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}
