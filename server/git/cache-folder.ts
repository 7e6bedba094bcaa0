// The per-user cache folder gcc-studio keeps its private git repositories in: the --git mirrors and the push
// repositories of folders that are in no repo. Never the user's own repositories.
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** $XDG_CACHE_HOME/gcc-studio/git (default ~/.cache/gcc-studio/git). */
export function gitCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'gcc-studio', 'git');
}

/** A private repository's folder for `key` (a URL, a folder): a short hash, the same on every run. */
export function cachedRepoFolder(kind: 'mirror' | 'push', key: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(gitCacheFolder(env), kind, createHash('sha256').update(key).digest('hex').slice(0, 24));
}
