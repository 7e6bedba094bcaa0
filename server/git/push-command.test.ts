// `gcc-studio push` from the command line: one push and its line; --watch pushing a change made by the real Python
// writer (a real process, stopped by SIGTERM); no git on the PATH → one line, exit 2.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { fileUrl, gitIn, initBare, removeTempRepos, tempFolder } from '../test-support/git-repos.ts';
import { runRealPython } from '../test-support/real-contexa.ts';

const ENTRY = join(import.meta.dirname, '..', 'test-support', 'cli-entry.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const cache = tempFolder('gcc-cache-');
afterAll(removeTempRepos);

async function run(argv: string[], env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: cache }) {
  const err: string[] = [];
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const code = await main(argv, { out: () => {}, err: (l) => err.push(l) }, env);
    return { code, err };
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

describe('gcc-studio push', () => {
  it('pushes and says where, in one line', async () => {
    const dir = tempFolder();
    const remote = initBare();
    runRealPython(dir, [{ op: 'init', roadmap: 'r' }, { op: 'log', o: 'o', t: 't', a: 'a' }]);
    const r = await run(['push', dir, '--remote', fileUrl(remote), '--ref', 'gcc/cli']);
    expect(r).toEqual({ code: 0, err: [expect.stringMatching(/^gcc-studio: pushed gcc\/cli [0-9a-f]{12} to file:\/\//)] });
    expect(gitIn(remote, ['cat-file', '-t', 'refs/heads/gcc/cli'])).toBe('commit');
  });

  it('with no git on the PATH: one line, exit 2', async () => {
    const dir = tempFolder();
    runRealPython(dir, [{ op: 'init', roadmap: 'r' }]);
    const r = await run(['push', dir, '--remote', '/nowhere'], { ...process.env, PATH: tempFolder('gcc-empty-path-') });
    expect(r.code).toBe(2);
    expect(r.err).toEqual([expect.stringMatching(/git is not installed or not on the PATH/)]);
  });

  it('--watch pushes what the writer appends', async () => {
    const dir = tempFolder();
    const remote = initBare();
    runRealPython(dir, [{ op: 'init', roadmap: 'r' }, { op: 'log', o: 'o', t: 't', a: 'a' }]);
    const child = spawn(process.execPath, ['--import', TSX, ENTRY, 'push', dir, '--remote', fileUrl(remote), '--ref', 'gcc/w', '--watch', '--interval', '1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, XDG_CACHE_HOME: cache },
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      await expect.poll(() => err, { timeout: 20_000 }).toContain('watching');
      const first = gitIn(remote, ['rev-parse', 'refs/heads/gcc/w']);
      runRealPython(dir, [{ op: 'load' }, { op: 'log', o: 'appended later', t: 't', a: 'a' }]);
      await expect.poll(() => gitIn(remote, ['rev-parse', 'refs/heads/gcc/w']), { timeout: 20_000 }).not.toBe(first);
      expect(gitIn(remote, ['show', 'refs/heads/gcc/w:.GCC/branches/main/log.md'])).toContain('appended later');
      expect(gitIn(remote, ['rev-parse', 'refs/heads/gcc/w^'])).toBe(first);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', r)));
    expect(code).toBe(0);
  });
});
