// The header's root: a folder unchanged, a git row's remote without what a cut from the start would garble.
import { describe, expect, it } from 'vitest';
import { remotePlace, rootLabel } from './rootLabel.ts';

describe('rootLabel', () => {
  it('leaves a folder as it is', () => {
    expect(rootLabel('/home/me/projects/agent one')).toEqual({ place: '/home/me/projects/agent one', ref: null });
  });

  it('shows a git row by its remote, its ref apart', () => {
    expect(rootLabel('file:///tmp/tour/remote.git refs/heads/gcc/python')).toEqual({ place: '/tmp/tour/remote.git', ref: 'refs/heads/gcc/python' });
    expect(rootLabel('/srv/memory with space.git refs/heads/gcc/a')).toEqual({ place: '/srv/memory with space.git', ref: 'refs/heads/gcc/a' });
  });

  it('drops the scheme and any user or secret from a URL, keeps the host and the path', () => {
    expect(remotePlace('https://bot:t0ken@github.com/org/agents.git')).toBe('github.com/org/agents.git');
    expect(remotePlace('ssh://git@example.org:2222/srv/agents.git')).toBe('example.org:2222/srv/agents.git');
    expect(remotePlace('git@github.com:org/agents.git')).toBe('github.com:org/agents.git');
    expect(remotePlace('file://localhost/srv/agents.git')).toBe('/srv/agents.git');
  });
});
