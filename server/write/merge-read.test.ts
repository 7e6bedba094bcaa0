// What a merge reads, on its own, over temp copies of corpus cases: the files of both branches and main.md, the
// fingerprint that makes a preview stale when any of them changes, and the refusals before anything is planned.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { checkNames, readMergeFiles, type DialectOf } from './merge-read.ts';

afterEach(removeTempCorpusCopies);

const python: DialectOf = () => 'python';
const args = { branch: 'auth-session', target: 'main' };

describe('checkNames', () => {
  it('refuses a bad name and a merge into itself', () => {
    expect(() => checkNames({ branch: '../x', target: 'main' })).toThrow(expect.objectContaining({ name: 'MergeError', status: 400 }));
    expect(() => checkNames({ branch: 'main', target: 'main' })).toThrow('cannot merge `main` into itself');
    expect(() => checkNames(args)).not.toThrow();
  });
});

describe('readMergeFiles', () => {
  it('reads both branches and the roadmap, with the dialect of each', async () => {
    const { gccDir } = tempCorpusCopy('python');
    const files = await readMergeFiles(gccDir, (name) => (name === 'main' ? 'python' : null), args);
    expect([files.source.name, files.target.name, files.dialect]).toEqual(['auth-session', 'main', 'python']);
    expect([files.source.log, files.source.commit, files.source.metadata, files.target.commit, files.roadmap].every((b) => b && b.length > 0)).toBe(true);
    // A branch of no known writer carries no dialect at all.
    expect('dialect' in files.source).toBe(false);
    expect(files.target.dialect).toBe('python');
    expect(files.fingerprint).toMatch(/^[0-9a-f]{24}$/);
  });

  it('gives a new fingerprint when any file the merge touches changes, and the same one otherwise', async () => {
    const { gccDir } = tempCorpusCopy('python');
    const seen = new Set<string>();
    const look = async () => seen.add((await readMergeFiles(gccDir, python, args)).fingerprint);
    await look();
    await look();
    expect(seen.size).toBe(1);
    for (const file of ['branches/auth-session/log.md', 'branches/main/commit.md', 'main.md']) {
      appendFileSync(join(gccDir, file), '\n');
      await look();
    }
    rmSync(join(gccDir, 'branches/auth-session/metadata.yaml'));
    await look();
    expect(seen.size).toBe(5);
  });

  it('refuses a missing branch (404), a symlinked one and a target without commit.md (409)', async () => {
    const bad = tempCorpusCopy('bad/symlink-branch');
    await expect(readMergeFiles(bad.gccDir, python, { branch: 'nope', target: 'main' })).rejects.toMatchObject({ status: 404, message: 'no branch "nope"' });
    await expect(readMergeFiles(bad.gccDir, python, { branch: 'evil', target: 'main' })).rejects.toMatchObject({ status: 409 });
    const { gccDir } = tempCorpusCopy('python');
    rmSync(join(gccDir, 'branches/main/commit.md'));
    await expect(readMergeFiles(gccDir, python, args)).rejects.toMatchObject({ status: 409, message: 'branches/main/commit.md is missing: the merge commit has nowhere to go' });
  });
});
