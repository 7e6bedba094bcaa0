// Performing a merge planned by shared/gcc/write/merge-plan.ts: read the files under the workspace's own write lock,
// refuse if the preview is stale or the branch already merged, check every file can be written before writing
// any, then write in the implementations' order (log, commit, roadmap, metadata), undoing what it can if a write
// fails. Composed of merge-read.ts (the files and their fingerprint), the plan, and merge-write.ts (the checked
// writes and their undoing, reported file by file).
import { randomUUID } from 'node:crypto';
import type { MergePreviewResponse, MergeWriteReport, MergeWriteView } from '../../shared/compare-api.ts';
import { decodeUtf8 } from '../../shared/gcc/read/bytes.ts';
import { mergeDialectOf, metadataAsRead, planMerge, type MergeDialect, type MergePlan, type MergeTimestamps, type MergeWrite } from '../../shared/gcc/write/merge-plan.ts';
import { branchFilePath } from '../../shared/gcc/read/paths.ts';
import { formatTimestamp } from '../../shared/gcc/read/timestamp.ts';
import type { Dialect } from '../../shared/types.ts';
import { MergeError, MergeWriteError } from './merge-errors.ts';
import { checkNames, readMergeFiles, type MergeArgs, type MergeFiles } from './merge-read.ts';
import { defaultMergeIo, execute, preflight, type MergeIo } from './merge-write.ts';
import { LockTimeoutError, withWorkspaceLock } from './workspace-lock.ts';

export { MergeError, MergeWriteError } from './merge-errors.ts';
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
  return out;
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

/** What a merge would write now. Reads without the lock: the fingerprint tells the merge whether it still holds. */
export async function previewMerge(ctx: MergeContext, args: MergeArgs): Promise<MergePreviewResponse> {
  checkNames(args);
  const files = await readMergeFiles(ctx.gccDir, (name) => ctx.dialectOf(name), args);
  const p = plan(ctx, files, args);
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
    notes: p.notes,
    blockers: blockersOf(ctx, files),
    fingerprint: files.fingerprint,
  };
}

export interface MergeOutcome {
  plan: MergePlan;
  report: MergeWriteReport[];
}

/** Performs the merge under the workspace's lock. Throws MergeError (refused, nothing written) or MergeWriteError. */
export async function performMerge(ctx: MergeContext, args: MergeArgs): Promise<MergeOutcome> {
  checkNames(args);
  if (ctx.readOnly) throw new MergeError(403, 'gcc-studio was started with --read-only: merges are disabled');
  const dialect = mergeDialectOf(ctx.dialectOf(args.target));
  let lockHeld = false;
  try {
    return await withWorkspaceLock(
      ctx.gccDir,
      dialect,
      async () => {
        lockHeld = true;
        const files = await readMergeFiles(ctx.gccDir, (name) => ctx.dialectOf(name), args);
        const blockers = blockersOf(ctx, files);
        if (blockers.length > 0) throw new MergeError(409, blockers.join(' '));
        if (args.expect !== undefined && args.expect !== files.fingerprint) {
          throw new MergeError(409, 'the preview is stale: a file the merge touches changed since it was made; look at the new preview and merge again');
        }
        const p = plan(ctx, files, args);
        await preflight(ctx.gccDir, p);
        return { plan: p, report: await execute(ctx.gccDir, p, ctx.io ?? defaultMergeIo) };
      },
      ctx.lockTimeoutMs !== undefined ? { timeoutMs: ctx.lockTimeoutMs } : {},
    );
  } catch (err) {
    if (err instanceof MergeError || err instanceof MergeWriteError) throw err;
    if (!lockHeld) {
      const timeout = err instanceof LockTimeoutError;
      throw new MergeError(timeout ? 423 : 503, `could not take the workspace's write lock: ${err instanceof Error ? err.message : String(err)}; nothing was written`);
    }
    throw err;
  }
}
