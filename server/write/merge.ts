// A merge from the page, planned by shared/gcc/write/merge-plan.ts and written under the writers' own lock, with an
// intent record so that a crash is rolled back and a retry never writes it twice.
import { randomUUID } from 'node:crypto';
import type { MergePreviewResponse, MergeWriteReport, MergeWriteView } from '../../shared/compare-api.ts';
import { decodeUtf8 } from '../../shared/gcc/read/bytes.ts';
import { mergeDialectOf, metadataAsRead, planMerge, type MergeDialect, type MergePlan, type MergeTimestamps, type MergeWrite } from '../../shared/gcc/write/merge-plan.ts';
import { branchFilePath, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import { formatTimestamp } from '../../shared/gcc/read/timestamp.ts';
import { describeFsError } from '../fs/index.ts';
import type { Dialect } from '../../shared/types.ts';
import { mergedTargetRefusal } from './merged-branch.ts';
import { contributionMisreadProblem } from '../../shared/gcc/write/agent-records.ts';
import { MergeError, MergeWriteError } from './refusals.ts';
import { mergeHistory, recordOf, type MergeHistory } from './merge-history.ts';
import { intentOf, mergeJournal, type MergeJournal } from './merge-journal.ts';
import { checkNames, readMergeFiles, type MergeArgs, type MergeFiles } from './merge-read.ts';
import { describeParts, judgeIntent, resolveLocked, type RecoveredMerge } from './merge-recovery.ts';
import { defaultMergeIo, execute, preflight, type MergeIo } from './merge-write.ts';
import { LockRefusedError, LockTimeoutError, withWorkspaceLock } from './workspace-lock.ts';

export type { MergeArgs } from './merge-read.ts';
export { defaultMergeIo, type MergeIo } from './merge-write.ts';

export interface MergeContext {
  gccDir: string;
  /** Who wrote each branch (the store's verdict); the target's decides how the merge is written. */
  dialectOf(branch: string): Dialect | null;
  readOnly: boolean;
  io?: MergeIo;
  /** Default: now, in the dialect's timestamp shape. */
  timestamps?: (dialect: MergeDialect) => MergeTimestamps;
  newCommitId?: () => string;
  lockTimeoutMs?: number;
  /** Where the intent record goes; default beside .GCC/ (merge-journal.ts). */
  journal?: MergeJournal;
  /** Where a merge done is recorded for its undo; default beside .GCC/ (merge-history.ts). */
  history?: MergeHistory;
}

export const journalOf = (ctx: MergeContext): MergeJournal => ctx.journal ?? mergeJournal(ctx.gccDir);
export const historyOf = (ctx: MergeContext): MergeHistory => ctx.history ?? mergeHistory(ctx.gccDir);

/** A merge record gcc-studio cannot read is never guessed at: no merge until someone looks. */
export async function pendingOf(journal: MergeJournal) {
  try {
    return await journal.pending();
  } catch (err) {
    throw new MergeError(409, `${(err as Error).message}: it records a merge that did not finish; look at it, put the files right, then delete it`);
  }
}

/** `datetime.now()`-like: the current instant with sub-millisecond digits, in the writer's shape. */
export function nowIn(dialect: MergeDialect): string {
  const epochMs = performance.timeOrigin + performance.now();
  const whole = Math.floor(epochMs);
  const extra = String(Math.floor((epochMs - whole) * 1e6)).padStart(6, '0');
  return formatTimestamp(new Date(whole), dialect, extra);
}

export function defaultTimestamps(dialect: MergeDialect): MergeTimestamps {
  // In the order the implementations take them; Elixir alone takes a fresh one for the roadmap heading.
  const logHeader = nowIn(dialect);
  const commit = nowIn(dialect);
  const roadmap = dialect === 'elixir' ? nowIn(dialect) : commit;
  return { logHeader, commit, roadmap, mergedAt: nowIn(dialect) };
}

export function newCommitId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 8);
}

function plan(ctx: MergeContext, files: MergeFiles, args: MergeArgs): MergePlan {
  return planMerge({
    source: files.source,
    target: files.target,
    roadmap: files.roadmap,
    dialect: files.dialect,
    summary: args.summary ?? null,
    commitId: (ctx.newCommitId ?? newCommitId)(),
    timestamps: (ctx.timestamps ?? defaultTimestamps)(files.dialect),
  });
}

