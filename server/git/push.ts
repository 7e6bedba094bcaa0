// `gcc-studio push`: the current .GCC/ committed onto refs/heads/gcc/NAME and pushed without force. All of it happens in
// a private repository in the cache folder, so the agent's own repository (HEAD, index, working tree, branches, refs)
// is only ever read: for its remote's URL.
import { existsSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { defaultRefName, GCC_REF_PREFIX, pushRef, remoteUrlProblem } from '../../shared/git/ref-names.ts';
import { cachedRepoFolder } from './cache-folder.ts';
import { git, GitError, gitText, lastLine, runGit } from './git-command.ts';
import { writeMemoryTree } from './memory-tree.ts';

export interface PushOptions {
  projectDir: string;
  gccDir: string;
  /** A URL, a path, or the name of a remote of the repository around the folder; default: its `origin`. */
  remote?: string | null;
  /** gcc/NAME; default gcc/<host>-<folder>. */
  ref?: string | null;
  env?: NodeJS.ProcessEnv;
  /** Tests only: runs after the commit is made and before it is pushed (another writer racing us). */
  beforePush?: () => Promise<void>;
}

export type PushResult =
  | { kind: 'pushed'; ref: string; commit: string; parent: string | null; url: string }
  | { kind: 'unchanged'; ref: string; commit: string; url: string };

/** The repository the folder sits in (its git dir), or null; read-only: `rev-parse` changes nothing. */
async function enclosingRepo(projectDir: string): Promise<string | null> {
  const r = await runGit(['rev-parse', '--absolute-git-dir'], { cwd: projectDir });
  return r.code === 0 ? r.stdout.toString('utf8').trim() : null;
}

/** The URL to push to: R as given (a URL or path), or R (default origin) as a remote of the enclosing repository. */
async function remoteUrl(projectDir: string, remote: string | null | undefined): Promise<string> {
  const repo = await enclosingRepo(projectDir);
  const name = remote ?? 'origin';
  if (repo && /^[\w.-]+$/.test(name)) {
    const r = await runGit(['remote', 'get-url', '--', name], { gitDir: repo });
    if (r.code === 0) return r.stdout.toString('utf8').trim();
  }
  if (remote) return remote;
  throw new GitError(repo ? `${projectDir} is in a repository with no remote "origin": give --remote URL` : `${projectDir} is in no git repository: give --remote URL (where to push)`);
}

async function privateRepo(key: string, env: NodeJS.ProcessEnv): Promise<string> {
  const gitDir = cachedRepoFolder('push', key, env);
  if (!existsSync(gitDir)) {
    mkdirSync(gitDir, { recursive: true });
    await git(['init', '--quiet', '--bare', gitDir]);
  }
  return gitDir;
}

/** Who a commit is by: git's configured user when there is one, else this host's name. */
async function authorEnv(gitDir: string): Promise<Record<string, string>> {
  const name = (await runGit(['config', 'user.name'], { gitDir })).stdout.toString('utf8').trim();
  const email = (await runGit(['config', 'user.email'], { gitDir })).stdout.toString('utf8').trim();
  const fallback = { name: `gcc-studio on ${hostname()}`, email: `gcc-studio@${hostname()}` };
  const n = name || fallback.name;
  const e = email || fallback.email;
  return { GIT_AUTHOR_NAME: n, GIT_AUTHOR_EMAIL: e, GIT_COMMITTER_NAME: n, GIT_COMMITTER_EMAIL: e };
}

/** The remote's tip of `ref`, fetched into the private repository, or null when the remote has no such ref. */
async function remoteTip(gitDir: string, url: string, ref: string): Promise<string | null> {
  const listed = await runGit(['ls-remote', '--', url, ref], { gitDir });
  if (listed.code !== 0) throw new GitError(`cannot reach ${url}: ${lastLine(listed.stderr)}`);
  const tip = listed.stdout.toString('utf8').split('\n').find((l) => l.endsWith(`\t${ref}`))?.split('\t')[0];
  if (!tip) return null;
  await git(['fetch', '--quiet', '--no-tags', '--', url, `+${ref}:refs/gcc-studio/tip`], { gitDir });
  return tip;
}

/** Commits .GCC/ as it is now on top of the remote's tip of the ref and pushes it; no new commit when nothing changed. */
export async function pushMemory(options: PushOptions): Promise<PushResult> {
  const env = options.env ?? process.env;
  const url = await remoteUrl(options.projectDir, options.remote);
  const problem = remoteUrlProblem(url);
  if (problem) throw new GitError(problem);
  const chosen = options.ref ? pushRef(options.ref) : { ref: `${GCC_REF_PREFIX}${defaultRefName(hostname(), basename(options.projectDir))}` };
  if ('problem' in chosen) throw new GitError(chosen.problem);
  const { ref } = chosen;
  const gitDir = await privateRepo(`${options.gccDir}\n${url}\n${ref}`, env);
  const tree = await writeMemoryTree(gitDir, options.gccDir);
  const parent = await remoteTip(gitDir, url, ref);
  const origin = `${hostname()}:${options.projectDir}`;
  if (parent) {
    const from = pushedFrom(await gitText(['log', '-1', '--format=%B', parent], { gitDir }));
    if (from !== null && from !== origin) throw new GitError(otherFolderRefusal(ref, from, origin));
  }
  if (parent && (await gitText(['rev-parse', `${parent}^{tree}`], { gitDir })) === tree) return { kind: 'unchanged', ref, commit: parent, url };
  const message = `${PUSH_MESSAGE}${origin}`;
  const commit = await gitText(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message], { gitDir, env: await authorEnv(gitDir) });
  await options.beforePush?.();
  // Never forced: a ref that moved meanwhile is refused by git, and the agent's history is never rewritten by us.
  const pushed = await runGit(['push', '--porcelain', '--quiet', '--', url, `${commit}:${ref}`], { gitDir });
  if (pushed.code !== 0) throw new GitError(pushRefusal(pushed.stdout.toString('utf8'), pushed.stderr, ref));
  return { kind: 'pushed', ref, commit, parent, url };
}

/** A push's commit message: this, then the host and folder it was pushed from. */
const PUSH_MESSAGE = 'gcc-studio push: ';

/** The host:folder a push's commit came from (its message's first line), or null for a commit push did not make. */
export function pushedFrom(message: string): string | null {
  const first = message.split('\n', 1)[0]!.trim();
  return first.startsWith(PUSH_MESSAGE) ? first.slice(PUSH_MESSAGE.length) : null;
}

/**
 * Two agent folders with one name on one host have one default ref: the second push would build on the first one's
 * memory and replace it on the remote. A ref holds one folder's memory: another folder's push is refused.
 */
export function otherFolderRefusal(ref: string, theirs: string, ours: string): string {
  const short = ref.replace(/^refs\/heads\//, '');
  return `push of ${short} refused: it holds the memory pushed from ${theirs}, not from ${ours}; give this folder a ref of its own with --ref gcc/NAME (nothing was pushed)`;
}

/** git's reason for refusing the push, in one line. */
export function pushRefusal(porcelain: string, stderr: string, ref: string): string {
  const line = porcelain.split('\n').find((l) => l.startsWith('!'));
  const reason = line ? /\((.*)\)\s*$/.exec(line)?.[1] ?? line : lastLine(stderr);
  const short = ref.replace(/^refs\/heads\//, '');
  if (/non-fast-forward|fetch first|stale info/.test(reason)) return `push of ${short} refused (${reason}): the remote's ${short} moved since this push began; push again to build on it (nothing is forced)`;
  return `push of ${short} refused: ${reason}`;
}
