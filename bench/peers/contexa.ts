// The real Contexa readers as same-run peers, their TypeScript library through tsx and their Python package by python3,
// unchanged.
import { contexaPeersDir } from '../../fixtures/peers.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { timedRun } from '../processes.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '..', '..');

/** The peers folder (fixtures/peers.ts: the vendored copy of ../shared/peers/contexa, or $GCC_STUDIO_PEERS). */
export const locatePeers = contexaPeersDir;

function jsYamlModules(): string {
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gcc-studio-bench', 'contexa-ts');
  const modules = join(cache, 'node_modules');
  const installed = (() => {
    try {
      return (JSON.parse(readFileSync(join(modules, 'js-yaml', 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return null;
    }
  })();
  if (installed !== '4.1.1') {
    mkdirSync(cache, { recursive: true });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', cache, 'js-yaml@4.1.1'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return modules;
}

export interface PeerAnswer {
  /** Spawn → exit of the peer's process. */
  wallMs: number;
  /** load() + context() + summary() inside the process (module loading and interpreter start excluded). */
  workMs: number;
  /** The CPU time (all the process's threads) of the same: what a busy machine moves least. */
  cpuMs: number;
  /** Peak RSS the process reported. */
  rssBytes: number;
  /** The CONTEXT text it returned. */
  text: string;
}

export interface ContexaPeers {
  dir: string;
  typescript(projectDir: string, branch: string, outFile: string): Promise<PeerAnswer>;
  python(projectDir: string, branch: string, outFile: string): Promise<PeerAnswer>;
}

async function answer(command: string, args: string[], outFile: string, env?: NodeJS.ProcessEnv): Promise<PeerAnswer> {
  const run = await timedRun(command, args, env);
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout.trim().split('\n').pop()!) as { workMs: number; cpuMs: number; rssBytes: number };
  return { wallMs: run.wallMs, workMs: report.workMs, cpuMs: report.cpuMs, rssBytes: report.rssBytes, text: readFileSync(outFile, 'utf8') };
}

/** Null (with the reason) when the peers are not there. */
export function contexaPeers(): ContexaPeers | { missing: string } {
  const dir = locatePeers();
  if (!dir) return { missing: 'no Contexa peers at hand (fixtures/peers/contexa is missing; set GCC_STUDIO_PEERS)' };
  const modules = jsYamlModules();
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const tsEntry = join(HERE, 'contexa-ts-context.ts');
  const pyEntry = join(HERE, 'contexa_py_context.py');
  return {
    dir,
    typescript: (projectDir, branch, outFile) =>
      answer(process.execPath, ['--import', tsx, tsEntry, join(dir, 'typescript', 'src'), projectDir, branch, outFile], outFile, { ...process.env, NODE_PATH: modules }),
    python: (projectDir, branch, outFile) => answer('python3', [pyEntry, join(dir, 'python'), projectDir, branch, outFile], outFile),
  };
}
