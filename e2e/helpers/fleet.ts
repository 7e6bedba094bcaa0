// A real gcc-studio serving a fleet: a temp root holding copies of corpus workspaces at the given paths, the server
// started on the root as a user would (`gcc-studio ROOT`), and a Contexa-Python writer for each Python workspace.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonGccWriter, writerStateFromExpected } from '../../server/demo/python-writer.ts';
import { CORPUS, REPO, freePort, stopServerProcess } from './studio.ts';

export interface FleetStudio {
  url: string;
  root: string;
  token: string;
  /** Copies `corpus` to ROOT/<at>/.GCC while the server runs. */
  add(at: string, corpus: string): void;
  writer(at: string, corpus: string): PythonGccWriter;
  stop(): Promise<void>;
}

export async function startFleetStudio(layout: Record<string, string>, extraArgs: string[] = []): Promise<FleetStudio> {
  const root = mkdtempSync(join(tmpdir(), 'gcc-studio-fleet-e2e-'));
  const add = (at: string, corpus: string) => cpSync(join(CORPUS, corpus, '.GCC'), join(root, at, '.GCC'), { recursive: true, verbatimSymlinks: true });
  for (const [at, corpus] of Object.entries(layout)) add(at, corpus);
  const token = `e2e-${Math.random().toString(36).slice(2)}`;
  const child = spawn(process.execPath, [join(REPO, 'bin', 'gcc-studio.js'), root, '--no-open', '--port', String(await freePort()), '--token', token, ...extraArgs], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GCC_STUDIO_TOKEN: '' },
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no URL in 20 s\nstdout: ${out}\nstderr: ${err}`)), 20_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/[^\s]+)/.exec(out);
      if (m) (clearTimeout(timer), done(m[1]!));
    });
    child.once('exit', (code) => (clearTimeout(timer), fail(new Error(`exited with ${code}\nstdout: ${out}\nstderr: ${err}`))));
  }).catch((e: unknown) => {
    child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw e;
  });
  return {
    url,
    root,
    token,
    add,
    writer: (at, corpus) => new PythonGccWriter(join(root, at, '.GCC'), writerStateFromExpected(JSON.parse(readFileSync(join(CORPUS, corpus, 'expected.json'), 'utf8')))),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) console.log(`gcc-studio exited early (${child.exitCode ?? child.signalCode}):\n${err}`);
      await stopServerProcess(child);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