function blockersOf(ctx: MergeContext, files: MergeFiles): string[] {
  const out: string[] = [];
  if (ctx.readOnly) out.push('gcc-studio was started with --read-only: it never writes to the workspace.');
  const meta = metadataAsRead(files.source.metadata, branchFilePath(files.source.name, 'metadata'), files.dialect);
  if (meta?.status === 'merged') {
    out.push(`\`${files.source.name}\` is already merged${meta.mergedInto ? ` into \`${meta.mergedInto}\`` : ''}${meta.mergedAt ? ` (${meta.mergedAt})` : ''}.`);
  }
  const target = mergedTargetRefusal(files.target.name, metadataAsRead(files.target.metadata, branchFilePath(files.target.name, 'metadata'), files.dialect));
  if (target) out.push(target);
  return out;
}

/**
 * A summary typed for the merge commit that Contexa's readers would misread in the target's commit.md: refused in the
 * words the hand edit and an agent's commit get (the automatic summary is the writers' own).
 */
function summaryBlockers(p: MergePlan): string[] {
  if (!p.customSummary) return [];
  const problem = contributionMisreadProblem({ branch: p.target, ...p.commit });
  return problem ? [problem] : [];
}

function writeView(w: MergeWrite): MergeWriteView {
  const decoded = decodeUtf8(w.bytes);
  return {
    kind: w.kind,
    file: w.file,
    mode: w.mode,
    baseSize: w.baseSize,
    byteLength: w.bytes.length,
    text: w.text,
    exactText: decoded.invalid.length === 0,
    ...(w.previousText !== undefined ? { previousText: w.previousText } : {}),
  };
}

/** What the preview says of a merge that did not finish: a blocker when it cannot be undone, else a note. */
async function pendingWords(ctx: MergeContext): Promise<{ blockers: string[]; notes: string[] }> {
  const pending = await pendingOf(journalOf(ctx));
  if (!pending) return { blockers: [], notes: [] };
  const parts = await judgeIntent(ctx.gccDir, pending);
  const what = describeParts(pending.intent, parts);
  if (parts.some((p) => p.found.state === 'changed')) return { blockers: [`${cap(what)}; a file it touched changed since, so it cannot be undone: put it right by hand, then delete ${journalOf(ctx).path}.`], notes: [] };
  return { blockers: [], notes: [`${cap(what)}. It is ${pending.intent.undoes ? 'finished' : 'rolled back'} before this merge writes anything.`] };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What a merge would write now. Reads without the lock: the fingerprint tells the merge whether it still holds. */
export async function previewMerge(ctx: MergeContext, args: MergeArgs): Promise<MergePreviewResponse> {
  checkNames(args);
  const files = await readMergeFiles(ctx.gccDir, (name) => ctx.dialectOf(name), args);
  const p = plan(ctx, files, args);
  const pending = await pendingWords(ctx);
  return {
    branch: p.source,
    target: p.target,
    dialect: p.dialect,
    automaticSummary: p.automaticSummary,
    summary: p.summary,
    customSummary: p.customSummary,
    commit: p.commit,
    copiedSteps: p.copiedSteps,
    sourceStepCount: p.sourceStepCount,
    sourceCommitCount: p.sourceCommitCount,
    roadmapText: p.roadmapText,
    metadata: p.metadata,
    writes: p.writes.map(writeView),
    notes: [...pending.notes, ...p.notes],
    blockers: [...pending.blockers, ...blockersOf(ctx, files), ...summaryBlockers(p)],
    fingerprint: files.fingerprint,
  };
}

export interface MergeOutcome {
  plan: MergePlan;
  report: MergeWriteReport[];
  /** A merge left unfinished by a crash, rolled back (or found complete) before this one was written. */
  recovered: RecoveredMerge | null;
  /** Its line in the merge history (what an undo names); null, with the reason, when it could not be written. */
  historyId: string | null;
  historyProblem?: string;
}

/** Under the lock: a merge (or undo) a crash left unfinished is resolved first; refused while it cannot be. */
export async function resolveFirst(ctx: MergeContext, doing: 'merge' | 'undo'): Promise<RecoveredMerge | null> {
  const journal = journalOf(ctx);
  const pending = await pendingOf(journal);
  const recovered = pending ? await resolveLocked(ctx.gccDir, journal, pending, false) : null;
  if (recovered?.resolution === 'unresolved') throw new MergeError(409, `No ${doing} until this is resolved: ${recovered.message}`);
  return recovered;
}

/** Under the lock: an unfinished merge resolved first, then read, check, record the intent, write, clear. */
async function lockedMerge(ctx: MergeContext, args: MergeArgs): Promise<MergeOutcome> {
  const journal = journalOf(ctx);
  const recovered = await resolveFirst(ctx, 'merge');
  const files = await readMergeFiles(ctx.gccDir, (name) => ctx.dialectOf(name), args);
  const blockers = blockersOf(ctx, files);
  if (blockers.length > 0) throw new MergeError(409, blockers.join(' '));
  if (args.expect !== undefined && args.expect !== files.fingerprint) {
    throw new MergeError(409, 'the preview is stale: a file the merge touches changed since it was made; look at the new preview and merge again');
  }
  const p = plan(ctx, files, args);
  const misread = summaryBlockers(p);
  if (misread.length > 0) throw new MergeError(409, misread.join(' '));
  await preflight(ctx.gccDir, p);
  const read = new Map([
    [branchFilePath(files.source.name, 'metadata'), files.source.metadata],
    [branchFilePath(files.target.name, 'log'), files.target.log],
    [branchFilePath(files.target.name, 'commit'), files.target.commit],
    [ROADMAP_FILE, files.roadmap],
  ]);
  const intent = intentOf(p, (file) => read.get(file) ?? null, new Date());
  try {
    await journal.begin(intent);
  } catch (err) {
    throw new MergeError(fsStatus(err), `could not write the merge's intent record ${journal.path}: ${describeFsError(err)}; nothing was written`);
  }
  let report: MergeWriteReport[];
  try {
    report = await execute(ctx.gccDir, p, ctx.io ?? defaultMergeIo, (i) => journal.starting(i));
  } catch (err) {
    // Undone in full (execute takes back its appends): the record has nothing left to recover.
    const parts = await judgeIntent(ctx.gccDir, { intent, started: p.writes.length - 1 }).catch(() => null);
    if (parts?.every((x) => x.found.state === 'absent')) await journal.clear().catch(() => {});
    throw err;
  }
  // Recorded before the intent goes: once the record is gone, the history is what an undo reads.
  const history = historyOf(ctx);
  let recorded: Pick<MergeOutcome, 'historyId' | 'historyProblem'>;
  try {
    await history.append(recordOf(intent));
    recorded = { historyId: intent.id };
  } catch (err) {
    recorded = { historyId: null, historyProblem: `the merge stands, but could not be recorded in ${history.path} (${describeFsError(err)}), so it cannot be undone from the page` };
  }
  await journal.clear();
  return { plan: p, report, recovered, ...recorded };
}

