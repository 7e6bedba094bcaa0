// Trees a folder on disk could hold (links) are diagnosed exactly as their disk twin; trees only git can hold (a `..`
// name, a gitlink) and a blob past the limit are refused, and no byte they name is read.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOnce } from '../live/read-once.ts';
import { blob, commitAll, commitTree, gitIn, initRepo, mktree, removeTempRepos, tempFolder } from '../test-support/git-repos.ts';
import { ObjectReader } from './object-reader.ts';
import { sourceAtCommit } from './git-source.ts';

const readers: ObjectReader[] = [];
afterAll(() => {
  for (const r of readers) r.close();
  removeTempRepos();
});

const LOG = '## Step 1\n**Observation:** o\n**Thought:** t\n**Action:** a\n\n---\n';
const META = 'name: main\npurpose: p\ncreated_at: "2026-01-01T00:00:00+00:00"\n';

/** A project whose .GCC/ has main with a log, and outside/ beside it holding a secret. */
function project(): { dir: string; gcc: string } {
  const dir = initRepo(tempFolder());
  const gcc = join(dir, '.GCC');
  mkdirSync(join(gcc, 'branches/main'), { recursive: true });
  writeFileSync(join(gcc, 'main.md'), '# Roadmap\n');
  writeFileSync(join(gcc, 'branches/main/log.md'), LOG);
  writeFileSync(join(gcc, 'branches/main/commit.md'), '');
  writeFileSync(join(gcc, 'branches/main/metadata.yaml'), META);
  mkdirSync(join(dir, 'outside/side'), { recursive: true });
  writeFileSync(join(dir, 'outside/side/log.md'), LOG.replace('**Observation:** o', '**Observation:** SECRET'));
  return { dir, gcc };
}

async function fromGit(dir: string, commit: string, options = {}) {
  const reader = new ObjectReader(join(dir, '.git'));
  readers.push(reader);
  const source = await sourceAtCommit(reader, commit, 'git:t/.GCC', options);
  return { view: await readOnce({ gccDir: join(dir, '.GCC'), root: dir, source }), reader };
}

const noSecret = (view: { workspace(): unknown }) => expect(JSON.stringify(view.workspace())).not.toContain('SECRET');

describe('a hostile tree', () => {
  it.each([
    ['a branch folder that is a link', (dir: string, gcc: string) => symlinkSync(join(dir, 'outside/side'), join(gcc, 'branches/side'))],
    ['a log that is a link', (dir: string, gcc: string) => (mkdirSync(join(gcc, 'branches/side')), writeFileSync(join(gcc, 'branches/side/metadata.yaml'), META), symlinkSync(join(dir, 'outside/side/log.md'), join(gcc, 'branches/side/log.md')))],
    ['branches/ that is a link', (dir: string, gcc: string) => (rmSync(join(gcc, 'branches'), { recursive: true }), symlinkSync(join(dir, 'outside'), join(gcc, 'branches')))],
  ])('%s: diagnosed as its disk twin, never followed', async (_name, plant) => {
    const { dir, gcc } = project();
    plant(dir, gcc);
    const commit = commitAll(dir, 'linked');
    const { view } = await fromGit(dir, commit);
    const disk = await readOnce({ gccDir: gcc, root: dir });
    expect(view.workspace()).toEqual(disk.workspace());
    expect(JSON.stringify(view.workspace().diagnostics)).toContain('symbolic link');
    noSecret(view);
  });

  it('a ".." branch folder and a gitlink: named, skipped, nothing under them read', async () => {
    const { dir } = project();
    const base = commitAll(dir, 'base');
    const g = join(dir, '.git');
    const secret = blob(g, LOG.replace('**Observation:** o', '**Observation:** SECRET'));
    const up = mktree(g, [['100644', 'blob', secret, 'log.md']]);
    const branches = gitIn(dir, ['rev-parse', `${base}:.GCC/branches`]);
    const mainTree = gitIn(dir, ['rev-parse', `${base}:.GCC/branches/main`]);
    const hostile = mktree(g, [
      ['040000', 'tree', mainTree, 'main'],
      ['040000', 'tree', up, '..'],
      ['160000', 'commit', base, 'sub'],
    ]);
    void branches;
    const roadmap = gitIn(dir, ['rev-parse', `${base}:.GCC/main.md`]);
    const gccTree = mktree(g, [['100644', 'blob', roadmap, 'main.md'], ['040000', 'tree', hostile, 'branches']]);
    const commit = commitTree(g, mktree(g, [['040000', 'tree', gccTree, '.GCC']]), 'hostile', base);
    const { view, reader } = await fromGit(dir, commit);
    const ws = view.workspace();
    expect(ws.branches.map((b) => b.name)).toEqual(['main']);
    expect(ws.diagnostics.map((d) => d.message).join('\n')).toContain('".." is a path step');
    noSecret(view);
    // The secret blob is under a refused path: never asked of git.
    expect(reader.contentsAsked.has(secret)).toBe(false);
    expect(reader.contentsAsked.has(up)).toBe(false);
  });

  it('a blob past the limit: refused from its size, never read', async () => {
    const { dir, gcc } = project();
    writeFileSync(join(gcc, 'branches/main/log.md'), LOG.repeat(2000));
    const commit = commitAll(dir, 'big');
    const { view, reader } = await fromGit(dir, commit, { blobLimit: 64 * 1024 });
    expect(JSON.stringify(view.workspace().diagnostics)).toContain('file-too-large');
    // Its size said it all: the log was never read.
    expect(reader.contentsAsked.has(gitIn(dir, ['rev-parse', `${commit}:.GCC/branches/main/log.md`]))).toBe(false);
  });
});
