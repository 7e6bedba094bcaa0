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
  contributionMisreadProblem,
  fieldProblem,
  initWrites,
  isAgentDialect,
  MAIN_BRANCH,
  newBranchMetadata,
  branchWrites,
  purposeMisreadProblem,
  purposeProblem,
  stepMisreadProblem,
  stepProblem,
  stepWrite,
  type AgentDialect,
  type AgentFileWrite,
  type StepFields,
} from '../../shared/gcc/write/agent-records.ts';
import { INITIAL_PREVIOUS_SUMMARY, metadataAsRead } from '../../shared/gcc/write/merge-plan.ts';
import type { Dialect } from '../../shared/types.ts';
import { describeFsError, pathProblem, readInside } from '../fs/index.ts';
import { appendFileDurable, writeFileAtomic } from './atomic-write.ts';
import { createAuthorship, type Authored, type AuthoredRecord, type Authorship } from './authorship.ts';
import { newCommitId as randomCommitId, nowIn, performMerge, previewMerge, type MergeContext } from './merge.ts';
import { mergeArgs, newBranchNameProblem } from './agent-input.ts';
import { mergedRecordRefusal } from './merged-branch.ts';
import { AgentWriteError, fsErrorStatus, Refusal } from './refusals.ts';
import { LockRefusedError, LockTimeoutError, withWorkspaceLock } from './workspace-lock.ts';
import { writeProblem } from './write-guard.ts';

export type { CommitWritten, MemoryWriter, MemoryWriterOptions, MergeArgsForAgent, StepWritten, WriterStore, Written } from './memory-writer.ts';
import type { CommitWritten, MemoryWriter, MemoryWriterOptions, MergeArgsForAgent, StepWritten, WriterStore, Written } from './memory-writer.ts';

const refuse = (status: ConstructorParameters<typeof AgentWriteError>[0], message: string): never => {
  throw new AgentWriteError(status, message);
};

export function createMemoryWriter(options: MemoryWriterOptions): MemoryWriter {
  return new AgentWriter(options);
}

/** Why a field or name is refused: 413 for a field over the limit, else 400. */
const badInput = (problem: string | null): void => {
  if (problem) refuse(problem.includes('longer than') ? 413 : 400, problem);
};

class AgentWriter implements MemoryWriter {
  readonly authorship: Authorship;
  private readonly gccDir: string;
  private readonly store: WriterStore;
  private readonly now: (dialect: AgentDialect) => string;
  private readonly commitId: () => string;
  // One tally a branch: it follows the store's step index and commits as they grow, so a number costs the new tail only.
  private readonly tallies = new Map<string, ReaderTally>();

  constructor(private readonly options: MemoryWriterOptions) {
    this.gccDir = options.gccDir;
    this.store = options.store;
    this.now = options.now ?? nowIn;
    this.commitId = options.newCommitId ?? randomCommitId;
    this.authorship = options.authorship ?? createAuthorship(options.gccDir);
  }

  async init({ goal, dialect = this.options.newWorkspaceDialect ?? 'python' }: { goal: string; dialect?: AgentDialect }, client: string) {
    this.writable();
    if (!isAgentDialect(dialect)) refuse(400, `gcc-studio writes a new workspace in ${AGENT_DIALECTS.join(', ')}, not "${String(dialect)}".`);
    badInput(fieldProblem('goal', goal));
    const gccDir = this.gccDir;
    const there = await pathProblem(dirname(gccDir), basename(gccDir));
    if (!there) refuse(409, `A GCC workspace already exists at ${gccDir}.`);
    else if (!there.missing) refuse(409, `${gccDir} ${there.message}; nothing was written.`);
    try {
      await mkdir(join(gccDir, BRANCHES_DIR, MAIN_BRANCH), { recursive: true });
    } catch (err) {
      refuse(fsErrorStatus(err) === 507 ? 507 : 409, `Cannot make ${gccDir} (${describeFsError(err)}); nothing was written.`);
    }
    return this.locked(dialect, async () => {
      const initialized = this.now(dialect);
      const writes = initWrites(goal, dialect, { initialized, createdAt: this.now(dialect) });
      await this.perform(writes);
      await this.catchUp(['']);
      const noted = await this.note({ kind: 'init', branch: MAIN_BRANCH, timestamp: initialized }, client);
      return { branch: MAIN_BRANCH, dialect, files: writes.map((w) => w.file), timestamp: initialized, ...noted };
    });
  }

