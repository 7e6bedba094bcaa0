// A real gcc-studio started the way a user starts it (no --token: the workspace's kept token), which the test can
// stop and start again on the same port, with its own runtime folder (never the user's), and a writer on the folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonGccWriter, writerStateFromExpected } from '../../server/demo/python-writer.ts';
import { CORPUS, REPO, freePort, waitForUrl } from './studio.ts';

export interface RestartableStudio {
  port: number;
  origin: string;
  dir: string;
  /** Where the kept token lives (GCC_STUDIO_RUNTIME_DIR of every start). */
  runtimeDir: string;
  writer: PythonGccWriter;
  /** Starts the server (extra flags, e.g. --new-token); resolves with the URL it printed. */
  start(extraArgs?: string[]): Promise<string>;
  /** Stops it as Ctrl+C does. */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startRestartableStudio(corpusCase = 'python'): Promise<RestartableStudio> {
  const root = mkdtempSync(join(tmpdir(), 'gcc-studio-restart-'));
  const dir = join(root, 'project');
  const runtimeDir = join(root, 'runtime');
  cpSync(join(CORPUS, corpusCase, '.GCC'), join(dir, '.GCC'), { recursive: true });
  const writer = new PythonGccWriter(join(dir, '.GCC'), writerStateFromExpected(JSON.parse(readFileSync(join(CORPUS, corpusCase, 'expected.json'), 'utf8'))));
  const port = await freePort();
  const bin = process.env.GCC_STUDIO_BIN ?? join(REPO, 'bin', 'gcc-studio.js');
  let child: ChildProcess | null = null;
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  };
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    dir,
    runtimeDir,
    writer,
    async start(extraArgs = []) {
      await stop();
      child = spawn(process.execPath, [bin, dir, '--no-open', '--port', String(port), ...extraArgs], {
        cwd: REPO,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GCC_STUDIO_TOKEN: '', GCC_STUDIO_RUNTIME_DIR: runtimeDir },
      });
      const url = await waitForUrl(child, 20_000);
      if (new URL(url).port !== String(port)) throw new Error(`gcc-studio moved to another port: ${url}`);
      return url;
    },
    stop,
    async dispose() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
