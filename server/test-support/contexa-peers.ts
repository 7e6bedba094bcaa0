// The real Contexa readers as test peers, its Python package and its TypeScript library, run unchanged in one process per
// reader for a whole sample of workspaces.
import { contexaPeersDir } from '../../fixtures/peers.ts';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The peers are unchanged copies (fixtures/peers/contexa/, or $GCC_STUDIO_PEERS). The TypeScript one needs js-yaml
// 4.1.1, which is not our dependency: installed once by name (npm, the ordinary client) into a cache folder outside
// the repo, shared with the bench (bench/peers), and put on NODE_PATH for the peer's process only.
const HERE = dirname(fileURLToPath(import.meta.url));

export type PeerReader = 'python' | 'typescript';

export interface PeerJob {
  /** The project folder (holding .GCC/). */
  dir: string;
  branch: string;
  k: number;
}

/** What the reader returned: its CONTEXT text and how many records it read, or the exception it raised. */
export type PeerAnswer = { text: string; commits: number; steps: number } | { error: string };

/** The peers folder (fixtures/peers.ts: the vendored copy of ../shared/peers/contexa, or $GCC_STUDIO_PEERS). */
export const locatePeers = contexaPeersDir;

function jsYamlModules(): string {
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gcc-studio-bench', 'contexa-ts');
  const modules = join(cache, 'node_modules');
  let installed: string | null = null;
  try {
    installed = (JSON.parse(readFileSync(join(modules, 'js-yaml', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    installed = null;
  }
  if (installed !== '4.1.1') {
    mkdirSync(cache, { recursive: true });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', cache, 'js-yaml@4.1.1'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return modules;
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done, fail) => {
    execFile(command, args, { env, maxBuffer: 512 * 1024 * 1024, timeout: 10 * 60_000 }, (err, stdout, stderr) => {
      if (err) fail(new Error(`${command} ${args.join(' ')} failed: ${err.message}\n${stderr.slice(0, 2000)}`));
      else done(stdout);
    });
  });
}

/** One reader's answers for the jobs, in order, from one process. */
export async function peerContexts(reader: PeerReader, jobs: readonly PeerJob[]): Promise<PeerAnswer[]> {
  const peers = locatePeers();
  if (!peers) throw new Error('no Contexa peers at hand (fixtures/peers/contexa is missing; set GCC_STUDIO_PEERS)');
  const scratch = mkdtempSync(join(tmpdir(), 'gcc-peer-jobs-'));
  try {
    const jobsFile = join(scratch, 'jobs.json');
    writeFileSync(jobsFile, JSON.stringify(jobs));
    const stdout =
      reader === 'python'
        ? await run('python3', [join(HERE, 'contexa_batch.py'), join(peers, 'python'), jobsFile])
        : await run(process.execPath, ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, join(HERE, 'contexa-batch.ts'), join(peers, 'typescript', 'src'), jobsFile], {
            ...process.env,
            NODE_PATH: jsYamlModules(),
          });
    const answers = JSON.parse(stdout) as PeerAnswer[];
    if (answers.length !== jobs.length) throw new Error(`${reader} answered ${answers.length} of ${jobs.length} jobs`);
    return answers;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
