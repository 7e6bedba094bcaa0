// Counting tokens within a budget: exact where it can, a lower bound where a run is too long.
import fc from 'fast-check';
import bpeRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { countTokens, countTokensWithin, exactCountsByK } from './count.ts';
import { LONGEST_TOKEN_BYTES, lowerBoundTokens, utf8Length } from './token-bounds.ts';
import { CUT_SHORT, isCutShort, TokenCountCache, tokenCountsByK, tokensOf } from './tokens.ts';

const alphabet = ['a', 'Zz', 'é', '中', '\u0301', '7', '٣4', "'s", '-', '/', '#', '`', '—', '😀', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '<|endoftext|>'];
const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }).map((a) => a.join(''));

describe('countTokensWithin', () => {
  it('equals countTokens when nothing is cut short, however the text is cut into runs', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 12 }), (t, runLength) => {
        expect(countTokensWithin(t, { runLength })).toBe(countTokens(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives a chunk too long to merge a lower bound, and says the count is cut short', () => {
    const word = 'abcdefghij'.repeat(300);
    const t = `lead words ${word} tail words\n`;
    const count = countTokensWithin(t, { maxExactChunk: 1000 });
    expect(isCutShort(count)).toBe(true);
    expect(tokensOf(count)).toBeLessThanOrEqual(countTokens(t));
    expect(tokensOf(count)).toBe(countTokens('lead words') + lowerBoundTokens(` ${word}`) + countTokens(' tail words\n'));
  });

  it('counts a 10 MB run without a space at once, as a lower bound', () => {
    const started = performance.now();
    const count = countTokensWithin('x'.repeat(10_000_000));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(count).toBe(CUT_SHORT + Math.ceil(10_000_000 / LONGEST_TOKEN_BYTES));
  });

  it('bounds what is left when the deadline has passed', () => {
    const t = 'word '.repeat(40_000);
    const count = countTokensWithin(t, { deadline: 0, runLength: 1000 });
    expect(isCutShort(count)).toBe(true);
    expect(tokensOf(count)).toBeGreaterThan(0);
    expect(tokensOf(count)).toBeLessThan(countTokens(t));
  });

  it('knows the longest token of o200k_base and the UTF-8 length of any text', () => {
    const encoder = new TextEncoder();
    let longest = 0;
    for (const value of bpeRanks as readonly (string | readonly number[] | undefined)[]) {
      if (value === undefined) continue;
      longest = Math.max(longest, typeof value === 'string' ? encoder.encode(value).length : value.length);
    }
    expect(longest).toBe(LONGEST_TOKEN_BYTES);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8Length(s)).toBe(encoder.encode(s).length);
      }),
    );
  });
});

describe('tokenCountsByK with a lookup that lacks counts', () => {
  const range = { start: 0, end: 1 };
  const commits: Commit[] = Array.from({ length: 6 }, (_, i) => ({
    commitId: `c${i}`,
    branchName: 'main',
    branchPurpose: 'p',
    previousProgressSummary: `done ${i}`,
    thisCommitContribution: `part ${i}\n---\nend`,
    timestamp: 'T',
    range,
  }));
  const steps: OtaStep[] = [{ step: 1, timestamp: 'T', observation: 'o', thought: 't', action: 'a', range }];

  it('names the texts it lacks, leaves its cache as it was, and then equals the exact counts', () => {
    const cache = new TokenCountCache();
    const input = { branch: 'main', roadmap: '# R\n', commits: commits.slice(0, 4), steps };
    exactCountsByK(input, 'python', cache);
    const grown = { ...input, commits };
    const known = new Map<string, number>();
    let result = tokenCountsByK(grown, 'python', cache, (t) => known.get(t));
    let rounds = 0;
    while (!result.ok) {
      expect(result.missing.length).toBeGreaterThan(0);
      for (const t of result.missing) known.set(t, countTokens(t));
      result = tokenCountsByK(grown, 'python', cache, (t) => known.get(t));
      rounds++;
    }
    expect(rounds).toBe(1);
    expect(result.counts).toEqual(exactCountsByK(grown, 'python'));
  });

  it('carries a cut-short count into every K that shows the text', () => {
    const long = 'y'.repeat(3000);
    const input = { branch: 'main', roadmap: '# R\n', commits: [...commits.slice(0, 5), { ...commits[5]!, thisCommitContribution: long }], steps };
    const count = (t: string) => countTokensWithin(t, { maxExactChunk: 1000 });
    const result = tokenCountsByK(input, 'python', new TokenCountCache(), count);
    if (!result.ok) throw new Error('the lookup counts everything');
    const exact = exactCountsByK(input, 'python');
    result.counts.forEach((c, i) => {
      // Python shows the newest K commits: every K shows the long one.
      expect(isCutShort(c)).toBe(true);
      expect(tokensOf(c)).toBeLessThan(exact[i]!);
    });
  });
});
