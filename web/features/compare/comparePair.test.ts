import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../../shared/api.ts';
import { comparePair } from './comparePair.ts';

const branch = (name: string, createdFrom: string | null, status: 'active' | 'merged' | 'abandoned', lastActivity: string, mergedInto: string | null = null): BranchSummary => ({
  name,
  metadata: null,
  purpose: null,
  createdFrom,
  status,
  mergedInto,
  dialect: 'python',
  commitCount: 1,
  stepCount: 1,
  lastActivity,
});

// The python corpus's shape: auth-jwt merged into main, auth-session active, plus an abandoned and an older active.
const BRANCHES = [
  branch('main', null, 'active', '2026-12-02T14:01:50Z'),
  branch('auth-jwt', 'main', 'merged', '2026-12-02T14:01:45Z', 'main'),
  branch('auth-session', 'main', 'active', '2026-12-02T14:01:55Z'),
  branch('old-try', 'main', 'active', '2026-12-01T09:00:00Z'),
  branch('dead-end', 'main', 'abandoned', '2026-12-03T09:00:00Z'),
  branch('deeper', 'auth-session', 'active', '2026-12-02T14:02:00Z'),
];

describe('the pair the compare tab shows first', () => {
  it('on main: the most recently active unmerged branch created from it, into main (not a merged one)', () => {
    expect(comparePair('main', BRANCHES, null)).toEqual({ head: 'auth-session', base: 'main' });
  });

  it('on an active branch: into the branch it was created from', () => {
    expect(comparePair('deeper', BRANCHES, null)).toEqual({ head: 'deeper', base: 'auth-session' });
    expect(comparePair('auth-session', BRANCHES, null)).toEqual({ head: 'auth-session', base: 'main' });
  });

  it('on a merged branch: with the branch it was merged into', () => {
    expect(comparePair('auth-jwt', BRANCHES, null)).toEqual({ head: 'auth-jwt', base: 'main' });
  });

  it('keeps a base the user picked, and ignores one that is the head itself or does not exist', () => {
    expect(comparePair('main', BRANCHES, 'auth-jwt')).toEqual({ head: 'main', base: 'auth-jwt' });
    expect(comparePair('main', BRANCHES, 'main')).toEqual({ head: 'auth-session', base: 'main' });
    expect(comparePair('auth-session', BRANCHES, 'gone')).toEqual({ head: 'auth-session', base: 'main' });
  });

  it('on a trunk whose children are all merged: the one merged last, into it (shown merged, never offered backwards)', () => {
    const done = [
      branch('main', null, 'active', 'x'),
      { ...branch('early', 'main', 'merged', 'x', 'main'), metadata: { name: 'early', purpose: '', createdFrom: 'main', createdAt: '2026-01-01T00:00:00Z', status: 'merged' as const, mergedInto: 'main', mergedAt: '2026-01-02T00:00:00Z' } },
      { ...branch('late', 'main', 'merged', 'x', 'main'), metadata: { name: 'late', purpose: '', createdFrom: 'main', createdAt: '2026-01-01T00:00:00Z', status: 'merged' as const, mergedInto: 'main', mergedAt: '2026-01-03T00:00:00Z' } },
    ];
    expect(comparePair('main', done, null)).toEqual({ head: 'late', base: 'main' });
  });

  it('on a lone trunk: the trunk with another branch, or nothing', () => {
    const lonely = [branch('main', null, 'active', 'x'), branch('elsewhere', null, 'active', 'x')];
    expect(comparePair('main', lonely, null)).toEqual({ head: 'main', base: 'elsewhere' });
    expect(comparePair('main', [branch('main', null, 'active', 'x')], null)).toEqual({ head: 'main', base: null });
  });
});
