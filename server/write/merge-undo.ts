// Undoing a merge gcc-studio made (merge-history.ts): under the workspace's lock, like every write, each file it
// wrote is put back byte for byte — its appends cut off again, the metadata.yaml it replaced written back — but only
// while each still ends with exactly what the merge wrote: anything appended or edited after it (an agent's next
// step, a hand edit) refuses the undo with the reason, as a hand edit's undo refuses a record changed since. The
// undo goes through the merge's own intent record (merge-journal.ts, marked `undoes`), so a crash halfway is finished
// when gcc-studio starts or before the next merge (merge-recovery.ts).
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MergeHistoryEntry } from '../../shared/compare-api.ts';
import { describeFsError, readInside } from '../fs/index.ts';
import { fsStatus, historyOf, journalOf, resolveFirst, withMergeLock, type MergeContext } from './merge.ts';
import { MergeError } from './refusals.ts';
import type { MergeRecord, RecordedMerge, RecordedWrite } from './merge-history.ts';
import { b64, sha256, type IntentWrite, type MergeIntent } from './merge-journal.ts';
import { takeBack, type JudgedPart, type RecoveredMerge } from './merge-recovery.ts';
import { writeProblem } from './write-guard.ts';

export type UndoVerdict = { possible: true; parts: JudgedPart[] } | { possible: false; reason: string };

const bytes = (n: number) => `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;

/** Whether one file still holds exactly what the merge left there; its write with the bytes to take back, or why not. */
async function judgeWrite(gccDir: string, w: RecordedWrite): Promise<IntentWrite | string> {
  const { length, ...rest } = w;
  if (w.mode === 'append') {
    const size = await stat(join(gccDir, w.file)).then((i) => i.size, () => null);
    const end = w.baseSize + length;
    if (size === null) return `${w.file} is gone`;
    if (size > end) return `${bytes(size - end)} were written to ${w.file} after the merge; undoing it now would take them away too`;
    if (size < end) return `${w.file} is shorter than the merge left it: it was rewritten since`;
  }
  const read = await readInside(gccDir, w.file);
  if (!read.ok) return `${w.file} ${read.missing ? 'is gone' : read.message}`;
  if (w.mode === 'replace') {
    if (sha256(read.bytes) !== w.sha256) return `${w.file} changed after the merge wrote it`;
    if (w.previous === undefined) return `the history holds no copy of ${w.file} from before the merge`;
    return { ...rest, bytes: b64(read.bytes) };
  }
  const tail = read.bytes.subarray(w.baseSize);
  if (w.baseSha256 !== undefined && sha256(read.bytes.subarray(0, w.baseSize)) !== w.baseSha256) return `${w.file} was rewritten before the merge's part since`;
  if (sha256(tail) !== w.sha256) return `the merge's part of ${w.file} was edited since`;
  return { ...rest, bytes: b64(tail) };
}

/** Whether the merge can be undone now: every file as the merge left it. */
export async function judgeUndo(gccDir: string, record: MergeRecord): Promise<UndoVerdict> {
  const parts: JudgedPart[] = [];
  for (const w of record.writes) {
    const judged = await judgeWrite(gccDir, w);
    if (typeof judged === 'string') return { possible: false, reason: judged };
    parts.push({ write: judged, found: { state: 'whole' } });
  }
  return { possible: true, parts };
}

/** The history as the page shows it: `branch` keeps the merges of or into that branch; each standing one judged now. */
export async function mergeHistoryEntries(ctx: MergeContext, branch?: string): Promise<MergeHistoryEntry[]> {
  const merges = (await historyOf(ctx).merges()).filter((m) => !branch || m.record.source === branch || m.record.target === branch);
  const out: MergeHistoryEntry[] = [];
  for (const { record, undoneAt } of merges) {
    const entry: MergeHistoryEntry = {
      id: record.id,
      at: record.at,
      branch: record.source,
      target: record.target,
      dialect: record.dialect,
      commitId: record.commitId,
      files: record.writes.map((w) => ({ file: w.file, kind: w.kind, mode: w.mode })),
    };
    if (undoneAt) entry.undoneAt = undoneAt;
    else if (ctx.readOnly) entry.undo = { possible: false, reason: 'gcc-studio was started with --read-only: it never writes to the workspace' };
    else {
      const verdict = await judgeUndo(ctx.gccDir, record);
      entry.undo = verdict.possible ? { possible: true } : { possible: false, reason: verdict.reason };
    }
    out.push(entry);
  }
  return out;
}

export interface UndoOutcome {
  record: MergeRecord;
  /** The files put back, last written first. */
  files: string[];
  recovered: RecoveredMerge | null;
}

async function lockedUndo(ctx: MergeContext, id: string): Promise<UndoOutcome> {
  const recovered = await resolveFirst(ctx, 'undo');
  const history = historyOf(ctx);
  const found: RecordedMerge | undefined = await history.find(id);
  if (!found) throw new MergeError(404, `no merge "${id}" in the history`);
  const { record } = found;
  if (found.undoneAt) throw new MergeError(409, `this merge of \`${record.source}\` into \`${record.target}\` was undone already (${found.undoneAt})`);
  const verdict = await judgeUndo(ctx.gccDir, record);
  if (!verdict.possible) throw new MergeError(409, `the merge of \`${record.source}\` into \`${record.target}\` can no longer be undone: ${verdict.reason}. Nothing was changed.`);
  for (const p of verdict.parts) {
    const problem = await writeProblem(ctx.gccDir, p.write.file);
    if (problem) throw new MergeError(409, `${p.write.file} ${problem}; nothing was changed`);
  }
  const journal = journalOf(ctx);
  const at = new Date().toISOString();
  const intent: MergeIntent = { version: 1, id: randomUUID(), at, source: record.source, target: record.target, dialect: record.dialect, commitId: record.commitId, writes: verdict.parts.map((p) => p.write), undoes: id };
  try {
    await journal.begin(intent);
    await journal.starting(intent.writes.length - 1);
  } catch (err) {
    await journal.clear().catch(() => {});
    throw new MergeError(fsStatus(err), `could not write the undo's record ${journal.path}: ${describeFsError(err)}; nothing was changed`);
  }
  try {
    await history.append({ type: 'undo', undoes: id, at });
  } catch (err) {
    await journal.clear().catch(() => {});
    throw new MergeError(fsStatus(err), `could not record the undo in ${history.path}: ${describeFsError(err)}; nothing was changed`);
  }
  try {
    await takeBack(ctx.gccDir, verdict.parts);
  } catch (err) {
    throw new MergeError(fsStatus(err), `the undo stopped halfway: ${describeFsError(err)}. Its record ${journal.path} stays; gcc-studio finishes the undo when it starts again or before the next merge.`);
  }
  await journal.clear();
  return { record, files: verdict.parts.map((p) => p.write.file).reverse(), recovered };
}

/** Undoes a recorded merge under the workspace's lock. Throws MergeError (refused with the reason, nothing changed). */
export async function undoMerge(ctx: MergeContext, id: string): Promise<UndoOutcome> {
  if (ctx.readOnly) throw new MergeError(403, 'gcc-studio was started with --read-only: undo is off');
  const found = await historyOf(ctx).find(id);
  if (!found) throw new MergeError(404, `no merge "${id}" in the history`);
  return withMergeLock(ctx, found.record.dialect, () => lockedUndo(ctx, id));
}
