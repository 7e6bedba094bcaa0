// What a merge reads (the two branches' files and main.md, refused when anything is off) and their fingerprint: any
// change makes a preview stale.
import { createHash } from 'node:crypto';
import { mergeDialectOf, type MergeBranchFiles, type MergeDialect } from '../../shared/gcc/write/merge-plan.ts';
import { branchFilePath, branchNameProblem, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import type { Dialect } from '../../shared/types.ts';
import { pathProblem, readInside } from '../fs/index.ts';
import { MergeError } from './refusals.ts';

export interface MergeArgs {
  branch: string;
  target: string;
  summary?: string | null;
  expect?: string;
}

export interface MergeFiles {
  source: MergeBranchFiles;
  target: MergeBranchFiles;
  roadmap: Uint8Array | null;
  dialect: MergeDialect;
  fingerprint: string;
}

/** Who wrote each branch (the store's verdict); the target's decides how the merge is written. */
export type DialectOf = (branch: string) => Dialect | null;

export function checkNames(args: MergeArgs): void {
  for (const [what, name] of [
    ['branch', args.branch],
    ['target', args.target],
  ] as const) {
    const problem = branchNameProblem(name);
    if (problem) throw new MergeError(400, `${what}: ${problem}`);
  }
  if (args.branch === args.target) throw new MergeError(400, `cannot merge \`${args.branch}\` into itself`);
}

async function readOptional(gccDir: string, rel: string): Promise<Uint8Array | null> {
  const r = await readInside(gccDir, rel);
  if (r.ok) return r.bytes;
  if (r.missing) return null;
  throw new MergeError(409, `cannot read ${rel}: it ${r.message}; nothing was written`);
}

/** Every file the merge reads or writes, and a fingerprint of them all (any change makes a preview stale). */
/** Refused when a name is bad, a branch is missing, a symbolic link is on the way to any file, or the target has no commit.md. */
export async function readMergeFiles(gccDir: string, dialectOf: DialectOf, args: MergeArgs): Promise<MergeFiles> {
  const branchFiles = async (name: string): Promise<MergeBranchFiles> => {
    const problem = await pathProblem(gccDir, `branches/${name}`);
    if (problem?.missing) throw new MergeError(404, `no branch "${name}"`);
    if (problem) throw new MergeError(409, `branches/${name} ${problem.message}; a symbolic link is never read or written through`);
    const [log, commit, metadata] = await Promise.all([
      readOptional(gccDir, branchFilePath(name, 'log')),
      readOptional(gccDir, branchFilePath(name, 'commit')),
      readOptional(gccDir, branchFilePath(name, 'metadata')),
    ]);
    const dialect = dialectOf(name);
    return { name, log, commit, metadata, ...(dialect ? { dialect } : {}) };
  };
  const [source, target, roadmap] = await Promise.all([branchFiles(args.branch), branchFiles(args.target), readOptional(gccDir, ROADMAP_FILE)]);
  if (target.commit === null) throw new MergeError(409, `${branchFilePath(args.target, 'commit')} is missing: the merge commit has nowhere to go`);
  const hash = createHash('sha256');
  for (const bytes of [source.log, source.commit, source.metadata, target.log, target.commit, target.metadata, roadmap]) {
    hash.update(bytes === null ? 'missing' : `${bytes.length}:`);
    if (bytes) hash.update(bytes);
    hash.update('\u0000');
  }
  return { source, target, roadmap, dialect: mergeDialectOf(dialectOf(args.target)), fingerprint: hash.digest('hex').slice(0, 24) };
}
