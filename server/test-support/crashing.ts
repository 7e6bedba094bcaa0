// Starts a server that crashes at a chosen file operation (crash-server-entry.ts): a real crash mid-edit or mid-merge,
// at exactly the point under test, for the crash tests and `npm run attack`.
import { spawn, type ChildProcess } from 'node:child_process';
import { childEntry } from '../demo/child-entry.ts';
import type { FaultOp } from '../fs/file-faults.ts';

export interface CrashPoint {
  op: FaultOp;
  /** The end of the path the operation is on, e.g. `branches/main/commit.md`. */
  pathEndsWith: string;
  /** For writes: bytes that reach the file before the kill. */
  writeFirst?: number;
}

export interface CrashingServer {
  port: number;
  /** Resolves once the process is gone, with the signal that ended it (SIGKILL when the crash point was reached). */
  exited: Promise<NodeJS.Signals | null>;
  kill(): void;
}

export async function startCrashingServer(project: string, token: string, at: CrashPoint): Promise<CrashingServer> {
  const entry = childEntry(import.meta.url, 'crash-server-entry');
  const child: ChildProcess = spawn(process.execPath, [...entry.execArgv, entry.path, project, token, at.op, at.pathEndsWith, String(at.writeFirst ?? 0)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    void exited.then(() => reject(new Error(`the crashing server ended before it listened: ${stderr.trim()}`)));
  });
  return { port, exited, kill: () => child.kill('SIGKILL') };
}
