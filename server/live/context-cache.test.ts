// The context cache on its own, over branch entries read from the python corpus: the CONTEXT it renders, when a
// view is reused and when it is brought up to date, and which views the LRU of 16 keeps.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from '../../fixtures/corpus.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { BranchEntry } from './branch-entry.ts';
import { ContextCache, MAX_CACHED_CONTEXTS } from './context-cache.ts';
import { readRoadmap } from './format.ts';

afterEach(removeTempCorpusCopies);

/** The python case's main branch read from a temp copy under each name given (all the same folder), and main.md. */
async function entries(names: string[]): Promise<{ branches: BranchEntry[]; roadmap: string }> {
  const { gccDir } = tempCorpusCopy('python');
  const branches = names.map((name) => new BranchEntry(name, join(gccDir, 'branches', 'main')));
  await Promise.all(branches.flatMap((b) => [b.log.refresh(), b.commits.refresh()]));
  return { branches, roadmap: readRoadmap(readFileSync(join(gccDir, 'main.md'))).text };
}

describe('ContextCache', () => {
  it('renders the CONTEXT the implementation writes, with the token counts of every K', async () => {
    const { branches, roadmap } = await entries(['main']);
    const cache = new ContextCache();
    const ctx = cache.context(branches[0]!, 2, null, roadmap);
    // A branch of no known dialect is shown as python reads it.
    expect([ctx.branch, ctx.k, ctx.dialect]).toEqual(['main', 2, 'python']);
    expect(ctx.text).toBe(readFileSync(join(CORPUS, 'python', 'context-main-k2.txt'), 'utf8'));
    expect(ctx.tokensByK).toHaveLength(3);
    expect(ctx.tokens).toBe(ctx.tokensByK![1]);
    // A K past the commits has no precomputed count: it is counted on its own.
    expect(cache.context(branches[0]!, 9, 'python', roadmap).tokens).toBeGreaterThan(0);
  });

  it('reuses a view until the branch version or the roadmap changes', async () => {
    const { branches, roadmap } = await entries(['main']);
    const b = branches[0]!;
    const cache = new ContextCache();
    const first = cache.view(b, 'python', roadmap).tokensByK;
    expect(cache.view(b, 'python', roadmap).tokensByK).toBe(first);
    b.version += 1;
    const second = cache.view(b, 'python', roadmap).tokensByK;
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    const third = cache.view(b, 'python', `${roadmap}\nmore\n`).tokensByK;
    expect(third).not.toBe(second);
    expect(third[0]).toBeGreaterThan(second[0]!);
  });

  it(`keeps the ${MAX_CACHED_CONTEXTS} most recently used views`, async () => {
    const names = Array.from({ length: MAX_CACHED_CONTEXTS + 1 }, (_, i) => `b${i}`);
    const { branches, roadmap } = await entries(names);
    const cache = new ContextCache();
    const views = branches.slice(0, MAX_CACHED_CONTEXTS).map((b) => cache.view(b, 'python', roadmap));
    expect(cache.size).toBe(MAX_CACHED_CONTEXTS);
    cache.view(branches[0]!, 'python', roadmap);
    cache.view(branches[MAX_CACHED_CONTEXTS]!, 'python', roadmap);
    expect(cache.size).toBe(MAX_CACHED_CONTEXTS);
    // b0 was used again, so b1 was the oldest.
    expect(cache.view(branches[0]!, 'python', roadmap)).toBe(views[0]);
    expect(cache.view(branches[1]!, 'python', roadmap)).not.toBe(views[1]);
  });

  it('drops the views of one branch only, every dialect of it', async () => {
    const { branches, roadmap } = await entries(['main', 'main2']);
    const [main, main2] = branches as [BranchEntry, BranchEntry];
    const cache = new ContextCache();
    const python = cache.view(main, 'python', roadmap);
    cache.view(main, 'rust', roadmap);
    const other = cache.view(main2, 'python', roadmap);
    cache.dropBranch('main');
    expect(cache.size).toBe(1);
    expect(cache.view(main2, 'python', roadmap)).toBe(other);
    expect(cache.view(main, 'python', roadmap)).not.toBe(python);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
