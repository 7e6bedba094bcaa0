// Each branch of a folder as the dialect vote sees it (format.ts DialectEvidence): the corpus's folders, generated
// workspaces, and any of them with edited bytes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BranchBytes } from '../../shared/gcc/dialects/implementation.ts';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import { indexWholeLog } from '../../shared/gcc/read/log-index.ts';
import { branchFilePath } from '../../shared/gcc/read/paths.ts';
import { readMetadata, type DialectEvidence } from '../live/format.ts';

/** A branch's three files (the roadmap is the workspace's, and no vote reads it). */
export type BranchFiles = Omit<BranchBytes, 'roadmap'>;

const bytesOr = (path: string) => (existsSync(path) ? new Uint8Array(readFileSync(path)) : null);

/** Every branch's three files of the workspace at `gcc` (a `.GCC` folder). */
export function branchBytesOf(gcc: string): { branch: string; files: BranchFiles; lockFile: boolean }[] {
  const lockFile = existsSync(join(gcc, '.lock'));
  return readdirSync(join(gcc, 'branches')).map((branch) => {
    const at = (kind: 'log' | 'commit' | 'metadata') => bytesOr(join(gcc, branchFilePath(branch, kind)));
    return { branch, files: { log: at('log'), commit: at('commit'), metadata: at('metadata') }, lockFile };
  });
}

/** The evidence of one branch's bytes, read as the store reads them. */
export function evidenceOf(branch: string, files: BranchFiles, lockFile: boolean): DialectEvidence {
  return {
    branch,
    steps: indexWholeLog(files.log ?? new Uint8Array(0), branchFilePath(branch, 'log'), undefined).index,
    commits: files.commit ? parseCommits(files.commit, { file: branchFilePath(branch, 'commit'), branch }).commits : [],
    metadata: readMetadata(files.metadata, branch),
    lockFile,
  };
}
