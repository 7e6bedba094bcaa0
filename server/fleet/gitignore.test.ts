// A root's .gitignore read as git reads it, for folders.
import { describe, expect, it } from 'vitest';
import { gitignoreMatcher } from './gitignore.ts';

describe('gitignoreMatcher (folders)', () => {
  it('matches a bare name at any depth, an anchored one only at the root', () => {
    const ignored = gitignoreMatcher('build\n/out/\n# a comment\n\n');
    expect(ignored('build')).toBe(true);
    expect(ignored('a/b/build')).toBe(true);
    expect(ignored('out')).toBe(true);
    expect(ignored('a/out')).toBe(false);
    expect(ignored('builds')).toBe(false);
    expect(ignored('# a comment')).toBe(false);
  });

  it('reads *, ?, [..], ** and middle slashes', () => {
    const ignored = gitignoreMatcher('tmp-*\nv?\n[abc]x\ndocs/**/gen\nlogs/old\n**/cache');
    expect(ignored('tmp-1')).toBe(true);
    expect(ignored('q/tmp-')).toBe(true);
    expect(ignored('v1')).toBe(true);
    expect(ignored('v12')).toBe(false);
    expect(ignored('bx')).toBe(true);
    expect(ignored('dx')).toBe(false);
    expect(ignored('docs/gen')).toBe(true);
    expect(ignored('docs/a/b/gen')).toBe(true);
    expect(ignored('x/docs/gen')).toBe(false);
    expect(ignored('logs/old')).toBe(true);
    expect(ignored('x/logs/old')).toBe(false);
    expect(ignored('a/b/cache')).toBe(true);
    expect(ignored('cache')).toBe(true);
  });

  it('lets a later ! rule re-include, the last match winning', () => {
    const ignored = gitignoreMatcher('agents-*\n!agents-keep\n');
    expect(ignored('agents-1')).toBe(true);
    expect(ignored('agents-keep')).toBe(false);
    expect(gitignoreMatcher('!x\nx')('x')).toBe(true);
  });

  it('takes escaped # and ! literally, and a trailing ** as everything below', () => {
    const ignored = gitignoreMatcher('\\#notes\nvendor/**\n');
    expect(ignored('#notes')).toBe(true);
    expect(ignored('vendor/a')).toBe(true);
    expect(ignored('vendor/a/b')).toBe(true);
  });
});
