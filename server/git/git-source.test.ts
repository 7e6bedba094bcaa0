// A commit's .GCC/ read through the git source answers exactly as the same folder read from disk, for every dialect
// of the corpus: the readers cannot tell a tree from a folder.
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readOnce } from '../live/read-once.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { commitAll, initRepo, removeTempRepos } from '../test-support/git-repos.ts';
import { ObjectReader } from './object-reader.ts';
import { sourceAtCommit } from './git-source.ts';

const readers: ObjectReader[] = [];
afterEach(removeTempCorpusCopies);
afterAll(() => {
  for (const r of readers) r.close();
  removeTempRepos();
});

describe('the git source', () => {
  it.each(['python', 'typescript', 'go', 'rust', 'lua', 'elixir', 'zig', 'mixed-py-ts'])('reads %s as the disk does', async (corpus) => {
    const { dir, gccDir } = tempCorpusCopy(corpus);
    initRepo(dir);
    const commit = commitAll(dir, 'memory');
    const reader = new ObjectReader(join(dir, '.git'));
    readers.push(reader);
    const source = await sourceAtCommit(reader, commit, 'git:test/.GCC');
    const fromGit = await readOnce({ gccDir, root: dir, source });
    const fromDisk = await readOnce({ gccDir, root: dir });
    expect(fromGit.workspace()).toEqual(fromDisk.workspace());
    for (const b of fromDisk.workspace().branches) {
      expect(fromGit.branch(b.name)).toEqual(fromDisk.branch(b.name));
      expect(fromGit.steps(b.name, 0, 50)).toEqual(fromDisk.steps(b.name, 0, 50));
      expect(fromGit.contextText(b.name, 2, null)).toEqual(fromDisk.contextText(b.name, 2, null));
    }
  });
});
