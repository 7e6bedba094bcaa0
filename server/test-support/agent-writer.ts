// Starts a process that writes steps through the agent layer with a store of its own (agent-writer-entry.ts).
import { fork } from 'node:child_process';
import { childEntry } from '../demo/child-entry.ts';

const ENTRY = childEntry(import.meta.url, 'agent-writer-entry');

/** Writes `count` steps `TAG i` to `branch`; resolves with the step numbers it was given. */
export function runAgentWriter(gccDir: string, branch: string, count: number, tag: string): Promise<number[]> {
  const child = fork(ENTRY.path, [gccDir, branch, String(count), tag], { execArgv: ENTRY.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let steps: number[] | null = null;
    child.on('message', (m: unknown) => (steps = (m as { steps: number[] }).steps));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 && steps ? resolve(steps) : reject(new Error(`agent writer ${tag} exited with ${code}`))));
  });
}
