// The context cache on its own, over branch entries read from the python corpus: the CONTEXT it renders, when a
// view is reused and when it is brought up to date, and which views the LRU of 16 keeps.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from '../../fixtures/corpus.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { BranchEntry } from '../live/branch-entry.ts';
import { ContextCache, MAX_CACHED_CONTEXTS } from './context-cache.ts';
import { readRoadmap } from '../live/format.ts';
import { countTokens } from '../../shared/gcc/context/count.ts';
import { CUT_SHORT } from '../../shared/gcc/context/tokens.ts';
import { lowerBoundTokens } from '../../shared/gcc/context/token-bounds.ts';
import type { TokenCounter } from './token-counter.ts';

/** Counts on the calling thread, and remembers what it was asked. */
class RecordingCounter implements TokenCounter {
  texts: string[] = [];
  calls = 0;
  constructor(private readonly countOne: (text: string) => number = countTokens) {}
  async count(texts: readonly string[]): Promise<number[]> {
    this.calls++;
    this.texts.push(...texts);
    return texts.map(this.countOne);
  }
}

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
    const ctx = await cache.context(branches[0]!, 2, null, roadmap);
    // A branch of no known dialect is shown as python reads it.
    expect([ctx.branch, ctx.k, ctx.dialect]).toEqual(['main', 2, 'python']);
    expect(ctx.text).toBe(readFileSync(join(CORPUS, 'python', 'context-main-k2.txt'), 'utf8'));
    expect(ctx.tokensByK).toHaveLength(3);
    expect(ctx.tokens).toBe(ctx.tokensByK![1]);
    expect(ctx.tokens).toBe(countTokens(ctx.text));
    expect(ctx.tokensAtLeast).toBeUndefined();
    // A K past the commits has no precomputed count: it is counted on its own.
    const past = await cache.context(branches[0]!, 9, 'python', roadmap);
    expect(past.tokens).toBe(countTokens(past.text));
  });

  it('counts a view again only when the branch version or the roadmap changes', async () => {
    const { branches, roadmap } = await entries(['main']);
    const b = branches[0]!;
    const counter = new RecordingCounter();
    const cache = new ContextCache(counter);
    const first = await cache.counts(cache.view(b, 'python', roadmap), b.name, 'python');
    expect(await cache.counts(cache.view(b, 'python', roadmap), b.name, 'python')).toBe(first);
    b.version += 1;
    const second = await cache.counts(cache.view(b, 'python', roadmap), b.name, 'python');
    expect(second).not.toBe(first);
    expect(second.byK).toEqual(first.byK);
    const asked = counter.texts.length;
    const third = await cache.counts(cache.view(b, 'python', `${roadmap}\nmore\n`), b.name, 'python');
    expect(third.byK[0]).toBeGreaterThan(second.byK[0]!);
    // Only the texts the roadmap is part of were counted again.
    expect(counter.texts.length).toBeGreaterThan(asked);
    expect(counter.texts.slice(asked).every((t) => t.includes('more'))).toBe(true);
  });

  it('counts once for requests that come together, and marks a count cut short as "at least"', async () => {
    const { branches, roadmap } = await entries(['main']);
    const counter = new RecordingCounter((t) => (t.includes('Roadmap') ? countTokens(t) + CUT_SHORT : countTokens(t)));
    const cache = new ContextCache(counter);
    const [a, b] = await Promise.all([cache.context(branches[0]!, 1, null, roadmap), cache.context(branches[0]!, 3, null, roadmap)]);
    expect(counter.calls).toBe(1);
    expect(a.tokensAtLeast).toBe(true);
    expect(b.tokensAtLeastByK).toEqual([true, true, true]);
    expect(b.tokens).toBe(countTokens(b.text));
  });

  it('answers with the bounds a failed worker gave, then counts afresh on the next request', async () => {
    const { branches, roadmap } = await entries(['main']);
    let failing = true;
    const counter = {
      failures: 0,
      async count(texts: readonly string[]) {
        if (!failing) return texts.map(countTokens);
        this.failures++;
        return texts.map((t) => lowerBoundTokens(t) + CUT_SHORT);
      },
    };
    const cache = new ContextCache(counter);
    const bounded = await cache.context(branches[0]!, 1, null, roadmap);
    expect(bounded.tokensAtLeast).toBe(true);
    failing = false;
    const exact = await cache.context(branches[0]!, 1, null, roadmap);
    expect(exact.tokensAtLeast).toBeUndefined();
    expect(exact.tokens).toBe(countTokens(exact.text));
  });

  it(`keeps the ${MAX_CACHED_CONTEXTS} most recently used views`, async () => {
    const names = Array.from({ length: MAX_CACHED_CONTEXTS + 1 }, (_, i) => `b${i}`);
    const { branches, roadmap } = await entries(names);
    const cache = new ContextCache(new RecordingCounter());
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
