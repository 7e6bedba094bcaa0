// The one cat-file process: answers in order, says when an object is missing, and once closed refuses (a read after
// close starting another process kept a stopped server's Node alive).
import { join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { commitAll, initRepo, removeTempRepos } from '../test-support/git-repos.ts';
import { ObjectReader } from './object-reader.ts';

afterAll(removeTempRepos);

describe('ObjectReader', () => {
  it('answers pipelined asks in order, null for a missing object, and refuses once closed', async () => {
    const dir = initRepo();
    mkdirSync(join(dir, '.GCC'));
    writeFileSync(join(dir, '.GCC/main.md'), 'roadmap\n');
    const commit = commitAll(dir, 'one');
    const objects = new ObjectReader(join(dir, '.git'));
    const [info, blob, missing] = await Promise.all([objects.info(`${commit}:.GCC`), objects.contents(`${commit}:.GCC/main.md`), objects.info('0'.repeat(40))]);
    expect(info).toMatchObject({ type: 'tree' });
    expect(new TextDecoder().decode(blob!.bytes)).toBe('roadmap\n');
    expect(missing).toBeNull();
    await expect(objects.info('not an id')).rejects.toThrow(/not an object name/);
    objects.close();
    await expect(objects.info(commit)).rejects.toThrow(/closed/);
  });
});