export function fsStatus(err: unknown): 500 | 507 {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? 507 : 500;
}

/**
 * Runs `fn` under the workspace's lock, taken as `dialect`'s writer takes it; a lock that cannot be taken is a
 * MergeError that says nothing was written.
 */
export async function withMergeLock<T>(ctx: MergeContext, dialect: MergeDialect, fn: () => Promise<T>): Promise<T> {
  let lockHeld = false;
  try {
    return await withWorkspaceLock(
      ctx.gccDir,
      dialect,
      () => {
        lockHeld = true;
        return fn();
      },
      ctx.lockTimeoutMs !== undefined ? { timeoutMs: ctx.lockTimeoutMs } : {},
    );
  } catch (err) {
    if (err instanceof MergeError || err instanceof MergeWriteError) throw err;
    if (!lockHeld) {
      const timeout = err instanceof LockTimeoutError;
      throw new MergeError(timeout ? 423 : err instanceof LockRefusedError ? 409 : 503, `could not take the workspace's write lock: ${err instanceof Error ? err.message : String(err)}; nothing was written`);
    }
    throw err;
  }
}

/**
 * Performs the merge under the workspace's lock; refused (MergeError, nothing written) when the preview is stale or
 * the branch is already merged. Written in the implementations' order (log, commit, roadmap, metadata) between an
 * intent record's write and its removal, so a crash in between is rolled back at start (merge-recovery.ts); a write
 * that fails is a MergeWriteError.
 */
export async function performMerge(ctx: MergeContext, args: MergeArgs): Promise<MergeOutcome> {
  checkNames(args);
  if (ctx.readOnly) throw new MergeError(403, 'gcc-studio was started with --read-only: merges are disabled');
  return withMergeLock(ctx, mergeDialectOf(ctx.dialectOf(args.target)), () => lockedMerge(ctx, args));
}
