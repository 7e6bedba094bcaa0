// `gcc-studio --demo`: a seed workspace written into a temp folder (seed.ts), and a simulated agent process that
// keeps writing to it, so a newcomer sees memory grow live. The temp folder never outlives the demo: stop() removes
// it, and the agent removes it too when the server goes away without stopping it (killed, crashed).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEntry } from './child-entry.ts';
import { seedDemoWorkspace } from './seed.ts';

export interface DemoOptions {
  /** Base pause between the agent's operations (jittered up to twice that); default 1000 ms. */
  intervalMs?: number;
  /** Called for each operation the agent performed, e.g. `log main`, `merge rate-limit`. */
  onOp?: (op: string) => void;
  onAgentError?: (message: string) => void;
}

export interface Demo {
  projectDir: string;
  gccDir: string;
  agent: ChildProcess;
  /** Stops the agent and deletes the temp folder. */
  stop(): Promise<void>;
}

export function startDemo(options: DemoOptions = {}): Demo {
  const projectDir = mkdtempSync(join(tmpdir(), 'gcc-studio-demo-'));
  const gccDir = join(projectDir, '.GCC');
  let agent: ChildProcess;
  try {
    const writer = seedDemoWorkspace(gccDir);
    const entry = childEntry(import.meta.url, 'agent');
    agent = fork(entry.path, [gccDir, '--interval-ms', String(options.intervalMs ?? 1000), '--remove-on-exit', projectDir], {
      execArgv: entry.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // The writer's state holds Maps: structured clone, not JSON.
      serialization: 'advanced',
    });
    agent.send({ type: 'state', state: writer.state });
  } catch (err) {
    rmSync(projectDir, { recursive: true, force: true });
    throw err;
  }
  agent.on('message', (message: unknown) => {
    const m = message as { type?: string; op?: string; message?: string };
    if (m.type === 'op' && m.op) options.onOp?.(m.op);
    if (m.type === 'error' && m.message) options.onAgentError?.(m.message);
  });
  let stopped: Promise<void> | null = null;
  return {
    projectDir,
    gccDir,
    agent,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => {
          rmSync(projectDir, { recursive: true, force: true });
          resolve();
        };
        if (agent.exitCode !== null || agent.signalCode !== null) return done();
        agent.once('exit', done);
        agent.kill('SIGTERM');
      });
      return stopped;
    },
  };
}
