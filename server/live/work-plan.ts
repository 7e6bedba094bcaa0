// What one batch of watcher paths asks the store to look at: the whole .GCC/, the branch listing, the roadmap,
// and which files of which branches. Pure: paths in, work out.
import { BRANCHES_DIR, BRANCH_FILES, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';

/** A file of one branch to look at again; `all` is the branch folder itself (every file). */
export type BranchFileWant = 'log' | 'commit' | 'metadata' | 'all';

/** Which files of which branches a batch of watcher paths asks to look at. */
export interface Work {
  full: boolean;
  listing: boolean;
  roadmap: boolean;
  files: Map<string, Set<BranchFileWant>>;
}

export function planWork(paths: Iterable<string>): Work {
  const work: Work = { full: false, listing: false, roadmap: false, files: new Map() };
  const want = (branch: string, what: BranchFileWant) => {
    let set = work.files.get(branch);
    if (!set) work.files.set(branch, (set = new Set()));
    set.add(what);
  };
  for (const path of paths) {
    const parts = path.split('/');
    if (path === '') work.full = true;
    else if (path === ROADMAP_FILE) work.roadmap = true;
    else if (path === BRANCHES_DIR) work.listing = true;
    else if (parts[0] === BRANCHES_DIR && parts.length === 2) {
      work.listing = true;
      want(parts[1]!, 'all');
    } else if (parts[0] === BRANCHES_DIR && parts.length === 3) {
      const file = parts[2];
      want(parts[1]!, file === BRANCH_FILES.log ? 'log' : file === BRANCH_FILES.commit ? 'commit' : 'metadata');
    }
  }
  return work;
}
