// `gcc-studio --demo`: a copy of the Python corpus workspace in a temp folder, and a simulated agent process that
// keeps writing to it, so a newcomer sees memory grow live.
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CORPUS_CASE = fileURLToPath(new URL('../../fixtures/corpus/python', import.meta.url));
const AGENT = fileURLToPath(new URL('./agent.ts', import.meta.url));

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

/** Node flags that make a child process run TypeScript through tsx (a dependency), wherever its cwd is. */
export function tsxExecArgv(): string[] {
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}

export function copyDemoWorkspace(): { projectDir: string; gccDir: string } {
  const projectDir = mkdtempSync(join(tmpdir(), 'gcc-studio-demo-'));
  const gccDir = join(projectDir, '.GCC');
  cpSync(join(CORPUS_CASE, '.GCC'), gccDir, { recursive: true });
  return { projectDir, gccDir };
}

export function startDemo(options: DemoOptions = {}): Demo {
  const { projectDir, gccDir } = copyDemoWorkspace();
  const agent = fork(AGENT, [gccDir, join(CORPUS_CASE, 'expected.json'), '--interval-ms', String(options.intervalMs ?? 1000)], {
    execArgv: tsxExecArgv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
