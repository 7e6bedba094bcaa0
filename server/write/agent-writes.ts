// The one way gcc-studio writes an agent's records (the MCP server's tools): each operation under the workspace's own
// lock, numbered from the live store's incremental index (never by re-reading the log), written as the branch's
// Contexa implementation writes it, and noted with the client that wrote it.
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { MergePreviewResponse } from '../../shared/compare-api.ts';
import { ReaderTally } from '../../shared/gcc/dialects/reader-tally.ts';
import { branchFilePath, BRANCHES_DIR, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import {
  AGENT_DIALECTS,
  agentBranchNameProblem,
  agentDialectProblem,
  commitProblem,
  commitWrites,
  fieldProblem,
  initWrites,
  isAgentDialect,
  MAIN_BRANCH,
  newBranchMetadata,
  branchWrites,
  purposeProblem,
  stepProblem,
  stepWrite,
  type AgentDialect,
  type AgentFileWrite,
  type StepFields,
} from '../../shared/gcc/write/agent-records.ts';
import { metadataAsRead } from '../../shared/gcc/write/merge-plan.ts';
import type { Dialect } from '../../shared/types.ts';
import { describeFsError, pathProblem, readInside } from '../fs/index.ts';
import type { Store } from '../live/index.ts';
import { appendFileDurable, writeFileAtomic } from './atomic-write.ts';
import { createAuthorship, type Authored, type AuthoredRecord, type Authorship } from './authorship.ts';
import { newCommitId as randomCommitId, nowIn, performMerge, previewMerge, type MergeContext, type MergeOutcome } from './merge.ts';
import { AgentWriteError, fsErrorStatus, Refusal } from './refusals.ts';
import { LockRefusedError, LockTimeoutError, withWorkspaceLock } from './workspace-lock.ts';
import { writeProblem } from './write-guard.ts';

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

const refuse = (status: ConstructorParameters<typeof AgentWriteError>[0], message: string): never => {
  throw new AgentWriteError(status, message);
};

export function createMemoryWriter(options: MemoryWriterOptions): MemoryWriter {
  const { gccDir, store } = options;
  const now = options.now ?? nowIn;
  const commitId = options.newCommitId ?? randomCommitId;
  const authorship = options.authorship ?? createAuthorship(gccDir);
  // One tally a branch: it follows the store's step index and commits as they grow, so a number costs the new tail only.
  const tallies = new Map<string, ReaderTally>();

  const branchRecords = (name: string) => store.records().branches.find((b) => b.name === name) ?? null;

  const writable = (): void => {
    if (options.readOnly) refuse(403, 'gcc-studio runs with --read-only: it writes nothing to the workspace.');
  };

  /**
   * The branch's writer (the store's verdict); a branch nobody could tell is written as its workspace's. A branch the
   * store has not seen yet (another process made it a moment ago) is looked for on disk first.
   */
  const dialectOf = async (branch: string): Promise<AgentDialect> => {
    if (!branchRecords(branch)) await catchUp([`${BRANCHES_DIR}/${branch}`]);
    const b = branchRecords(branch);
    if (!b) return refuse(404, `There is no branch "${branch}".`);
    const dialect: Dialect = b.dialect !== 'unknown' ? b.dialect : (branchRecords(MAIN_BRANCH)?.dialect ?? 'unknown');
    const problem = agentDialectProblem(dialect);
    if (problem || !isAgentDialect(dialect)) return refuse(422, problem ?? `gcc-studio does not write the ${dialect} dialect.`);
    return dialect;
  };

  const locked = async <T>(dialect: AgentDialect, fn: () => Promise<T>): Promise<T> => {
    let held = false;
    try {
      return await withWorkspaceLock(gccDir, dialect, () => ((held = true), fn()), options.lockTimeoutMs !== undefined ? { timeoutMs: options.lockTimeoutMs } : {});
    } catch (err) {
      if (err instanceof Refusal || held) throw err;
      const status = err instanceof LockTimeoutError ? 423 : err instanceof LockRefusedError ? 409 : 503;
      throw new AgentWriteError(status, `Could not take the workspace's write lock (${err instanceof Error ? err.message : String(err)}); nothing was written.`);
    }
  };

  /** Under the lock: the branch folder is there and reached without a link. */
  const branchThere = async (branch: string): Promise<void> => {
    const problem = await pathProblem(gccDir, `${BRANCHES_DIR}/${branch}`);
    if (problem?.missing) refuse(404, `There is no branch "${branch}".`);
    if (problem) refuse(409, `branches/${branch} ${problem.message}; nothing was written.`);
  };

  /** Writes in order; a file that may not be written is refused before the first byte. */
  const perform = async (writes: readonly AgentFileWrite[]): Promise<void> => {
    for (const w of writes) {
      if (w.mode === 'create') continue;
      const problem = await writeProblem(gccDir, w.file, { mayBeMissing: w.file === ROADMAP_FILE });
      if (problem) refuse(409, `${w.file} ${problem}; nothing was written.`);
    }
    const done: string[] = [];
    for (const w of writes) {
      const path = join(gccDir, w.file);
      try {
        if (w.mode === 'append') await appendFileDurable(path, w.text);
        else await writeFileAtomic(path, w.text, { root: gccDir });
      } catch (err) {
        const status = fsErrorStatus(err);
        // As with Contexa's own writers, what was written before stays: say what it is.
        const outcome = done.length ? `${done.join(' and ')} ${done.length === 1 ? 'was' : 'were'} written before it` : 'nothing was written';
        throw new AgentWriteError(status === 409 || status === 507 ? status : 500, `Cannot write ${w.file} (${describeFsError(err)}); ${outcome}.`);
      }
      done.push(w.file);
    }
  };

  /** Brings the store up to the bytes on disk for these files (only their new tails are read). */
  const catchUp = (files: readonly string[]) => store.apply(files);

  const note = async (record: AuthoredRecord, client: string): Promise<{ authorshipProblem?: string }> => {
    const entry = { ...record, client, at: new Date().toISOString() } as Authored;
    try {
      await authorship.note(entry);
      options.onAuthored?.(entry);
      return {};
    } catch (err) {
      return { authorshipProblem: `written, but who wrote it could not be noted in ${authorship.path}: ${describeFsError(err)}` };
    }
  };

  const tallyOf = (branch: string): ReaderTally => {
    const b = branchRecords(branch);
    if (!b) return refuse(404, `There is no branch "${branch}".`);
    let tally = tallies.get(branch);
    if (!tally) tallies.set(branch, (tally = new ReaderTally()));
    tally.sync({ commits: b.commits, steps: b.steps });
    return tally;
  };

  const metadataBytes = async (branch: string): Promise<Uint8Array | null> => {
    const read = await readInside(gccDir, branchFilePath(branch, 'metadata'));
    return read.ok ? read.bytes : null;
  };

  return {
    authorship,

    async init({ goal, dialect = options.newWorkspaceDialect ?? 'python' }, client) {
      writable();
      if (!isAgentDialect(dialect)) refuse(400, `gcc-studio writes a new workspace in ${AGENT_DIALECTS.join(', ')}, not "${String(dialect)}".`);
      const problem = fieldProblem('goal', goal);
      if (problem) refuse(413, problem);
      const there = await pathProblem(dirname(gccDir), basename(gccDir));
      if (!there) refuse(409, `A GCC workspace already exists at ${gccDir}.`);
      else if (!there.missing) refuse(409, `${gccDir} ${there.message}; nothing was written.`);
      try {
        await mkdir(join(gccDir, BRANCHES_DIR, MAIN_BRANCH), { recursive: true });
      } catch (err) {
        refuse(fsErrorStatus(err) === 507 ? 507 : 409, `Cannot make ${gccDir} (${describeFsError(err)}); nothing was written.`);
      }
      return locked(dialect, async () => {
        const initialized = now(dialect);
        const writes = initWrites(goal, dialect, { initialized, createdAt: now(dialect) });
        await perform(writes);
        await catchUp(['']);
        return { branch: MAIN_BRANCH, dialect, files: writes.map((w) => w.file), timestamp: initialized, ...(await note({ kind: 'init', branch: MAIN_BRANCH, timestamp: initialized }, client)) };
      });
    },

    async log({ branch, observation, thought, action }, client) {
      writable();
      const name = agentBranchNameProblem(branch);
      if (name) refuse(400, name);
      const fields = { observation, thought, action };
      const problem = stepProblem(fields);
      if (problem) refuse(problem.includes('longer than') ? 413 : 400, problem);
      const dialect = await dialectOf(branch);
      return locked(dialect, async () => {
        await branchThere(branch);
        const log = branchFilePath(branch, 'log');
        // Whatever another writer appended before we took the lock, read as a tail, then counted.
        await catchUp([log]);
        const timestamp = now(dialect);
        const w = stepWrite(branch, fields, tallyOf(branch).stepCount(dialect), timestamp, dialect);
        await perform([w]);
        await catchUp([log]);
        return { branch, dialect, files: [log], step: w.step, timestamp, ...(await note({ kind: 'step', branch, step: w.step, timestamp }, client)) };
      });
    },

    async commit({ branch, contribution, roadmapUpdate }, client) {
      writable();
      const name = agentBranchNameProblem(branch);
      if (name) refuse(400, name);
      const problem = commitProblem(contribution, roadmapUpdate);
      if (problem) refuse(problem.includes('longer than') ? 413 : 400, problem);
      const dialect = await dialectOf(branch);
      return locked(dialect, async () => {
        await branchThere(branch);
        const file = branchFilePath(branch, 'commit');
        await catchUp([file, branchFilePath(branch, 'metadata')]);
        const meta = metadataAsRead(await metadataBytes(branch), branchFilePath(branch, 'metadata'), dialect);
        const last = tallyOf(branch).commits(dialect).at(-1)?.thisCommitContribution ?? null;
        const id = commitId();
        const timestamp = now(dialect);
        const writes = commitWrites({ branch, contribution, roadmapUpdate: roadmapUpdate ?? null, commitId: id, timestamp, purposeAsRead: meta?.purpose ?? '', lastContributionAsRead: last }, dialect);
        await perform(writes);
        await catchUp(writes.map((w) => w.file));
        return {
          branch,
          dialect,
          files: writes.map((w) => w.file),
          commitId: id,
          timestamp,
          branchPurpose: meta?.purpose ?? '',
          previousProgressSummary: last ?? 'Initial state — no prior commits.',
          ...(await note({ kind: 'commit', branch, commitId: id, timestamp }, client)),
        };
      });
    },

    async branch({ name, purpose, from = MAIN_BRANCH }, client) {
      writable();
      const nameProblem = agentBranchNameProblem(name) ?? agentBranchNameProblem(from);
      if (nameProblem) refuse(400, nameProblem);
      const problem = purposeProblem(purpose);
      if (problem) refuse(problem.includes('longer than') ? 413 : 400, problem);
      const dialect = await dialectOf(from);
      return locked(dialect, async () => {
        await branchThere(from);
        const folder = `${BRANCHES_DIR}/${name}`;
        const there = await pathProblem(gccDir, folder);
        if (!there?.missing) refuse(409, `The branch "${name}" exists already.`);
        try {
          await mkdir(join(gccDir, folder));
        } catch (err) {
          refuse(fsErrorStatus(err) === 507 ? 507 : 409, `Cannot make ${folder}: ${describeFsError(err)}; nothing was written.`);
        }
        const timestamp = now(dialect);
        const writes = branchWrites(newBranchMetadata(name, purpose, from, timestamp), dialect);
        await perform(writes);
        await catchUp([folder]);
        return { branch: name, dialect, files: writes.map((w) => w.file), timestamp, ...(await note({ kind: 'branch', branch: name, timestamp }, client)) };
      });
    },

    previewMerge: (args) => previewMerge(mergeContext(), mergeArgs(args)),

    async merge(args, client) {
      const outcome = await performMerge(mergeContext(), mergeArgs(args));
      const target = args.target ?? MAIN_BRANCH;
      await catchUp(outcome.plan.writes.map((w) => w.file));
      const c = outcome.plan.commit;
      return { ...outcome, ...(await note({ kind: 'merge', branch: args.branch, target, commitId: c.commitId, timestamp: c.timestamp }, client)) };
    },
  };

  function mergeContext(): MergeContext {
    return {
      gccDir,
      readOnly: options.readOnly,
      dialectOf: (branch) => branchRecords(branch)?.dialect ?? null,
      ...(options.newCommitId ? { newCommitId: options.newCommitId } : {}),
      ...(options.lockTimeoutMs !== undefined ? { lockTimeoutMs: options.lockTimeoutMs } : {}),
    };
  }
}

function mergeArgs(args: MergeArgsForAgent) {
  const target = args.target ?? MAIN_BRANCH;
  for (const name of [args.branch, target]) {
    const problem = agentBranchNameProblem(name);
    if (problem) throw new AgentWriteError(400, problem);
  }
  if (args.summary) {
    const problem = fieldProblem('summary', args.summary);
    if (problem) throw new AgentWriteError(413, problem);
  }
  return { branch: args.branch, target, summary: args.summary ?? null };
}
