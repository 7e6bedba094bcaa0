// for-each-ref lines and --refs patterns.
import { describe, expect, it } from 'vitest';
import { fetchRefspec, parseRefLines, refPattern, rowIdOfRef } from './refs.ts';

const A = 'a'.repeat(40);
describe('parseRefLines', () => {
  it('keeps commits, with their author time; leaves tags and trees out', () => {
    const text = [`${A} commit 1700000000 refs/heads/gcc/laptop-x`, `${A} tag 0 refs/tags/v1`, `${A} tree  refs/heads/odd`, 'garbage', ''].join('\n');
    expect(parseRefLines(text)).toEqual([{ ref: 'refs/heads/gcc/laptop-x', commit: A, authorTime: 1700000000 }]);
  });
  it('names a row by the branch', () => expect(rowIdOfRef('refs/heads/gcc/a')).toBe('gcc/a'));
});

describe('refPattern', () => {
  it.each([
    ['gcc/*', 'refs/heads/gcc/*'],
    ['refs/heads/team-*', 'refs/heads/team-*'],
  ])('%s → %s', (glob, pattern) => expect(refPattern(glob)).toEqual({ pattern }));
  it('refuses what reads as an option', () => expect(refPattern('--exclude=x')).toHaveProperty('problem'));
});

describe('fetchRefspec', () => {
  it.each([
    ['refs/heads/', '+refs/heads/*:refs/heads/*'],
    ['refs/heads/gcc/*', '+refs/heads/gcc/*:refs/heads/gcc/*'],
    ['refs/heads/main', '+refs/heads/main:refs/heads/main'],
    ['refs/heads/*/gcc-*', '+refs/heads/*:refs/heads/*'],
    ['refs/tags/*', '+refs/heads/*:refs/heads/*'],
  ])('%s → %s', (pattern, spec) => expect(fetchRefspec(pattern)).toBe(spec));
});
