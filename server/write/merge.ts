// Performing a merge planned by shared/gcc/write/merge-plan.ts: read the files under the workspace's own write lock,
// refuse if the preview is stale or the branch already merged, check every file can be written before writing
// any, then write in the implementations' order (log, commit, roadmap, metadata). A write that fails undoes the
// appends before it (each truncated back to its planned size), so the target's log never keeps a merge heading
// without its merge commit; whatever could not be undone is reported file by file.
import { createHash, randomUUID } from 'node:crypto';
import { lstat, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { MergePreviewResponse, MergeWriteReport, MergeWriteView } from '../../shared/compare-api.ts';
import { decodeUtf8 } from '../../shared/gcc/read/bytes.ts';
import {
  mergeDialectOf,
  metadataAsRead,
  planMerge,
  type MergeBranchFiles,
  type MergeDialect,
  type MergePlan,
  type MergeTimestamps,
  type MergeWrite,
} from '../../shared/gcc/write/merge-plan.ts';
import { branchFilePath, branchNameProblem, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import { formatTimestamp } from '../../shared/gcc/read/timestamp.ts';
import type { Dialect } from '../../shared/types.ts';
import { branchFileAbsPath, describeFsError, readBytes } from '../live/gcc-dir.ts';
import { appendFileDurable, LockTimeoutError, withWorkspaceLock, writeFileAtomic } from './workspace-lock.ts';

/** A refusal with the HTTP status the route answers with. */
export class MergeError extends Error {
  override name = 'MergeError';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 423 | 503,
    message: string,
  ) {
    super(message);
  }
}

/** A merge that started writing and failed: `report` says what is on disk now. */
export class MergeWriteError extends Error {
  override name = 'MergeWriteError';
  constructor(
    message: string,
    readonly report: MergeWriteReport[],
  ) {
    super(message);
  }
}

/** The file operations a merge uses; tests swap one for a failing one. */
export interface MergeIo {
  append(path: string, data: Uint8Array): Promise<void>;
  replace(path: string, data: Uint8Array): Promise<void>;
  truncate(path: string, size: number): Promise<void>;
  size(path: string): Promise<number>;
}

export const defaultMergeIo: MergeIo = {
  append: appendFileDurable,
  replace: writeFileAtomic,
  truncate: (path, size) => truncate(path, size),
  size: async (path) => (await stat(path)).size,
};

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

export interface MergeArgs {
  branch: string;
  target: string;
  summary?: string | null;
  expect?: string;
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

interface MergeFiles {
  source: MergeBranchFiles;
  target: MergeBranchFiles;
  roadmap: Uint8Array | null;
  dialect: MergeDialect;
  fingerprint: string;
}

function checkNames(args: MergeArgs): void {
  for (const [what, name] of [
    ['branch', args.branch],
    ['target', args.target],
  ] as const) {
    const problem = branchNameProblem(name);
    if (problem) throw new MergeError(400, `${what}: ${problem}`);
  }
  if (args.branch === args.target) throw new MergeError(400, `cannot merge \`${args.branch}\` into itself`);
}

async function readOptional(path: string, label: string): Promise<Uint8Array | null> {
  const r = await readBytes(path);
  if (r.ok) return r.bytes;
  if (r.missing) return null;
  throw new MergeError(409, `cannot read ${label}: it ${r.message}; nothing was written`);
}

/** Every file the merge reads or writes, and a fingerprint of them all (any change makes a preview stale). */
async function readMergeFiles(ctx: MergeContext, args: MergeArgs): Promise<MergeFiles> {
  const { gccDir } = ctx;
  const branchFiles = async (name: string): Promise<MergeBranchFiles> => {
    const dir = join(gccDir, 'branches', name);
    const info = await lstat(dir).catch(() => null);
    if (!info) throw new MergeError(404, `no branch "${name}"`);
    if (!info.isDirectory() || info.isSymbolicLink()) throw new MergeError(409, `branches/${name} is not a branch folder (a symbolic link is never written through)`);
    const [log, commit, metadata] = await Promise.all([
      readOptional(branchFileAbsPath(gccDir, name, 'log'), branchFilePath(name, 'log')),
      readOptional(branchFileAbsPath(gccDir, name, 'commit'), branchFilePath(name, 'commit')),
      readOptional(branchFileAbsPath(gccDir, name, 'metadata'), branchFilePath(name, 'metadata')),
    ]);
    const dialect = ctx.dialectOf(name);
    return { name, log, commit, metadata, ...(dialect ? { dialect } : {}) };
  };
  const [source, target, roadmap] = await Promise.all([branchFiles(args.branch), branchFiles(args.target), readOptional(join(gccDir, ROADMAP_FILE), ROADMAP_FILE)]);
  if (target.commit === null) throw new MergeError(409, `${branchFilePath(args.target, 'commit')} is missing: the merge commit has nowhere to go`);
  const hash = createHash('sha256');
  for (const bytes of [source.log, source.commit, source.metadata, target.log, target.commit, target.metadata, roadmap]) {
    hash.update(bytes === null ? 'missing' : `${bytes.length}:`);
    if (bytes) hash.update(bytes);
    hash.update('\u0000');
  }
  return { source, target, roadmap, dialect: mergeDialectOf(ctx.dialectOf(args.target)), fingerprint: hash.digest('hex').slice(0, 24) };
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
  const files = await readMergeFiles(ctx, args);
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
        const files = await readMergeFiles(ctx, args);
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

/** Every file the plan touches must be a regular file (or, for main.md, absent) before anything is written. */
async function preflight(gccDir: string, p: MergePlan): Promise<void> {
  for (const w of p.writes) {
    const path = join(gccDir, w.file);
    const info = await lstat(path).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
    if (info === null && w.kind === 'roadmap') continue;
    if (info === null) throw new MergeError(409, `${w.file} is missing; nothing was written`);
    if (!info.isFile()) throw new MergeError(409, `${w.file} is not a regular file (${info.isSymbolicLink() ? 'a symbolic link' : info.isDirectory() ? 'a folder' : 'something else'}); nothing was written`);
    if (w.mode === 'append' && info.size !== w.baseSize) throw new MergeError(409, `${w.file} changed while the merge was planned; nothing was written`);
  }
}

async function execute(gccDir: string, p: MergePlan, io: MergeIo): Promise<MergeWriteReport[]> {
  const report: MergeWriteReport[] = p.writes.map((w) => ({ file: w.file, kind: w.kind, outcome: 'not-written' }));
  for (let i = 0; i < p.writes.length; i++) {
    const w = p.writes[i]!;
    const path = join(gccDir, w.file);
    try {
      if (w.mode === 'append') await io.append(path, w.bytes);
      else await io.replace(path, w.bytes);
      report[i]!.outcome = 'written';
    } catch (err) {
      report[i]!.outcome = 'failed';
      report[i]!.message = describeFsError(err);
      if (w.mode === 'append') await undoAppend(io, path, w, report[i]!, true);
      for (let k = i - 1; k >= 0; k--) await undoAppend(io, join(gccDir, p.writes[k]!.file), p.writes[k]!, report[k]!, false);
      throw new MergeWriteError(failureMessage(p, report, i), report);
    }
  }
  return report;
}

/**
 * Truncates an append back to where it started, but only when the file is exactly as we left it (the lock keeps
 * the workspace's writers out; anything else means someone wrote anyway, and then we leave it and say so).
 */
async function undoAppend(io: MergeIo, path: string, w: MergeWrite, r: MergeWriteReport, failedHere: boolean): Promise<void> {
  if (w.mode !== 'append') return;
  let size: number;
  try {
    size = await io.size(path);
  } catch {
    return;
  }
  if (size === w.baseSize) return;
  if (size > w.baseSize && size <= w.baseSize + w.bytes.length) {
    try {
      await io.truncate(path, w.baseSize);
      if (!failedHere) r.outcome = 'rolled-back';
      else r.message = `${r.message ?? 'failed'}; the part that was written was removed again`;
      return;
    } catch (err) {
      r.message = `${r.message ? `${r.message}; ` : ''}could not be undone: ${describeFsError(err)}`;
    }
  }
  if (failedHere) r.outcome = 'left-partial';
  else r.message = r.message ?? 'could not be undone: the file changed after the merge wrote to it';
}

function failureMessage(p: MergePlan, report: MergeWriteReport[], failedAt: number): string {
  const failed = report[failedAt]!;
  const stuck = report.filter((r) => r.outcome === 'written' || r.outcome === 'left-partial');
  let text = `merge of \`${p.source}\` into \`${p.target}\` failed writing ${failed.file}: ${failed.message ?? 'error'}.`;
  if (stuck.length === 0) return `${text} Nothing of it is left in the workspace.`;
  text += ` Still on disk: ${stuck.map((r) => `${r.file} (${r.outcome === 'left-partial' ? 'partly written' : 'written'})`).join(', ')}.`;
  const logKept = report.find((r) => r.kind === 'log' && (r.outcome === 'written' || r.outcome === 'left-partial'));
  const commitKept = report.find((r) => r.kind === 'commit' && r.outcome === 'written');
  if (logKept && !commitKept) text += ` ${logKept.file} holds a \`## Merged from \`${p.source}\`\` section without a merge commit in ${branchFilePath(p.target, 'commit')}.`;
  return text;
}