  async log({ branch, observation, thought, action }: StepFields & { branch: string }, client: string): Promise<StepWritten> {
    this.writable();
    badInput(agentBranchNameProblem(branch));
    const fields = { observation, thought, action };
    badInput(stepProblem(fields));
    const dialect = await this.dialectOf(branch);
    return this.locked(dialect, async () => {
      await this.branchThere(branch);
      const log = branchFilePath(branch, 'log');
      // Whatever another writer appended before we took the lock, read as a tail, then counted.
      await this.catchUp([log, branchFilePath(branch, 'metadata')]);
      this.notMerged(branch, 'step');
      const timestamp = this.now(dialect);
      const w = stepWrite(branch, fields, this.tallyOf(branch).stepCount(dialect), timestamp, dialect);
      this.misread(() => stepMisreadProblem(w.step, timestamp, fields));
      await this.perform([w]);
      await this.catchUp([log]);
      return { branch, dialect, files: [log], step: w.step, timestamp, ...(await this.note({ kind: 'step', branch, step: w.step, timestamp }, client)) };
    });
  }

  async commit({ branch, contribution, roadmapUpdate }: { branch: string; contribution: string; roadmapUpdate?: string | null }, client: string): Promise<CommitWritten> {
    this.writable();
    badInput(agentBranchNameProblem(branch));
    badInput(commitProblem(contribution, roadmapUpdate));
    const dialect = await this.dialectOf(branch);
    return this.locked(dialect, async () => {
      await this.branchThere(branch);
      const metadataFile = branchFilePath(branch, 'metadata');
      await this.catchUp([branchFilePath(branch, 'commit'), metadataFile]);
      this.notMerged(branch, 'commit');
      const meta = metadataAsRead(await this.metadataBytes(branch), metadataFile, dialect);
      const last = this.tallyOf(branch).commits(dialect).at(-1)?.thisCommitContribution ?? null;
      const commitId = this.commitId();
      const timestamp = this.now(dialect);
      const purposeAsRead = meta?.purpose ?? '';
      const previous = last ?? INITIAL_PREVIOUS_SUMMARY;
      this.misread(() => contributionMisreadProblem({ branch, commitId, timestamp, branchPurpose: purposeAsRead, previousProgressSummary: previous, thisCommitContribution: contribution }));
      const writes = commitWrites({ branch, contribution, roadmapUpdate: roadmapUpdate ?? null, commitId, timestamp, purposeAsRead, lastContributionAsRead: last }, dialect);
      await this.perform(writes);
      await this.catchUp(writes.map((w) => w.file));
      const noted = await this.note({ kind: 'commit', branch, commitId, timestamp }, client);
      const files = writes.map((w) => w.file);
      return { branch, dialect, files, commitId, timestamp, branchPurpose: purposeAsRead, previousProgressSummary: previous, ...noted };
    });
  }

  async branch({ name, purpose, from = MAIN_BRANCH }: { name: string; purpose: string; from?: string }, client: string) {
    this.writable();
    badInput(agentBranchNameProblem(name) ?? newBranchNameProblem(name) ?? agentBranchNameProblem(from));
    badInput(purposeProblem(purpose));
    this.misread(() => purposeMisreadProblem(name, purpose, new Date().toISOString()));
    const dialect = await this.dialectOf(from);
    return this.locked(dialect, async () => {
      await this.branchThere(from);
      const folder = `${BRANCHES_DIR}/${name}`;
      const there = await pathProblem(this.gccDir, folder);
      if (!there?.missing) refuse(409, `The branch "${name}" exists already.`);
      try {
        await mkdir(join(this.gccDir, folder));
      } catch (err) {
        refuse(fsErrorStatus(err) === 507 ? 507 : 409, `Cannot make ${folder}: ${describeFsError(err)}; nothing was written.`);
      }
      const timestamp = this.now(dialect);
      const writes = branchWrites(newBranchMetadata(name, purpose, from, timestamp), dialect);
      await this.perform(writes);
      await this.catchUp([folder]);
      return { branch: name, dialect, files: writes.map((w) => w.file), timestamp, ...(await this.note({ kind: 'branch', branch: name, timestamp }, client)) };
    });
  }

  previewMerge(args: MergeArgsForAgent): Promise<MergePreviewResponse> {
    return previewMerge(this.mergeContext(), mergeArgs(args));
  }

  async merge(args: MergeArgsForAgent, client: string) {
    const outcome = await performMerge(this.mergeContext(), mergeArgs(args));
    await this.catchUp(outcome.plan.writes.map((w) => w.file));
    const c = outcome.plan.commit;
    return { ...outcome, ...(await this.note({ kind: 'merge', branch: args.branch, target: args.target ?? MAIN_BRANCH, commitId: c.commitId, timestamp: c.timestamp }, client)) };
  }

  private branchRecords(name: string) {
    return this.store.records().branches.find((b) => b.name === name) ?? null;
  }

  private writable(): void {
    if (this.options.readOnly) refuse(403, 'gcc-studio runs with --read-only: it writes nothing to the workspace.');
  }

