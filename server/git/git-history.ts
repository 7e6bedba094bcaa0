// The exact history of a .GCC/ in git: every commit that changed it (`git log -- .GCC`), each read whole as its tree
// holds it. For a fleet row (a ref of the mirror) and for a local .GCC/ tracked by the repository around it; neither
// ever checks anything out.
import { realpathSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { LOG_FORMAT, parseGitLog, type GitMoment } from '../../shared/git/git-moments.ts';
import { readOnce, type RecordsView } from '../live/index.ts';
import type { ExactMoments } from '../travel/index.ts';
import { git, runGit } from './git-command.ts';
import { GCC_PATH, isObjectId } from './gcc-tree.ts';
import { sourceAtCommit } from './git-source.ts';
import { ObjectReader } from './object-reader.ts';

export interface HistoryOptions {
  gitDir: string;
  objects: ObjectReader;
  /** The commit whose history is shown (a ref's tip now: after a force-push, the history as it now is). */
  tip: () => string | null;
  /** Where .GCC/ is below the repository's top. */
  prefix?: string;
  /** Shown as the workspace's root. */
  shownRoot: string;
}

/** The commits that changed .GCC/ up to the tip, newest first, read again only when the tip moves. */
export function gitHistory(options: HistoryOptions): ExactMoments {
  const prefix = options.prefix ?? GCC_PATH;
  let listed: { tip: string; moments: Promise<GitMoment[]> } | null = null;
  const list = (): Promise<GitMoment[]> => {
    const tip = options.tip();
    if (tip === null || !isObjectId(tip)) return Promise.resolve([]);
    if (listed?.tip !== tip) {
      const moments = git(['log', '-z', `--format=${LOG_FORMAT}`, tip, '--', prefix], { gitDir: options.gitDir }).then((out) => parseGitLog(out.toString('utf8')));
      listed = { tip, moments };
    }
    return listed.moments;
  };
  return {
    list,
    async read(commit): Promise<RecordsView> {
      const root = `git:${commit}/${GCC_PATH}`;
      const source = await sourceAtCommit(options.objects, commit, root, { prefix });
      return readOnce({ gccDir: source.root, root: options.shownRoot, source });
    },
  };
}

async function headOf(gitDir: string): Promise<string | null> {
  const head = await runGit(['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { gitDir });
  return head.code === 0 ? head.stdout.toString('utf8').trim() : null;
}

/** A local .GCC/'s history, and why it has none when it has none. */
export interface LocalGitHistory extends ExactMoments {
  /** Why HEAD's history holds no commit of this .GCC/: not tracked at all, or only on other refs (which, how to list). */
  whyNone(): Promise<string>;
  close(): void;
}

/** The history of a .GCC/ on disk in the repository around it, as HEAD is now; null when it is in none (or no git). */
export async function localGitHistory(gccDir: string): Promise<LocalGitHistory | null> {
  const r = await runGit(['rev-parse', '--absolute-git-dir', '--show-toplevel'], { cwd: dirname(gccDir) }).catch(() => null);
  if (!r || r.code !== 0) return null;
  const [gitDir, top] = r.stdout.toString('utf8').trim().split('\n');
  if (!gitDir || !top) return null;
  let tip = await headOf(gitDir);
  const objects = new ObjectReader(gitDir);
  const prefix = relative(top, realpathSync(gccDir)).split(sep).join('/');
  const history = gitHistory({ gitDir, objects, tip: () => tip, prefix, shownRoot: dirname(gccDir) });
  return {
    whyNone: () => whyNoHistory(gitDir, top, prefix),
    // HEAD moves while a server runs (the user commits): looked at again with each list.
    list: async () => {
      tip = await headOf(gitDir);
      return history.list();
    },
    read: history.read,
    close: () => objects.close(),
  };
}

/** In words: .GCC/ tracked by no commit of the repository, or by commits only other refs reach. */
async function whyNoHistory(gitDir: string, top: string, prefix: string): Promise<string> {
  const r = await runGit(['log', '--all', '--format=%h', '--', prefix], { gitDir });
  const elsewhere = r.code === 0 ? r.stdout.toString('utf8').split('\n').filter(Boolean) : [];
  if (elsewhere.length === 0) return `${prefix}/ is not tracked in the repository at ${top}: no commit of any branch holds it, so there is no git:<commit> moment (moments by time need no git)`;
  const n = elsewhere.length;
  return `${prefix}/ is not in the history of HEAD in the repository at ${top}; ${n === 1 ? '1 commit of other refs changes' : `${n} commits of other refs change`} it (newest ${elsewhere[0]}): \`git log --all -- ${prefix}\` lists them, and a checkout of a branch that holds them reads them`;
}
