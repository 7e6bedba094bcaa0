// The one way gcc-studio runs git: the real `git` command, spawned without a shell, with a fixed environment (no
// prompt, no pager, the C locale), so its answers parse the same everywhere and it never waits on a terminal.
import { spawn, spawnSync } from 'node:child_process';

/** A git failure a user can act on; `message` is one line. */
export class GitError extends Error {
  override name = 'GitError';
}

/** What the machine without git is told (exit 2). */
export const NO_GIT = 'gcc-studio: git is not installed or not on the PATH (it is needed for push and --git): install git and try again';

export interface GitRun {
  /** The repository (GIT_DIR); absent: git finds it from `cwd`. */
  gitDir?: string;
  cwd?: string;
  /** More of the fixed environment: GIT_INDEX_FILE, GIT_WORK_TREE, the author's date. */
  env?: Record<string, string>;
  input?: Uint8Array | string;
}

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** What every git we spawn gets; the caller's HOME and PATH stay so that git's own config and credential helpers work. */
export function gitEnvironment(run: GitRun = {}): NodeJS.ProcessEnv {
  const keep = ['HOME', 'PATH', 'USER', 'SSH_AUTH_SOCK', 'XDG_CONFIG_HOME', 'GIT_SSH_COMMAND', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM', 'TMPDIR'];
  const env: NodeJS.ProcessEnv = {};
  for (const k of keep) if (process.env[k] !== undefined) env[k] = process.env[k];
  Object.assign(env, { GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', PAGER: 'cat', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', GCM_INTERACTIVE: 'never' });
  if (run.gitDir) env.GIT_DIR = run.gitDir;
  return Object.assign(env, run.env);
}

/** Runs `git args…`; resolves with its code and output (never rejects on a non-zero exit: the caller reads stderr). */
export function runGit(args: readonly string[], run: GitRun = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: run.cwd, env: gitEnvironment(run), stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new GitError(NO_GIT) : e));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => {});
    child.stdin.end(run.input ?? '');
  });
}

/** Runs git and returns its output, or throws a GitError with git's own last line. */
export async function git(args: readonly string[], run: GitRun = {}): Promise<Buffer> {
  const r = await runGit(args, run);
  if (r.code !== 0) throw new GitError(lastLine(r.stderr) || `git ${args[0]} failed (exit ${r.code})`);
  return r.stdout;
}

/** The same, as text without the final newline. */
export async function gitText(args: readonly string[], run: GitRun = {}): Promise<string> {
  return (await git(args, run)).toString('utf8').replace(/\n$/, '');
}

/** git's most telling line: the last `fatal:`/`error:` one, else the last line. */
export function lastLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  // git's "Could not read from remote repository." only closes the reason on the line before it (ssh's own, or git's).
  const generic = lines.findIndex((l) => GENERIC_REMOTE_FAILURE.test(l));
  if (generic > 0) return lines[generic - 1]!.replace(/^(fatal|error): /, '');
  const telling = lines.filter((l) => /^(fatal|error|! \[|remote:)/.test(l));
  return (telling.at(-1) ?? lines.at(-1) ?? '').replace(/^(fatal|error): /, '');
}

const GENERIC_REMOTE_FAILURE = /^fatal: Could not read from remote repository\.?$/;

/** Whether `git` runs here (checked once, before a command that needs it). */
export function gitInstalled(): boolean {
  const r = spawnSync('git', ['--version'], { env: gitEnvironment(), shell: false });
  return !r.error && r.status === 0;
}
