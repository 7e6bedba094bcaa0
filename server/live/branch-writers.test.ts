// A branch holding records of two implementations (Python's steps, then a merge commit TypeScript wrote) says both
// writers, in order; a branch one implementation wrote names none beside its dialect.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { readOnce } from './read-once.ts';

async function branchesOf(dir: string) {
  return (await readOnce({ gccDir: join(dir, '.GCC'), root: dir })).workspace().branches;
}

describe('a branch written by several implementations', () => {
  it('names Python then TypeScript on mixed-py-ts main', async () => {
    const main = (await branchesOf(join(CORPUS, 'mixed-py-ts'))).find((b) => b.name === 'main')!;
    expect(main.dialect).toBe('python');
    expect(main.writers).toEqual(['python', 'typescript']);
  });

  it('names no second writer on any branch of the one-writer corpus cases', async () => {
    for (const lang of readdirSync(CORPUS).filter((d) => existsSync(join(CORPUS, d, '.GCC')) && d !== 'mixed-py-ts')) {
      for (const b of await branchesOf(join(CORPUS, lang))) expect(b.writers, `${lang} ${b.name}`).toBeUndefined();
    }
  });
});
