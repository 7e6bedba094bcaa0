// Whose lock it is: every lock gcc-studio takes carries a record of our process, so a lock of a killed gcc-studio is
// known as ours and stale, and one without a record is a Contexa writer's, never removed.
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/** Inside .GCC/.lock_dir: Lua's writer only ever makes and removes the folder, so the file is ours alone. */
export const OWNER_FILE = 'gcc-studio-owner.json';

export interface LockOwner {
  by: 'gcc-studio';
  pid: number;
  host: string;
  /** /proc/sys/kernel/random/boot_id: a record from before a reboot names no running process. */
  boot: string | null;
  /** The process's start time (/proc/<pid>/stat, field 22): tells our pid from a later process given the same id. */
  start: string | null;
  /** When the lock was taken (ISO). */
  at: string;
}

/** `alive`: the process runs; `gone`: it does not (the lock is stale); `elsewhere`: another host, cannot tell. */
export type OwnerState = 'alive' | 'gone' | 'elsewhere';

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

async function bootId(): Promise<string | null> {
  return (await readText('/proc/sys/kernel/random/boot_id'))?.trim() ?? null;
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
async function startTimeOf(pid: number): Promise<string | null> {
  const stat = await readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

let self: Promise<Omit<LockOwner, 'at'>> | null = null;

/** The record this process leaves in a lock it takes now. */
/**
 * The record (the file OWNER_FILE inside .GCC/.lock_dir, the content of an O_EXCL .GCC/.lock): process id, host, boot
 * and the process's start time. A lock whose record names a gcc-studio process that no longer runs is removed at
 * start-up and whenever a write finds it; a lock without a record is described plainly, with its age.
 */
export async function ownRecord(): Promise<LockOwner> {
  self ??= (async () => ({ by: 'gcc-studio' as const, pid: process.pid, host: hostname(), boot: await bootId(), start: await startTimeOf(process.pid) }))();
  return { ...(await self), at: new Date().toISOString() };
}

/** The record in a lock's text, or null when it holds none of ours (empty, or another writer's). */
export function parseOwner(text: string | null): LockOwner | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (v.by !== 'gcc-studio' || !Number.isSafeInteger(v.pid) || typeof v.host !== 'string' || typeof v.at !== 'string') return null;
    return { by: 'gcc-studio', pid: v.pid!, host: v.host, boot: typeof v.boot === 'string' ? v.boot : null, start: typeof v.start === 'string' ? v.start : null, at: v.at };
  } catch {
    return null;
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a record names still runs. */
export async function ownerState(owner: LockOwner): Promise<OwnerState> {
  if (owner.host !== hostname()) return 'elsewhere';
  const boot = await bootId();
  if (owner.boot && boot && owner.boot !== boot) return 'gone';
  if (!pidRuns(owner.pid)) return 'gone';
  if (owner.start) {
    const start = await startTimeOf(owner.pid);
    if (start !== null && start !== owner.start) return 'gone';
  }
  return 'alive';
}

/** Whether a process id (from a temp file's name) still runs on this host. */
export const processRuns = pidRuns;

/** "gcc-studio (pid 123, since 12:00:01)" */
export function describeOwner(owner: LockOwner, state: OwnerState): string {
  const where = state === 'elsewhere' ? ` on host ${owner.host}` : '';
  const fate = state === 'gone' ? ', which no longer runs' : state === 'elsewhere' ? ', which cannot be checked from here' : '';
  return `gcc-studio${where} (pid ${owner.pid}, since ${owner.at})${fate}`;
}

/** "3 min" */
export function describeAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}
