// push commits .GCC/ onto gcc/NAME in the remote, never forced, and leaves the agent's own repository exactly as it was:
// HEAD, index, working tree and every ref, with staged changes and with a detached HEAD.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRealPython } from '../test-support/real-contexa.ts';
import { commitAll, fileUrl, gitIn, initBare, initRepo, removeTempRepos, tempFolder } from '../test-support/git-repos.ts';
import { GitError } from './git-command.ts';
import { pushMemory } from './push.ts';

const cache = tempFolder('gcc-cache-');
const env = { ...process.env, XDG_CACHE_HOME: cache };
afterAll(removeTempRepos);

/** A Python-written .GCC/ in `dir`. */
function agentMemory(dir: string, steps = 2): void {
  runRealPython(dir, [{ op: 'init', roadmap: 'Ship it' }, ...Array.from({ length: steps }, (_, i) => ({ op: 'log' as const, o: `o${i}`, t: `t${i}`, a: `a${i}` })), { op: 'commit', c: 'first' }]);
}

/** Everything of a repository a push could disturb. */
function repoState(dir: string): Record<string, string> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (n === '.git') continue;
      if (statSync(p).isDirectory()) walk(p);
      else files.push(`${relative(dir, p)} ${createHash('sha1').update(readFileSync(p)).digest('hex')}`);
    }
  };
  walk(dir);
  return {
    head: readFileSync(join(dir, '.git/HEAD'), 'utf8'),
    index: createHash('sha1').update(readFileSync(join(dir, '.git/index'))).digest('hex'),
    refs: gitIn(dir, ['for-each-ref', '--format=%(refname) %(objectname)']),
    status: gitIn(dir, ['status', '--porcelain=v2', '--branch']),
    tree: files.join('\n'),
    config: readFileSync(join(dir, '.git/config'), 'utf8'),
  };
}

const remoteTree = (remote: string, ref: string) => gitIn(remote, ['ls-tree', '-r', ref, '--', '.GCC']);
const diskTree = (dir: string) => {
  const d = initRepo(tempFolder());
  gitIn(d, ['--work-tree', dir, 'add', '-f', '.GCC']);
  return gitIn(d, ['ls-files', '-s']);
};

