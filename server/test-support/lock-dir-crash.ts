// Starts a process that is SIGKILLed between `mkdir .GCC/.lock_dir` and its record inside (lock-dir-crash-entry.ts).
import { spawn } from 'node:child_process';
import { childEntry } from '../demo/child-entry.ts';

const ENTRY = childEntry(import.meta.url, 'lock-dir-crash-entry');

/** Resolves with the signal the process died of (SIGKILL when it reached the point). */
export function killedAfterLockDirMkdir(gccDir: string): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, [...ENTRY.execArgv, ENTRY.path, gccDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}
