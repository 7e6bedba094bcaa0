// Judging and resolving a merge that did not finish: complete it when every part is whole, roll it back when parts are
// missing, and touch nothing when a part was changed by someone else.
import { truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { readInside } from '../fs/index.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { fromB64, sha256, type IntentWrite, type MergeIntent, type MergeJournal, type PendingMerge } from './merge-journal.ts';
import { mergeHistory } from './merge-history.ts';
import { withWorkspaceLock } from './workspace-lock.ts';

/** Our bytes followed by others' are told apart only from a prefix this long (a merge's heading is longer). */
const DISTINCT_PREFIX = 32;

export type PartState = { state: 'absent' } | { state: 'whole' } | { state: 'partial'; written: number } | { state: 'changed'; why: string };

export interface JudgedPart {
  write: IntentWrite;
  found: PartState;
}

function commonPrefix(a: Uint8Array, from: number, b: Uint8Array): number {
  let k = 0;
  while (k < b.length && from + k < a.length && a[from + k] === b[k]) k++;
  return k;
}

/** How much of one planned write is on disk now. */
// Each planned write is found on disk as absent, whole, partly written or changed by someone else. A rollback takes out
// every part the merge wrote, in reverse order: an append's bytes are cut out (the rest of the file, an agent's later
// appends, stays) and the replaced metadata is put back.
export async function judgePart(gccDir: string, w: IntentWrite): Promise<PartState> {
  const read = await readInside(gccDir, w.file);
  if (!read.ok) return read.missing && w.baseSize === 0 ? { state: 'absent' } : { state: 'changed', why: `${w.file} ${read.message}` };
  const bytes = read.bytes;
  const planned = fromB64(w.bytes);
  if (w.mode === 'replace') {
    if (sha256(bytes) === w.sha256) return { state: 'whole' };
    if (w.previous !== undefined && sha256(bytes) === sha256(fromB64(w.previous))) return { state: 'absent' };
    return { state: 'changed', why: `${w.file} is neither as it was before the merge nor as the merge writes it` };
  }
  if (bytes.length < w.baseSize) return { state: 'changed', why: `${w.file} is shorter than it was before the merge` };
  if (w.baseSha256 !== undefined && sha256(bytes.subarray(0, w.baseSize)) !== w.baseSha256) return { state: 'changed', why: `${w.file} was rewritten since the merge began` };
  if (bytes.length === w.baseSize) return { state: 'absent' };
  const k = commonPrefix(bytes, w.baseSize, planned);
  if (k === planned.length) return { state: 'whole' };
  if (k === 0) return { state: 'absent' };
  if (bytes.length === w.baseSize + k || k >= DISTINCT_PREFIX) return { state: 'partial', written: k };
  return { state: 'changed', why: `${w.file} holds ${k} bytes that may be the start of the merge's, followed by others'` };
}

/**
 * Every planned write as found now: those after the last one started were never begun, whatever the file holds. An
 * undo takes the writes back last first, so each of its parts is judged on its own.
 */
export async function judgeIntent(gccDir: string, { intent, started }: PendingMerge): Promise<JudgedPart[]> {
  const out: JudgedPart[] = [];
  for (const [i, write] of intent.writes.entries()) {
    if (intent.undoes) {
      out.push({ write, found: await judgePart(gccDir, write) });
      continue;
    }
    let found: PartState = i > started ? { state: 'absent' } : await judgePart(gccDir, write);
    if (i < started && found.state !== 'whole') found = { state: 'changed', why: `${write.file} no longer holds what the merge wrote there` };
    out.push({ write, found });
  }
  return out;
}

export type MergeResolution = 'completed' | 'rolled-back' | 'unresolved';

export interface RecoveredMerge {
  intent: MergeIntent;
  resolution: MergeResolution;
  /** What was found and done, in plain words. */
  message: string;
  parts: JudgedPart[];
}

const partWords = (p: JudgedPart): string => {
  const f = p.found;
  return `${p.write.file} ${f.state === 'whole' ? 'written' : f.state === 'absent' ? 'not written' : f.state === 'partial' ? `partly written (${f.written} of ${fromB64(p.write.bytes).length} bytes)` : `changed since (${f.why})`}`;
};

/** In plain words: which merge, when, and how far it got. */
export function describeParts(intent: MergeIntent, parts: readonly JudgedPart[]): string {
  const what = `the merge of \`${intent.source}\` into \`${intent.target}\``;
  return `${intent.undoes ? `the undo of ${what}` : what} started at ${intent.at} did not finish: ${parts.map(partWords).join(', ')}`;
}

/** Takes one written part out again. */
async function rollBackPart(gccDir: string, p: JudgedPart): Promise<void> {
  const path = join(gccDir, p.write.file);
  const f = p.found;
  if (f.state !== 'whole' && f.state !== 'partial') return;
  if (p.write.mode === 'replace') {
    if (p.write.previous !== undefined) await writeFileAtomic(path, fromB64(p.write.previous), { root: gccDir });
    return;
  }
  const read = await readInside(gccDir, p.write.file);
  if (!read.ok) throw new Error(`${p.write.file} ${read.message}`);
  const ours = f.state === 'whole' ? fromB64(p.write.bytes).length : f.written;
  if (read.bytes.length === p.write.baseSize + ours) {
    // A file the merge created (main.md) goes again; any other is cut back to where the merge began.
    if (p.write.created && p.write.baseSize === 0) await unlink(path);
    else await truncate(path, p.write.baseSize);
    return;
  }
  // Others appended after ours: keep their bytes, cut out only the merge's.
  const kept = new Uint8Array(read.bytes.length - ours);
  kept.set(read.bytes.subarray(0, p.write.baseSize));
  kept.set(read.bytes.subarray(p.write.baseSize + ours), p.write.baseSize);
  await writeFileAtomic(path, kept, { root: gccDir });
}

/** Completes or rolls back a merge left by a crash, under the workspace lock; `readOnly` only judges it. */
export async function resolvePendingMerge(gccDir: string, journal: MergeJournal, options: { readOnly: boolean; lockTimeoutMs?: number }): Promise<RecoveredMerge | null> {
  const pending = await journal.pending();
  if (!pending) return null;
  const run = () => resolveLocked(gccDir, journal, pending, options.readOnly);
  return options.readOnly ? run() : withWorkspaceLock(gccDir, pending.intent.dialect, run, options.lockTimeoutMs ? { timeoutMs: options.lockTimeoutMs } : {});
}

/** Takes every written part out again, last first: a merge rolled back, or undone. */
export async function takeBack(gccDir: string, parts: readonly JudgedPart[]): Promise<void> {
  for (const p of [...parts].reverse()) await rollBackPart(gccDir, p);
}

/** The same, for a caller that holds the lock already. */
export async function resolveLocked(gccDir: string, journal: MergeJournal, pending: PendingMerge, readOnly: boolean): Promise<RecoveredMerge> {
  const { intent } = pending;
  const parts = await judgeIntent(gccDir, pending);
  const what = cap(describeParts(intent, parts));
  const changed = parts.filter((p) => p.found.state === 'changed');
  if (!intent.undoes && parts.every((p) => p.found.state === 'whole')) {
    if (!readOnly) await journal.clear();
    return { intent, resolution: 'completed', parts, message: `${what}. Every part is on disk, so the merge is complete.` };
  }
  if (changed.length > 0 || readOnly) {
    const why = readOnly ? 'gcc-studio runs with --read-only, so it was left as it is' : 'a file the merge touched changed since, so nothing was touched';
    return { intent, resolution: 'unresolved', parts, message: `${what}. ${cap(why)}: look at those files, put them right by hand, then delete ${journal.path}.` };
  }
  await takeBack(gccDir, parts);
  const rolled = parts.filter((p) => p.found.state !== 'absent').length;
  if (intent.undoes) {
    // The undo's line may be missing (a crash before it was written): the merge is undone now, so the history says so.
    const history = mergeHistory(gccDir);
    if (!(await history.find(intent.undoes))?.undoneAt) await history.append({ type: 'undo', undoes: intent.undoes, at: new Date().toISOString() });
    await journal.clear();
    return { intent, resolution: 'rolled-back', parts, message: `${what}. ${rolled === 0 ? 'Every file was back already' : 'It was finished'}: the files are as they were before the merge.` };
  }
  await journal.clear();
  return { intent, resolution: 'rolled-back', parts, message: `${what}. ${rolled === 0 ? 'Nothing of it had reached the files' : 'It was rolled back: nothing of it is left in the files'}; merge again to do it.` };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
