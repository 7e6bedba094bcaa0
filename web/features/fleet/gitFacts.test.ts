// The words under a git row.
import { describe, expect, it } from 'vitest';
import { gitFactsText } from './gitFacts.ts';

const facts = { url: 'file:///r', ref: 'refs/heads/gcc/a', commit: '0123456789abcdef0123456789abcdef01234567', pushedAt: 1_000_000, fetchedAt: 1_060_000, stale: null, rewrittenFrom: null };

describe('gitFactsText', () => {
  it('names the commit and when it was pushed', () => expect(gitFactsText(facts, 1_120_000)).toEqual({ line: '0123456789 · pushed 2 min ago', stale: null, rewritten: null }));
  it('says a row is stale, with git\'s reason, and a rewritten ref', () => {
    const t = gitFactsText({ ...facts, stale: 'cannot fetch file:///r: does not appear to be a git repository', rewrittenFrom: 'fedcba9876543210fedcba9876543210fedcba98' }, 1_120_000);
    expect(t.stale).toBe('stale: cannot fetch file:///r: does not appear to be a git repository (last fetched 1 min ago)');
    expect(t.rewritten).toMatch(/^rewritten: the ref no longer descends from fedcba9876/);
  });
});
