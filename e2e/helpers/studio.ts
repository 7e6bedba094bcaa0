// Starts the real gcc-studio server on a temp copy of a corpus workspace, the way a user would, and gives the
// test a Contexa-Python writer on the same folder (the agent on the other side of the file system).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PythonGccWriter, writerStateFromExpected } from '../../server/demo/python-writer.ts';
import { RealPythonWriter } from './real-python.ts';

export const REPO = resolve(import.meta.dirname, '..', '..');
export const CORPUS = join(REPO, 'fixtures', 'corpus');

export interface Studio {
  /** The URL the server printed (with `?token=`). */
  url: string;
  origin: string;
  port: number;
  token: string;
  /** The project folder (holds .GCC/). */
  dir: string;
  gcc: string;
  /** The TypeScript port of Contexa's Python writer (what the demo's agent runs). */
  writer: PythonGccWriter;
  /** Contexa's real Python writer on the same folder (one python3 process, started on first use). */
  python(): RealPythonWriter;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

/** Waits for the one line with the URL; fails with the server's own output if it exits or stays silent. */
export function waitForUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`gcc-studio printed no URL in ${timeoutMs} ms\nstdout: ${out}\nstderr: ${err}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /(http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`gcc-studio exited with ${code} before printing its URL\nstdout: ${out}\nstderr: ${err}`));
    });
  });
}

/**
 * `source`: a corpus case (copied from fixtures/corpus/<case>/.GCC), or a function that writes the workspace into
 * the temp folder itself (then the writer starts with no branches of its own). `dir`: a folder of a fixed name to
 * use instead of a new temp one (a screenshot whose header shows the path); it is emptied first. `args`: more flags
 * for the command (`--read-only`).
 */
export async function startStudio(source: string | ((dir: string) => void) = 'python', options: { dir?: string; args?: string[] } = {}): Promise<Studio> {
  if (options.dir) rmSync(options.dir, { recursive: true, force: true });
  const dir = options.dir ? (mkdirSync(options.dir, { recursive: true }), options.dir) : mkdtempSync(join(tmpdir(), 'gcc-studio-e2e-'));
  const gcc = join(dir, '.GCC');
  if (typeof source === 'string') cpSync(join(CORPUS, source, '.GCC'), gcc, { recursive: true, verbatimSymlinks: true });
  else source(dir);
  const token = `e2e-${Math.random().toString(36).slice(2)}`;
  // GCC_STUDIO_BIN: test another build of the command (an installed one, say) instead of this checkout's.
  const bin = process.env.GCC_STUDIO_BIN ?? join(REPO, 'bin', 'gcc-studio.js');
  const child = spawn(process.execPath, [bin, dir, ...(options.args ?? []), '--no-open', '--port', String(await freePort()), '--token', token], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GCC_STUDIO_TOKEN: '' },
  });
  let url: string;
  try {
    url = await waitForUrl(child, 20_000);
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  // A server that dies during a test says why: its stderr goes to the test's output (a page left "Reconnecting").
  let stderr = '';
  let stopping = false;
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`gcc-studio (${dir}) exited during the test with ${code ?? signal}:\n${stderr}`);
  });
  const parsed = new URL(url);
  const state =
    typeof source === 'string'
      ? writerStateFromExpected(JSON.parse(readFileSync(join(CORPUS, source, 'expected.json'), 'utf8')))
      : { branches: new Map() };
  const writer = new PythonGccWriter(gcc, state);
  let python: RealPythonWriter | null = null;
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token,
    dir,
    gcc,
    writer,
    python: () => (python ??= new RealPythonWriter(dir)),
    async stop() {
      stopping = true;
      await python?.close();
      await stopServerProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SIGTERM, then SIGKILL after 3 s: a server that hangs in its shutdown must not hold up the suite. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
