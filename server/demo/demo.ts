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
  /** Called once the agent has told the whole story: from then on the workspace stays as it is. */
  onSettled?: () => void;
  /**
   * Start the agent only once this settles (the server: after its first answer, so that the agent's own start-up, a
   * second Node process, does not compete with the server's for the CPU). Default: at once.
   */
  agentAfter?: Promise<unknown>;
}

export interface Demo {
  projectDir: string;
  gccDir: string;
  /** The agent process, once started (null before `agentAfter` settles, and when stopped before it did). */
  readonly agent: ChildProcess | null;
  /** Stops the agent and deletes the temp folder. */
  stop(): Promise<void>;
}

function forkAgent(gccDir: string, projectDir: string, state: unknown, options: DemoOptions): ChildProcess {
  const entry = childEntry(import.meta.url, 'agent');
  const agent = fork(entry.path, [gccDir, '--interval-ms', String(options.intervalMs ?? 1000), '--remove-on-exit', projectDir], {
    execArgv: entry.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The writer's state holds Maps: structured clone, not JSON.
    serialization: 'advanced',
  });
  agent.send({ type: 'state', state });
  agent.on('message', (message: unknown) => {
    const m = message as { type?: string; op?: string; message?: string };
    if (m.type === 'op' && m.op) options.onOp?.(m.op);
    if (m.type === 'settled') options.onSettled?.();
    if (m.type === 'error' && m.message) options.onAgentError?.(m.message);
  });
  return agent;
}

export function startDemo(options: DemoOptions = {}): Demo {
  const projectDir = mkdtempSync(join(tmpdir(), 'gcc-studio-demo-'));
  const gccDir = join(projectDir, '.GCC');
  let agent: ChildProcess | null = null;
  let stopped: Promise<void> | null = null;
  const start = (state: unknown) => {
    agent = forkAgent(gccDir, projectDir, state, options);
  };
  try {
    const { state } = seedDemoWorkspace(gccDir);
    if (options.agentAfter) {
      const later = () => {
        if (stopped) return;
        try {
          start(state);
        } catch (err) {
          // The seeded workspace is still served, only still; stop() removes it.
          options.onAgentError?.(err instanceof Error ? err.message : String(err));
        }
      };
      options.agentAfter.then(later, later);
    } else {
      start(state);
    }
  } catch (err) {
    rmSync(projectDir, { recursive: true, force: true });
    throw err;
  }
  return {
    projectDir,
    gccDir,
    get agent() {
      return agent;
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => {
          rmSync(projectDir, { recursive: true, force: true });
          resolve();
        };
        const running = agent;
        if (!running || running.exitCode !== null || running.signalCode !== null) return done();
        running.once('exit', done);
        running.kill('SIGTERM');
      });
      return stopped;
    },
  };
}
