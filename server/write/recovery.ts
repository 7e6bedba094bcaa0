// What a crash of ours can leave in a workspace, put right when the server starts; the doctor lists the same things
// without changing anything.
import { lstat, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { BRANCHES_DIR } from '../../shared/gcc/read/paths.ts';
import { TEMP_FILE } from './atomic-write.ts';
import { describeHolder, isStaleOfOurs, LOCK_DIR, LOCK_FILE, lockHolder, RELEASED_LOCK_DIR, removeRetired, removeStaleLock, type LockHolder } from './lock-holders.ts';
import { removeAbandonedLockDir } from './lock-intent.ts';
import { processRuns } from './lock-owner.ts';
import { mergeJournal } from './merge-journal.ts';
import { rememberRecovery } from './merge-notices.ts';
import { resolvePendingMerge, type RecoveredMerge } from './merge-recovery.ts';

/** Leftovers of ours found in .GCC/: temp files of a process that is gone, lock folders moved aside. */
export interface Leftover {
  /** Relative to .GCC/. */
  file: string;
  kind: 'temp-file' | 'retired-lock';
}

async function realFolders(gccDir: string): Promise<string[]> {
  const out = [''];
  const branches = await lstat(join(gccDir, BRANCHES_DIR)).catch(() => null);
  if (!branches?.isDirectory()) return out;
  for (const entry of await readdir(join(gccDir, BRANCHES_DIR), { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) out.push(`${BRANCHES_DIR}/${entry.name}`);
  }
  return out;
}

/** Our temp files whose writer no longer runs, and lock folders we moved aside but did not get to remove. */
export async function findLeftovers(gccDir: string): Promise<Leftover[]> {
  const out: Leftover[] = [];
  for (const folder of await realFolders(gccDir)) {
    for (const entry of await readdir(join(gccDir, folder), { withFileTypes: true }).catch(() => [])) {
      const rel = folder ? `${folder}/${entry.name}` : entry.name;
      const temp = TEMP_FILE.exec(entry.name);
      if (temp && entry.isFile() && Number(temp[2]) !== process.pid && !processRuns(Number(temp[2]))) out.push({ file: rel, kind: 'temp-file' });
      if (!folder && entry.isDirectory() && RELEASED_LOCK_DIR.test(entry.name)) out.push({ file: rel, kind: 'retired-lock' });
    }
  }
  return out;
}

/** The locks there now: .GCC/.lock (only when it holds a record or is a link: flock writers keep theirs) and .lock_dir. */
export async function currentLocks(gccDir: string): Promise<LockHolder[]> {
  const out: LockHolder[] = [];
  const file = await lockHolder(gccDir, LOCK_FILE);
  if (file && (file.owner || file.link)) out.push(file);
  const dir = await lockHolder(gccDir, LOCK_DIR);
  if (dir) out.push(dir);
  return out;
}

export interface RecoveryReport {
  /** One line each, for the terminal. */
  lines: string[];
  merge: RecoveredMerge | null;
}

async function recoverLocks(gccDir: string, readOnly: boolean, lines: string[]): Promise<void> {
  for (const holder of await currentLocks(gccDir)) {
    if (!readOnly && holder.name === LOCK_DIR && !holder.owner && !holder.link && (await removeAbandonedLockDir(gccDir))) {
      lines.push(`removed a stale lock of ours: .GCC/${LOCK_DIR}, made by a gcc-studio that was killed before it wrote its record inside`);
    } else if (isStaleOfOurs(holder)) {
      if (readOnly) lines.push(`${describeHolder(holder)}; left as it is (--read-only)`);
      else if (await removeStaleLock(gccDir, holder)) lines.push(`removed a stale lock of ours: ${describeHolder(holder)}`);
    } else if (!holder.owner) {
      lines.push(describeHolder(holder));
    }
  }
  // The intents of processes that are gone, whose folder was never made.
  if (!readOnly) await removeAbandonedLockDir(gccDir);
}

/**
 * The temp files and moved-aside lock folders a killed gcc-studio left (removed; said under --read-only). No reader
 * opens them, so a server looks for them after its first answer: that takes a listing of every branch folder.
 */
export async function recoverLeftovers(gccDir: string, readOnly: boolean, lines: string[] = []): Promise<string[]> {
  const leftovers = await findLeftovers(gccDir);
  if (leftovers.length === 0) return lines;
  if (readOnly) {
    lines.push(`left by a gcc-studio that was killed, and kept (--read-only): ${leftovers.map((l) => `.GCC/${l.file}`).join(', ')}`);
    return lines;
  }
  const removed: string[] = [];
  for (const l of leftovers) {
    const ok = l.kind === 'temp-file' ? await unlink(join(gccDir, l.file)).then(() => true, () => false) : await removeRetired(join(gccDir, l.file));
    if (ok) removed.push(`.GCC/${l.file}`);
  }
  if (removed.length) lines.push(`removed what a killed gcc-studio left: ${removed.join(', ')}`);
  return lines;
}

/**
 * Puts right what a crash of ours left in .GCC/ (or, read-only, only says what it finds): a lock of ours whose process
 * is gone (removed), a lock folder we had moved aside to release it, the temp files of replaces that never finished
 * (when their process is gone; `leftoversLater`: the caller runs recoverLeftovers itself), and a merge that did not
 * finish (merge-recovery.ts). A lock that names no owner is a Contexa writer's: said, never removed. Under
 * --read-only nothing is changed.
 */
export async function recoverWorkspace(gccDir: string, options: { readOnly: boolean; leftoversLater?: boolean }): Promise<RecoveryReport> {
  const lines: string[] = [];
  if (!(await lstat(gccDir).then((i) => i.isDirectory(), () => false))) return { lines, merge: null };
  await recoverLocks(gccDir, options.readOnly, lines);
  if (!options.leftoversLater) await recoverLeftovers(gccDir, options.readOnly, lines);
  let merge: RecoveredMerge | null = null;
  try {
    merge = await resolvePendingMerge(gccDir, mergeJournal(gccDir), { readOnly: options.readOnly });
  } catch (err) {
    lines.push(`a merge that did not finish could not be looked at: ${(err as Error).message}`);
  }
  if (merge) {
    rememberRecovery(gccDir, merge);
    lines.push(merge.message);
  }
  return { lines, merge };
}
