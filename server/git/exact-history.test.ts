// Time travel by git commit: for every commit of a pushed ref (and of a repository tracking its .GCC/), CONTEXT at
// git:<sha> equals the real Python reader's summary() on a checkout of that commit (git archive into a temp folder,
// here only), byte for byte; what changed between two commits is the diff of their trees; a .GCC/ the repository does
// not track is said so.
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../shared/api.ts';
import type { MomentChanges } from '../../shared/gcc/moment/changes.ts';
import { main } from '../cli/main.ts';
import { Fleet } from '../fleet/fleet.ts';
import { createFleetApp } from '../fleet/fleet-app.ts';
import { securityOptionsFor } from '../http/index.ts';
import { commitAll, fileUrl, gitIn, initBare, initRepo, removeTempRepos, tempFolder } from '../test-support/git-repos.ts';
import { runRealPython, type PythonOp } from '../test-support/real-contexa.ts';
import { gitFleetScan } from './git-fleet.ts';
import { pushMemory } from './push.ts';

const env = { ...process.env, XDG_CACHE_HOME: tempFolder('gcc-cache-') };
const fleets: Fleet[] = [];
afterEach(async () => {
  for (const f of fleets.splice(0)) await f.close();
});
afterAll(removeTempRepos);

/** The memory grows in these steps; each is pushed (or committed) on its own. */
const STAGES: PythonOp[][] = [
  [{ op: 'init', roadmap: 'Build the thing' }, { op: 'log', o: 'read the code', t: 'plan:\n### Steps taken\n1. read', a: 'grep' }],
  [{ op: 'log', o: 'found it', t: 'a `---` line:\n---\nafter', a: 'edit' }, { op: 'commit', c: 'first cut\n## Commit `deadbeef`\ncut here' }],
  [{ op: 'branch', name: 'side', purpose: 'try: another way' }, { op: 'log', o: 'side step', t: 't', a: 'a' }, { op: 'commit', c: 'side work' }],
  [{ op: 'switch', name: 'main' }, { op: 'merge', name: 'side' }, { op: 'log', o: 'after the merge', t: 't', a: 'a' }],
];
const ASKED: [string, number][] = [['main', 1], ['main', 3], ['side', 1]];

