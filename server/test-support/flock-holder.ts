// Starts a process that holds the workspace's flock until it is killed (flock-holder-entry.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { childEntry } from '../demo/child-entry.ts';

const ENTRY = childEntry(import.meta.url, 'flock-holder-entry');

/** Resolves once the process holds the lock; its environment (PATH) is `env`. */
export function startFlockHolder(gccDir: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...ENTRY.execArgv, ENTRY.path, gccDir], { stdio: ['ignore', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve(child));
    child.once('exit', (code) => reject(new Error(`the flock holder ended (${code}) before it held the lock`)));
  });
}