describe('push', () => {
  it('leaves a repository with staged changes as it was, and pushes .GCC/ to origin', async () => {
    const dir = initRepo();
    const remote = initBare();
    writeFileSync(join(dir, 'app.py'), 'print(1)\n');
    commitAll(dir, 'code');
    gitIn(dir, ['remote', 'add', 'origin', fileUrl(remote)]);
    agentMemory(dir);
    writeFileSync(join(dir, 'app.py'), 'print(2)\n');
    gitIn(dir, ['add', 'app.py']);
    writeFileSync(join(dir, 'notes.txt'), 'unstaged\n');
    const before = repoState(dir);
    const result = await pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), ref: 'gcc/agent-a', env });
    expect(repoState(dir)).toEqual(before);
    expect(result).toMatchObject({ kind: 'pushed', ref: 'refs/heads/gcc/agent-a', parent: null });
    expect(gitIn(remote, ['rev-parse', 'refs/heads/gcc/agent-a'])).toBe(result.commit);
    // Only .GCC/ is in the pushed tree, file for file.
    expect(gitIn(remote, ['ls-tree', '--name-only', 'refs/heads/gcc/agent-a'])).toBe('.GCC');
    const pushed = remoteTree(remote, 'refs/heads/gcc/agent-a').split('\n').map((l) => l.replace(/^(\d+) blob /, '$1 ').replace('\t', ' 0\t'));
    expect(pushed.join('\n')).toBe(diskTree(dir));
  });

  it('leaves a detached HEAD detached, and builds each push on the last', async () => {
    const dir = initRepo();
    const remote = initBare();
    writeFileSync(join(dir, 'a'), '1');
    const first = commitAll(dir, 'one');
    writeFileSync(join(dir, 'a'), '2');
    commitAll(dir, 'two');
    gitIn(dir, ['checkout', '-q', '--detach', first]);
    agentMemory(dir);
    const before = repoState(dir);
    const one = await pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: fileUrl(remote), ref: 'gcc/b', env });
    runRealPython(dir, [{ op: 'load' }, { op: 'log', o: 'later', t: 't', a: 'a' }]);
    const after = repoState(dir);
    const two = await pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: fileUrl(remote), ref: 'gcc/b', env });
    expect(repoState(dir)).toEqual(after);
    expect(before.head).toBe(after.head);
    expect(two).toMatchObject({ kind: 'pushed', parent: one.commit });
    expect(gitIn(remote, ['rev-list', 'refs/heads/gcc/b']).split('\n')).toEqual([two.commit, one.commit]);
  });

  it('makes no commit when nothing changed', async () => {
    const dir = tempFolder();
    const remote = initBare();
    agentMemory(dir);
    const one = await pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: fileUrl(remote), env });
    const two = await pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: fileUrl(remote), env });
    expect(two).toEqual({ kind: 'unchanged', ref: one.ref, commit: one.commit, url: fileUrl(remote) });
    expect(one.ref).toMatch(/^refs\/heads\/gcc\/.+-gcc-git-/);
  });

  it('refuses to build on another folder\'s memory: two folders of one name on one host', async () => {
    const remote = initBare();
    const one = join(tempFolder(), 'proj');
    const two = join(tempFolder(), 'proj');
    agentMemory(one);
    agentMemory(two, 3);
    const first = await pushMemory({ projectDir: one, gccDir: join(one, '.GCC'), remote: fileUrl(remote), env });
    const failure = await pushMemory({ projectDir: two, gccDir: join(two, '.GCC'), remote: fileUrl(remote), env }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GitError);
    const short = first.ref.replace('refs/heads/', '');
    expect((failure as Error).message).toBe(`push of ${short} refused: it holds the memory pushed from ${hostname()}:${one}, not from ${hostname()}:${two}; give this folder a ref of its own with --ref gcc/NAME (nothing was pushed)`);
    expect(gitIn(remote, ['rev-parse', first.ref])).toBe(first.commit);
    // Under a ref of its own it goes; the first folder goes on building on its own.
    await expect(pushMemory({ projectDir: two, gccDir: join(two, '.GCC'), remote: fileUrl(remote), ref: 'gcc/proj-two', env })).resolves.toMatchObject({ kind: 'pushed', parent: null });
    runRealPython(one, [{ op: 'load' }, { op: 'log', o: 'later', t: 't', a: 'a' }]);
    await expect(pushMemory({ projectDir: one, gccDir: join(one, '.GCC'), remote: fileUrl(remote), env })).resolves.toMatchObject({ kind: 'pushed', parent: first.commit });
  });

  it('says why a remote cannot be reached in git\'s own words, not its closing line', async () => {
    const dir = tempFolder();
    agentMemory(dir);
    const missing = join(tempFolder(), 'no-such-remote.git');
    await expect(pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: missing, env })).rejects.toThrow(`cannot reach ${missing}: '${missing}' does not appear to be a git repository`);
  });

  it('in no repository, asks for --remote', async () => {
    const dir = tempFolder();
    agentMemory(dir);
    await expect(pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), env })).rejects.toThrow(/in no git repository: give --remote URL/);
  });

  it('refuses a URL with a password, saying to use a credential helper', async () => {
    const dir = tempFolder();
    agentMemory(dir);
    await expect(pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: 'https://me:secret@example.com/r.git', env })).rejects.toThrow(/credential helper/);
  });

  it('refuses a push that is not a fast-forward, with the reason in one line, and forces nothing', async () => {
    const dir = tempFolder();
    const remote = initBare();
    agentMemory(dir);
    await pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: fileUrl(remote), ref: 'gcc/c', env });
    appendFileSync(join(dir, '.GCC/main.md'), '\nmore\n');
    // Another writer moves the ref between our fetch of its tip and our push.
    const rival = initRepo();
    mkdirSync(join(rival, '.GCC'));
    writeFileSync(join(rival, '.GCC/main.md'), 'theirs\n');
    const theirs = commitAll(rival, 'theirs');
    const racing = () => Promise.resolve(void gitIn(rival, ['push', '-q', '--force', fileUrl(remote), `${theirs}:refs/heads/gcc/c`]));
    const failure = await pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: fileUrl(remote), ref: 'gcc/c', env, beforePush: racing }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GitError);
    expect((failure as Error).message).toMatch(/^push of gcc\/c refused \((non-fast-forward|fetch first)\)/);
    expect((failure as Error).message).not.toContain('\n');
    expect(gitIn(remote, ['rev-parse', 'refs/heads/gcc/c'])).toBe(theirs);
  });
});