/** What the real Python reader says of `commit`'s .GCC/, from an archive of it in a temp folder. */
function pythonAt(repo: string, commit: string, prefix = '.GCC'): Record<string, string> {
  const dir = tempFolder('gcc-checkout-');
  const tar = execFileSync('git', ['archive', '--format=tar', commit, '--', prefix], { cwd: repo, maxBuffer: 64 * 2 ** 20 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  const root = join(dir, prefix, '..');
  const asked = ASKED.filter(([b]) => b === 'main' || gitIn(repo, ['ls-tree', '--name-only', commit, '--', `${prefix}/branches/${b}`]) !== '');
  const run = runRealPython(root, [{ op: 'load' }], asked);
  return Object.fromEntries(Object.entries(run.contexts).map(([key, v]) => [key, 'bytes' in v ? v.bytes.toString('utf8') : `raises ${v.error}`]));
}

describe('exact history from git', () => {
  it('CONTEXT at git:<sha> of every commit of a pushed ref is the real reader\'s, and changes are the trees\' diff', async () => {
    const agent = tempFolder();
    const remote = initBare();
    for (const ops of STAGES) {
      runRealPython(agent, [...(ops[0]!.op === 'init' ? [] : [{ op: 'load' as const }]), ...ops]);
      await pushMemory({ projectDir: agent, gccDir: join(agent, '.GCC'), remote: fileUrl(remote), ref: 'gcc/h', env });
    }
    const commits = gitIn(remote, ['rev-list', 'refs/heads/gcc/h']).split('\n');
    expect(commits).toHaveLength(STAGES.length);
    const scan = gitFleetScan({ repo: fileUrl(remote), refreshMs: 60_000, env });
    const fleet = new Fleet({ roots: [fileUrl(remote)], maxDepth: 0, readOnly: true, scan: scan.start, warn: () => {} });
    fleets.push(fleet);
    await fleet.start();
    const host = '127.0.0.1:4780';
    const token = 'exact-history-token-0123';
    const app = createFleetApp({ fleet, security: securityOptionsFor('127.0.0.1', 4780, token) });
    const get = async <T>(path: string) => {
      const res = await app.request(`http://${host}${path}`, { headers: { host, authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    for (const commit of commits) {
      const want = pythonAt(remote, commit);
      for (const [key, text] of Object.entries(want)) {
        const [branch, k] = key.split('@') as [string, string];
        const got = await get<ContextResponse>(`/api/context?ws=gcc%2Fh&branch=${branch}&k=${k}&dialect=python&at=git:${commit.slice(0, 10)}`);
        expect(got.error ? `raises ${got.error}` : got.text, `${branch}@${k} at ${commit}`).toBe(text);
      }
    }
    const at = (c: string) => get<{ at: { exact: boolean; commit: string }; branches: { name: string; stepCount: number }[] }>(`/api/workspace?ws=gcc%2Fh&at=git:${c}`);
    const [first, last] = [await at(commits[3]!), await at(commits[0]!)];
    expect(last.at).toMatchObject({ exact: true, commit: commits[0] });
    const mainSteps = (w: typeof first) => w.branches.find((b) => b.name === 'main')!.stepCount;
    const changes = await get<MomentChanges>(`/api/timeline/changes?ws=gcc%2Fh&from=git:${commits[3]}&to=git:${commits[0]}`);
    expect(changes.reasons).toEqual([]);
    expect(changes.branches.find((b) => b.branch === 'main')?.steps).toEqual({ before: mainSteps(first), after: mainSteps(last) });
    expect(mainSteps(first)).toBe(1);
    // The timeline marks every commit as an exact moment, newest first.
    const axis = await get<{ gitMoments: { moment: string }[] }>('/api/timeline?ws=gcc%2Fh');
    expect(axis.gitMoments.map((m) => m.moment)).toEqual(commits.map((c) => `git:${c}`));
    expect(changes.branches.find((b) => b.branch === 'side')).toMatchObject({ added: true });
  });

  it('context --at git:<sha> on a folder whose repository tracks .GCC/ is the real reader\'s, for every commit', async () => {
    const repo = initRepo();
    const project = join(repo, 'agent');
    mkdirSync(project);
    const commits: string[] = [];
    for (const ops of STAGES) {
      runRealPython(project, [...(ops[0]!.op === 'init' ? [] : [{ op: 'load' as const }]), ...ops]);
      commits.push(commitAll(repo, `stage ${commits.length}`));
    }
    for (const commit of commits) {
      const want = pythonAt(repo, commit, 'agent/.GCC');
      for (const [key, text] of Object.entries(want)) {
        const [branch, k] = key.split('@') as [string, string];
        const out: Buffer[] = [];
        const err: string[] = [];
        const code = await main(['context', project, '--branch', branch, '--k', k, '--dialect', 'python', '--at', `git:${commit}`], { out: (t) => out.push(Buffer.from(t)), err: (l) => err.push(l) }, env);
        if (text.startsWith('raises')) expect(code).toBe(1);
        else expect([code, Buffer.concat(out).toString('utf8')], `${branch}@${k} at ${commit}: ${err.join(' ')}`).toEqual([0, text]);
      }
    }
    const err: string[] = [];
    expect(await main(['context', project, '--at', 'git:ffffffff'], { out: () => {}, err: (l) => err.push(l) }, env)).toBe(2);
    expect(err.join('')).toMatch(/no commit that changed .GCC\/ starts with ffffffff/);
  });

  it('export --at git:<sha> on a .GCC/ the repository does not track says so, and where commits of it are, if any', async () => {
    const repo = initRepo();
    writeFileSync(join(repo, 'README'), 'code\n');
    commitAll(repo, 'code only');
    runRealPython(repo, [{ op: 'init', roadmap: 'Untracked memory' }, { op: 'log', o: 'o', t: 't', a: 'a' }]);
    const exportAt = async () => {
      const err: string[] = [];
      const code = await main(['export', repo, '--at', 'git:abcd', '--markdown', join(tempFolder('gcc-export-'), 'x.md')], { out: () => {}, err: (l) => err.push(l) }, env);
      return { code, said: err.join('') };
    };
    const untracked = await exportAt();
    expect(untracked.code).toBe(2);
    expect(untracked.said).toContain(`.GCC/ is not tracked in the repository at ${realpathSync(repo)}: no commit of any branch holds it`);
    expect(untracked.said).not.toMatch(/\(0 do\)/);

    // Committed on another branch only: HEAD's history still has none, and the message says how to list them.
    gitIn(repo, ['add', '.GCC']);
    const held = gitIn(repo, ['commit-tree', gitIn(repo, ['write-tree']), '-p', 'HEAD', '-m', 'the memory']);
    gitIn(repo, ['update-ref', 'refs/heads/memory', held]);
    gitIn(repo, ['reset', '-q']);
    const elsewhere = await exportAt();
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.said).toContain(`.GCC/ is not in the history of HEAD in the repository at ${realpathSync(repo)}; 1 commit of other refs changes it (newest ${held.slice(0, 7)}): \`git log --all -- .GCC\` lists them`);
  });
});
