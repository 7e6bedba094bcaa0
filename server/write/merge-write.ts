// Writing a planned merge: every file checked before any is written, then written in the plan's order, the appends before
// a failed write undone.
import { stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { MergeWriteReport } from '../../shared/compare-api.ts';
import type { MergePlan, MergeWrite } from '../../shared/gcc/write/merge-plan.ts';
import { branchFilePath } from '../../shared/gcc/read/paths.ts';
import { describeFsError } from '../fs/index.ts';
import { MergeError, MergeWriteError } from './refusals.ts';
import { appendFileDurable, writeFileAtomic } from './atomic-write.ts';
import { writeProblem } from './write-guard.ts';

/** The file operations a merge uses; tests swap one for a failing one. */
export interface MergeIo {
  append(path: string, data: Uint8Array): Promise<void>;
  replace(path: string, data: Uint8Array): Promise<void>;
  truncate(path: string, size: number): Promise<void>;
  size(path: string): Promise<number>;
}

export const defaultMergeIo: MergeIo = {
  append: appendFileDurable,
  replace: (path, data) => writeFileAtomic(path, data),
  truncate: (path, size) => truncate(path, size),
  size: async (path) => (await stat(path)).size,
};

/**
 * Every file the plan touches must be a regular file (or, for main.md, absent) reached without a symbolic link, with
 * a mode that allows writing, before anything is written.
 */
export async function preflight(gccDir: string, p: MergePlan): Promise<void> {
  for (const w of p.writes) {
    const problem = await writeProblem(gccDir, w.file, { mayBeMissing: w.kind === 'roadmap' });
    if (problem) throw new MergeError(409, `${w.file} ${problem}; nothing was written`);
    const size = await stat(join(gccDir, w.file)).then((i) => i.size, () => 0);
    if (w.mode === 'append' && size !== w.baseSize) throw new MergeError(409, `${w.file} changed while the merge was planned; nothing was written`);
  }
}

/** Writes the plan in order; `starting(i)` runs (and is flushed) before write i begins. */
/** A failed write undoes the appends before it (each cut back to its planned size), so the target's log never keeps a merge heading without its commit; what could not be undone is reported file by file. */
export async function execute(gccDir: string, p: MergePlan, io: MergeIo, starting: (index: number) => Promise<void> = async () => {}): Promise<MergeWriteReport[]> {
  const report: MergeWriteReport[] = p.writes.map((w) => ({ file: w.file, kind: w.kind, outcome: 'not-written' }));
  for (let i = 0; i < p.writes.length; i++) {
    const w = p.writes[i]!;
    const path = join(gccDir, w.file);
    try {
      await starting(i);
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
