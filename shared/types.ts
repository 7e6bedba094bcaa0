// The records of a .GCC/ workspace, with Contexa's TypeScript field names.
// Pure types: imported by the format core, the server and the page alike.

/** Which Contexa implementation wrote a file, judged from the evidence it leaves. */
export type Dialect = 'python' | 'typescript' | 'rust' | 'go' | 'zig' | 'lua' | 'elixir' | 'unknown';

export const DIALECTS: readonly Dialect[] = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir', 'unknown'];

/** The implementations whose CONTEXT text (summary()) we reproduce byte for byte: all seven. */
export type ContextDialect = 'python' | 'typescript' | 'rust' | 'go' | 'lua' | 'elixir' | 'zig';
export const CONTEXT_DIALECTS: readonly ContextDialect[] = ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'];

/** Half-open byte range [start, end) of a record in its file. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OtaStep {
  step: number;
  /** Exactly the string in the file: never re-formatted. */
  timestamp: string;
  observation: string;
  thought: string;
  action: string;
  /** Set when a merge copied this step into the log from another branch. */
  mergedFrom?: string;
  range: ByteRange;
}

export interface Commit {
  commitId: string;
  branchName: string;
  branchPurpose: string;
  previousProgressSummary: string;
  thisCommitContribution: string;
  timestamp: string;
  range: ByteRange;
}

export type BranchStatus = 'active' | 'merged' | 'abandoned' | (string & {});

export interface BranchMetadata {
  name: string;
  purpose: string;
  createdFrom: string;
  createdAt: string;
  status: BranchStatus;
  mergedInto: string | null;
  mergedAt: string | null;
}

export type Severity = 'error' | 'warning' | 'info';

/** A format problem found while reading; the rest of the workspace still loads. */
export interface Diagnostic {
  /** Path relative to the .GCC/ folder, e.g. `branches/main/log.md`. */
  file: string;
  /** 1-based line; 0 when the problem concerns the whole file. */
  line: number;
  severity: Severity;
  code: string;
  message: string;
}

export interface Roadmap {
  text: string;
}

/** What `gcc-studio inspect --json` prints for a branch. */
export interface InspectedBranch {
  name: string;
  purpose: string | null;
  createdFrom: string | null;
  createdAt: string | null;
  status: BranchStatus | null;
  mergedInto: string | null;
  mergedAt: string | null;
  dialect: Dialect;
  commits: Commit[];
  steps: OtaStep[];
}
