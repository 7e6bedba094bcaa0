// The MemoryWriter's contract: what the MCP server's tools call and what each write answers (agent-writes.ts writes).
import type { MergePreviewResponse } from '../../shared/compare-api.ts';
import type { AgentDialect, StepFields } from '../../shared/gcc/write/agent-records.ts';
import type { Store } from '../live/index.ts';
import type { Authored, Authorship } from './authorship.ts';
import type { MergeOutcome } from './merge.ts';

/** What the writer reads of the live store: its records (for numbers) and apply (to catch a file up to disk). */
export type WriterStore = Pick<Store, 'apply' | 'records'>;

export interface MemoryWriterOptions {
  gccDir: string;
  /** The live store of this process (the dashboard's, or the MCP stdio server's own). */
  store: WriterStore;
  readOnly: boolean;
  /** The dialect a new workspace is written in; default python. */
  newWorkspaceDialect?: AgentDialect;
  /** Default: now, in the dialect's timestamp shape. */
  now?: (dialect: AgentDialect) => string;
  /** Default: 8 hex digits of a random UUID, as the implementations make them. */
  newCommitId?: () => string;
  lockTimeoutMs?: number;
  /**
   * Write a value Contexa's readers misread (a line they take for a header, a `---` they cut at) as Contexa would,
   * instead of refusing it as the page's hand edit does. Only the tests that prove the writers' bytes set it.
   */
  writeMisreadValues?: boolean;
  /** Where who wrote what is noted; default `.gcc-studio/authors.jsonl` beside .GCC/. */
  authorship?: Authorship;
  /** Told of each note once kept (the MCP server turns it into the page's "who wrote" event). */
  onAuthored?: (record: Authored) => void;
}

export interface Written {
  branch: string;
  dialect: AgentDialect;
  /** The files written, relative to .GCC/. */
  files: string[];
  /** Set when the note of who wrote it could not be kept (the record itself stands). */
  authorshipProblem?: string;
}

export interface StepWritten extends Written {
  step: number;
  timestamp: string;
}

export interface CommitWritten extends Written {
  commitId: string;
  timestamp: string;
  branchPurpose: string;
  previousProgressSummary: string;
}

export interface MergeArgsForAgent {
  branch: string;
  /** Default main. */
  target?: string;
  summary?: string | null;
}

export interface MemoryWriter {
  /** `init(goal)`: a new .GCC/ in `dialect` (default: the writer's). Refused when one exists. */
  init(args: { goal: string; dialect?: AgentDialect }, client: string): Promise<Written & { timestamp: string }>;
  /** `log_ota(o, t, a)` on `branch`. */
  log(args: StepFields & { branch: string }, client: string): Promise<StepWritten>;
  /** `commit(c, roadmap?)` on `branch`. */
  commit(args: { branch: string; contribution: string; roadmapUpdate?: string | null }, client: string): Promise<CommitWritten>;
  /** `branch(name, purpose)` from `from` (default main). */
  branch(args: { name: string; purpose: string; from?: string }, client: string): Promise<Written & { timestamp: string }>;
  /** Exactly the preview the page shows (blockers included); writes nothing. */
  previewMerge(args: MergeArgsForAgent): Promise<MergePreviewResponse>;
  /** The page's merge (server/write/merge.ts), noted as the client's. */
  merge(args: MergeArgsForAgent, client: string): Promise<MergeOutcome & { authorshipProblem?: string }>;
  /** Who wrote what through this layer. */
  readonly authorship: Authorship;
}