  /**
   * The branch's writer (the store's verdict); a branch nobody could tell is written as its workspace's. A branch the
   * store has not seen yet (another process made it a moment ago) is looked for on disk first.
   */
  private async dialectOf(branch: string): Promise<AgentDialect> {
    if (!this.branchRecords(branch)) await this.catchUp([`${BRANCHES_DIR}/${branch}`]);
    const b = this.branchRecords(branch);
    if (!b) return refuse(404, `There is no branch "${branch}".`);
    const dialect: Dialect = b.dialect !== 'unknown' ? b.dialect : (this.branchRecords(MAIN_BRANCH)?.dialect ?? 'unknown');
    const problem = agentDialectProblem(dialect);
    if (problem || !isAgentDialect(dialect)) return refuse(422, problem ?? `gcc-studio does not write the ${dialect} dialect.`);
    return dialect;
  }

  private async locked<T>(dialect: AgentDialect, fn: () => Promise<T>): Promise<T> {
    let held = false;
    const options = this.options.lockTimeoutMs !== undefined ? { timeoutMs: this.options.lockTimeoutMs } : {};
    try {
      return await withWorkspaceLock(this.gccDir, dialect, () => ((held = true), fn()), options);
    } catch (err) {
      if (err instanceof Refusal || held) throw err;
      const status = err instanceof LockTimeoutError ? 423 : err instanceof LockRefusedError ? 409 : 503;
      throw new AgentWriteError(status, `Could not take the workspace's write lock (${err instanceof Error ? err.message : String(err)}); nothing was written.`);
    }
  }

  /** A value Contexa's readers would misread is refused as the page's hand edit refuses it: 422. */
  private misread(problem: () => string | null): void {
    const refused = this.options.writeMisreadValues ? null : problem();
    if (refused) refuse(422, refused);
  }

  /** Under the lock, the metadata caught up: a merged branch takes no more records (merged-branch.ts). */
  private notMerged(branch: string, record: 'step' | 'commit'): void {
    const refused = mergedRecordRefusal(branch, this.branchRecords(branch)?.metadata, record);
    if (refused) refuse(409, refused);
  }

  /** Under the lock: the branch folder is there and reached without a link. */
  private async branchThere(branch: string): Promise<void> {
    const problem = await pathProblem(this.gccDir, `${BRANCHES_DIR}/${branch}`);
    if (problem?.missing) refuse(404, `There is no branch "${branch}".`);
    if (problem) refuse(409, `branches/${branch} ${problem.message}; nothing was written.`);
  }

  /** Writes in order; a file that may not be written is refused before the first byte. */
  private async perform(writes: readonly AgentFileWrite[]): Promise<void> {
    for (const w of writes) {
      if (w.mode === 'create') continue;
      const problem = await writeProblem(this.gccDir, w.file, { mayBeMissing: w.file === ROADMAP_FILE });
      if (problem) refuse(409, `${w.file} ${problem}; nothing was written.`);
    }
    const done: string[] = [];
    for (const w of writes) {
      const path = join(this.gccDir, w.file);
      try {
        if (w.mode === 'append') await appendFileDurable(path, w.text);
        else await writeFileAtomic(path, w.text, { root: this.gccDir });
      } catch (err) {
        const status = fsErrorStatus(err);
        // As with Contexa's own writers, what was written before stays: say what it is.
        const outcome = done.length ? `${done.join(' and ')} ${done.length === 1 ? 'was' : 'were'} written before it` : 'nothing was written';
        throw new AgentWriteError(status === 409 || status === 507 ? status : 500, `Cannot write ${w.file} (${describeFsError(err)}); ${outcome}.`);
      }
      done.push(w.file);
    }
  }

  /** Brings the store up to the bytes on disk for these files (only their new tails are read). */
  private catchUp(files: readonly string[]): Promise<void> {
    return this.store.apply(files);
  }

  private async note(record: AuthoredRecord, client: string): Promise<{ authorshipProblem?: string }> {
    const entry = { ...record, client, at: new Date().toISOString() } as Authored;
    try {
      await this.authorship.note(entry);
      this.options.onAuthored?.(entry);
      return {};
    } catch (err) {
      return { authorshipProblem: `written, but who wrote it could not be noted in ${this.authorship.path}: ${describeFsError(err)}` };
    }
  }

  private tallyOf(branch: string): ReaderTally {
    const b = this.branchRecords(branch);
    if (!b) return refuse(404, `There is no branch "${branch}".`);
    let tally = this.tallies.get(branch);
    if (!tally) this.tallies.set(branch, (tally = new ReaderTally()));
    tally.sync({ commits: b.commits, steps: b.steps });
    return tally;
  }

  private async metadataBytes(branch: string): Promise<Uint8Array | null> {
    const read = await readInside(this.gccDir, branchFilePath(branch, 'metadata'));
    return read.ok ? read.bytes : null;
  }

  private mergeContext(): MergeContext {
    return {
      gccDir: this.gccDir,
      readOnly: this.options.readOnly,
      dialectOf: (branch) => this.branchRecords(branch)?.dialect ?? null,
      ...(this.options.newCommitId ? { newCommitId: this.options.newCommitId } : {}),
      ...(this.options.lockTimeoutMs !== undefined ? { lockTimeoutMs: this.options.lockTimeoutMs } : {}),
    };
  }
}
