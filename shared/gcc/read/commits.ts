// commit.md: the commits of one branch, read losslessly and incrementally (the writing: ../write/commit-write.ts).

import type { ByteRange, Commit, Diagnostic, Dialect } from '../../types.ts';
import { NO_BYTES, type PendingBlock, type ResumePoint } from './chunk.ts';
import { CommitsScan } from './commits-fast.ts';
import { continueCommitsFully } from './commits-full.ts';

export type { PendingBlock } from './chunk.ts';

/** `# Commit History — branch \`b\`` at the top of the file. */
export interface CommitHeader {
  branch: string | null;
  range: ByteRange;
}

export interface CommitsState extends ResumePoint {
  dialect: Dialect | undefined;
  headerSeen: boolean;
  /** Branch named in the header (or given by the caller): the commits' `branchName`. */
  branch: string;
  /** The branch the caller said the file belongs to (kept for a re-parse). */
  givenBranch: string | undefined;
  /** Every commit id seen so far, to report duplicates. */
  seenIds: string[];
  provisional: boolean;
  commits: number;
}

export interface CommitsParseResult {
  header: CommitHeader | null;
  /** New complete commits, in file order (duplicates included: both are shown, and reported). */
  commits: Commit[];
  pending: PendingBlock | null;
  diagnostics: Diagnostic[];
  state: CommitsState;
  /** See LogParseResult.needsFullReparse. */
  needsFullReparse: boolean;
}

export interface CommitsParseOptions {
  /** Path relative to .GCC/, e.g. `branches/main/commit.md`. */
  file: string;
  /** The branch folder's name: used as `branchName` when the header does not say. */
  branch?: string;
  dialect?: Dialect;
}

export function initialCommitsState(options: CommitsParseOptions): CommitsState {
  return {
    // Fields, not a spread of initialResumePoint: V8 built a spread object ~10x slower (a cost per file at start).
    file: options.file,
    consumed: 0,
    line: 1,
    fingerprint: NO_BYTES,
    dialect: options.dialect,
    headerSeen: false,
    branch: options.branch ?? '',
    givenBranch: options.branch,
    seenIds: [],
    provisional: false,
    commits: 0,
  };
}

/** Parses a whole commit.md. Never throws. */
export function parseCommits(bytes: Uint8Array, options: CommitsParseOptions): CommitsParseResult {
  return continueCommits(initialCommitsState(options), bytes);
}

/** Continues from `state`: `tail` = the file's bytes from `state.consumed` to its end. */
export function continueCommits(state: CommitsState, tail: Uint8Array): CommitsParseResult {
  // A close at the end of the bytes read last is confirmed or undone by what follows (records.ts provisionalEnd): the
  // full reader decides.
  if (state.provisional && tail.length > 0) return continueCommitsFully(state, tail);
  return new CommitsScan(state, tail).run();
}
