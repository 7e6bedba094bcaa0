// The git:<sha> grammar, git log's records, and a prefix that names one commit, none or several.
import { describe, expect, it } from 'vitest';
import { findGitMoment, gitMomentPrefix, parseGitLog } from './git-moments.ts';

const A = 'a'.repeat(40);
const B = 'ab' + 'c'.repeat(38);

describe('git moments', () => {
  it.each([
    ['git:abcd', 'abcd'],
    [`git:${A}`, A],
    ['git:abc', null],
    ['git:xyz1', null],
    ['2026-01-01T00:00:00Z', null],
  ])('%s → %s', (text, prefix) => expect(gitMomentPrefix(text)).toBe(prefix));

  it('reads git log -z records, a subject with a newline kept', () => {
    const text = `${A}\x002026-01-02T03:04:05+01:00\x00push: one\nline two\x00\n${B}\x002026-01-01T00:00:00Z\x00first`;
    expect(parseGitLog(text)).toEqual([
      { commit: A, time: '2026-01-02T03:04:05+01:00', ms: Date.parse('2026-01-02T02:04:05Z'), subject: 'push: one\nline two' },
      { commit: B, time: '2026-01-01T00:00:00Z', ms: Date.parse('2026-01-01T00:00:00Z'), subject: 'first' },
    ]);
  });

  it('finds the one commit a prefix names, and says when it names none or several', () => {
    const moments = parseGitLog(`${A}\x002026-01-01T00:00:00Z\x00x\x00${B}\x002026-01-01T00:00:00Z\x00y`);
    expect(findGitMoment(moments, 'abc')).toEqual({ moment: moments[1] });
    expect(findGitMoment(moments, 'a')).toMatchObject({ problem: expect.stringMatching(/names 2 commits/) });
    expect(findGitMoment(moments, 'ffff')).toMatchObject({ problem: expect.stringMatching(/no commit that changed .GCC\/ starts with ffff/) });
  });
});
