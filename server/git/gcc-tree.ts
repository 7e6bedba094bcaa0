// The .GCC/ of one commit as git lists it (`ls-tree -r -t -l`): every entry's kind, object and size, and nothing read
// yet. Only this tree is ever asked of git: never a checkout, never the project's other files.
import { parseTreeListing, treePathProblem, type TreeEntry } from '../../shared/git/tree-listing.ts';
import { git, GitError } from './git-command.ts';

export const GCC_PATH = '.GCC';

export interface GccTree {
  commit: string;
  /** What the commit holds at .GCC: a folder, or why not (absent, a link, a file…). */
  root: 'folder' | 'missing' | TreeEntry['kind'];
  /** Entries below .GCC/, by their path relative to it (bytes decoded as UTF-8). */
  entries: Map<string, TreeEntry>;
  /** Paths git holds that no folder on disk could (`..`, an empty part…), with why: never read, reported. */
  refused: { path: string; problem: string }[];
}

export const isObjectId = (s: string) => /^[0-9a-f]{40,64}$/.test(s);

const UTF8 = new TextDecoder();

/** Lists .GCC/ (at `prefix`, `/`-separated, below the repository's top) in `commit` of the repository at `gitDir`. */
export async function listGccTree(gitDir: string, commit: string, prefix = GCC_PATH): Promise<GccTree> {
  if (!isObjectId(commit)) throw new GitError(`not a commit id: ${commit}`);
  // The commit id is hex and the path fixed: neither can be read as an option.
  const listing = parseTreeListing(await git(['ls-tree', '-r', '-t', '-l', '-z', '--full-tree', commit, '--', prefix], { gitDir }));
  const tree: GccTree = { commit, root: 'missing', entries: new Map(), refused: [] };
  const below = `${prefix}/`;
  for (const entry of listing) {
    const path = UTF8.decode(entry.path);
    if (path === prefix) {
      tree.root = entry.kind;
      continue;
    }
    if (!path.startsWith(below)) continue;
    const rel = entry.path.subarray(below.length);
    const relText = path.slice(below.length);
    const problem = treePathProblem(rel);
    // A control character in a branch name is the disk's case too (the branch listing says so); `..` and its kin are not.
    if (problem && problem !== 'contains a control character') tree.refused.push({ path: relText, problem });
    else tree.entries.set(relText, { ...entry, path: rel });
  }
  return tree;
}
