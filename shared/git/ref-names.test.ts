// The pushed ref's name and the remote URLs accepted.
import { describe, expect, it } from 'vitest';
import { defaultRefName, pushRef, remoteUrlProblem } from './ref-names.ts';

describe('defaultRefName', () => {
  it.each([
    ['ci-runner-7', 'my project', 'ci-runner-7-my-project'],
    ['laptop.local', '..evil~^:name', 'laptop.local-evil-name'],
    ['.host', 'x.lock', 'host-x-lock'],
    ['', '', 'host-workspace'],
  ])('%j + %j → %s', (host, folder, want) => expect(defaultRefName(host, folder)).toBe(want));
});

describe('pushRef', () => {
  it.each([
    ['gcc/agent-1', 'refs/heads/gcc/agent-1'],
    ['agent-1', 'refs/heads/gcc/agent-1'],
    ['refs/heads/gcc/a/b', 'refs/heads/gcc/a/b'],
  ])('%s → %s', (given, ref) => expect(pushRef(given)).toEqual({ ref }));
  it.each(['gcc/', 'gcc/a..b', 'gcc/a b', 'gcc/-x/.hidden', 'gcc/x.lock', 'gcc/a~1', 'gcc/a:b'])('%j is refused', (given) => expect(pushRef(given)).toHaveProperty('problem'));
});

describe('remoteUrlProblem', () => {
  it('refuses a password, says to use a credential helper', () => expect(remoteUrlProblem('https://me:hunter2@example.com/r.git')).toMatch(/credential helper/));
  it.each(['https://me@example.com/r.git', 'git@github.com:o/r.git', 'file:///tmp/r', '/tmp/r', 'origin'])('takes %s', (url) => expect(remoteUrlProblem(url)).toBeNull());
  it('refuses what reads as an option', () => expect(remoteUrlProblem('--upload-pack=x')).not.toBeNull());
});
