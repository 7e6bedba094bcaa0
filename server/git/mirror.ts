// The private bare mirror a --git fleet reads from, in the per-user cache folder (one per URL): only branches are
// fetched (those --refs names, when it can be a refspec; `fetch --prune`, so a deleted ref goes), nothing is ever
// checked out, and its objects are read through one cat-file process.
import { existsSync, mkdirSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { isMemoryRef, parseRefLines, REF_FORMAT, type RefTip } from '../../shared/git/refs.ts';
import { remoteUrlProblem } from '../../shared/git/ref-names.ts';
import { cachedRepoFolder } from './cache-folder.ts';
import { git, GitError, lastLine, runGit } from './git-command.ts';
import { GCC_PATH } from './gcc-tree.ts';
import { ObjectReader } from './object-reader.ts';

/** A local folder is named by its absolute path (the same mirror from any working folder); a URL as it is. */
export function repoLocation(repo: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(repo) || /^[\w.-]+@[^:/]+:/.test(repo)) return repo;
  return isAbsolute(repo) ? repo : resolve(repo);
}

/** A fetch that failed, with git's reason apart (a fleet that never read a ref says it in its own words). */
export class FetchError extends GitError {
  constructor(
    url: string,
    readonly reason: string,
  ) {
    super(`cannot fetch ${url}: ${reason}`);
  }
}

export class GitMirror {
  readonly objects: ObjectReader;
  /** Which commits hold a .GCC/ tree: asked once per commit (a commit never changes). */
  private readonly holdsGcc = new Map<string, boolean>();

  private constructor(
    readonly url: string,
    readonly gitDir: string,
  ) {
    this.objects = new ObjectReader(gitDir);
  }

  /** The mirror of `repo` (made on first use); throws a GitError for a URL with a password. */
  static async open(repo: string, env: NodeJS.ProcessEnv = process.env): Promise<GitMirror> {
    const url = repoLocation(repo);
    const problem = remoteUrlProblem(url);
    if (problem) throw new GitError(problem);
    const gitDir = cachedRepoFolder('mirror', url, env);
    if (!existsSync(`${gitDir}/HEAD`)) {
      mkdirSync(gitDir, { recursive: true });
      await git(['init', '--quiet', '--bare', gitDir]);
    }
    return new GitMirror(url, gitDir);
  }

  /** Brings the refs `refspec` names to the remote's; a deleted one is pruned. Throws a GitError with git's reason. */
  async fetch(refspec = '+refs/heads/*:refs/heads/*'): Promise<void> {
    const r = await runGit(['fetch', '--quiet', '--prune', '--no-tags', '--no-write-fetch-head', '--', this.url, refspec], { gitDir: this.gitDir });
    if (r.code !== 0) throw new FetchError(this.url, lastLine(r.stderr) || `git fetch failed (exit ${r.code})`);
  }

  /** The refs matching `pattern` whose commit holds .GCC/ as a tree, and every refs/heads/gcc/* ref. */
  async memoryRefs(pattern: string): Promise<RefTip[]> {
    const text = (await git(['for-each-ref', `--format=${REF_FORMAT}`, pattern], { gitDir: this.gitDir })).toString('utf8');
    const tips = parseRefLines(text);
    await Promise.all(
      tips
        .filter((t) => !this.holdsGcc.has(t.commit))
        .map(async (t) => this.holdsGcc.set(t.commit, (await this.objects.info(`${t.commit}:${GCC_PATH}`))?.type === 'tree')),
    );
    return tips.filter((t) => isMemoryRef(t.ref) || this.holdsGcc.get(t.commit));
  }

  /** Whether `older` is an ancestor of `newer` (false: the ref was rewritten, e.g. force-pushed). */
  async descends(older: string, newer: string): Promise<boolean> {
    const r = await runGit(['merge-base', '--is-ancestor', older, newer], { gitDir: this.gitDir });
    return r.code === 0;
  }

  close(): void {
    this.objects.close();
  }
}
