// Response shapes of the HTTP API under /api. The server builds these; the page's client reads them.
import type { BranchMetadata, BranchStatus, Commit, ContextDialect, Diagnostic, Dialect, OtaStep } from './types.ts';

export interface BranchSummary {
  name: string;
  /** null when metadata.yaml is missing or unreadable (a diagnostic says why). */
  metadata: BranchMetadata | null;
  purpose: string | null;
  createdFrom: string | null;
  status: BranchStatus | null;
  mergedInto: string | null;
  dialect: Dialect;
  /** The branch's writer, then each other implementation whose records it holds (a merge by another one); absent: none. */
  writers?: Dialect[];
  commitCount: number;
  stepCount: number;
  /** Newest timestamp among the branch's commits and steps, as written in the file. */
  lastActivity: string | null;
}

/** A branch's summary: its metadata's fields lifted beside its counts, in the answer's order. */
export function branchSummary(b: Pick<BranchSummary, 'name' | 'metadata' | 'dialect' | 'writers' | 'commitCount' | 'stepCount' | 'lastActivity'>): BranchSummary {
  const m = b.metadata;
  return {
    name: b.name,
    metadata: m,
    purpose: m?.purpose ?? null,
    createdFrom: m?.createdFrom ?? null,
    status: m?.status ?? null,
    mergedInto: m?.mergedInto ?? null,
    dialect: b.dialect,
    ...(b.writers ? { writers: b.writers } : {}),
    commitCount: b.commitCount,
    stepCount: b.stepCount,
    lastActivity: b.lastActivity,
  };
}

export interface WorkspaceResponse {
  /** false while DIR has no .GCC/ (not created yet, or deleted while running). */
  present: boolean;
  root: string;
  readOnly: boolean;
  /** 'git': read from a git ref (`--git`, a commit), which keeps none of gcc-studio's records of edits and merges; absent: a folder. */
  source?: 'git';
  revision: number;
  roadmap: { text: string };
  branches: BranchSummary[];
  diagnostics: Diagnostic[];
}

export interface BranchResponse {
  branch: BranchSummary;
  commits: Commit[];
}

/** A commit as the branch graph draws it: which, when, and what it says (merges are read from it). */
export type CommitBrief = Pick<Commit, 'commitId' | 'timestamp' | 'thisCommitContribution'>;

/** GET /api/commits: every branch's commits in brief, in the workspace's order: what the graph draws, in one answer. */
export interface CommitsResponse {
  branches: { name: string; commits: CommitBrief[] }[];
}

export interface StepsPage {
  branch: string;
  from: number;
  /** Total number of steps in the branch's log right now. */
  total: number;
  steps: OtaStep[];
}

export interface ContextResponse {
  branch: string;
  k: number;
  dialect: ContextDialect;
  /**
   * Exactly what that implementation's summary() returns ('' when it raises). Bytes that are not valid UTF-8 (Go,
   * Lua, Elixir and Zig return them as they are) arrive as lone surrogates U+DC80..U+DCFF, one a byte
   * (shared/gcc/dialects/escaped-text.ts): the page shows them as U+FFFD, the command line writes the bytes.
   */
  text: string;
  tokens: number;
  /** `tokens` is a lower bound ("≥ N"): the text holds a run too long to count in time (a word of 20,000 letters). */
  tokensAtLeast?: boolean;
  /** How the dialect was chosen: asked for, the detected writer, or a fallback when no writer could be told. */
  dialectSource?: 'requested' | 'detected' | 'fallback';
  /** What the implementation's context() raises instead of returning (text is then ''), as it would say it. */
  error?: string;
  /** What the implementation did beside the text: a file read as empty, bytes replaced, metadata dropped. */
  notes?: string[];
  /**
   * When the implementation raises or reads nothing where we read records: CONTEXT in the same layout from what
   * gcc-studio's own lossless reader sees, to be shown apart and marked as such.
   */
  lossless?: { text: string; tokens: number; tokensAtLeast?: boolean };
  /** 'files': the implementation's reading of the whole files (exact); 'records': rebuilt record by record (files over 2 MiB). */
  reading?: 'files' | 'records';
  /** `tokensByK[k-1]`: the count for K = k (the page's K slider asks no more); sent with the live answer. */
  tokensByK?: number[];
  /** Which of tokensByK are lower bounds (sent only when some are). */
  tokensAtLeastByK?: boolean[];
}

export interface SearchMatch {
  branch: string;
  kind: 'step' | 'commit';
  /** Position in the branch's log (steps) or commit list (commits). */
  index: number;
  step?: number;
  commitId?: string;
  field: string;
  snippet: string;
}

export interface SearchResponse {
  query: string;
  matches: SearchMatch[];
  /** More records matched than `limit` allowed. */
  truncated: boolean;
}

/** Who wrote a record through gcc-studio (an MCP client by its name): the page's "via …" mark. */
export type RecordAuthor =
  | { kind: 'step'; branch: string; step: number; timestamp: string; client: string }
  | { kind: 'commit'; branch: string; commitId: string; client: string };

/** GET /api/authors?branch=: the branch's records written through gcc-studio, oldest first. */
export interface AuthorsResponse {
  branch: string;
  authors: RecordAuthor[];
}

export interface ErrorResponse {
  error: string;
}

/** GET /api/session: the token was taken; when this server started (a change: it restarted). */
export interface SessionResponse {
  startedAt: string;
}

/** A 401: why the token was refused, and when this server started (a page whose token once worked: a restart). */
export interface TokenRefusedResponse extends ErrorResponse {
  code: 'token-missing' | 'token-wrong';
  startedAt: string;
}
