// Each branch's place in time before the layout: commit times that never step back, the merge commit a merge snaps to,
// and the fixed order ties break by.
import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../../shared/api.ts';
import type { Commit } from '../../../shared/types.ts';
import { findMergeCommit, monotonicTimes, prepare } from './branchTimes.ts';

const T = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const ms = (s: number) => Date.UTC(2026, 0, 1, 0, 0, s);

function commit(timestamp: string, contribution = 'work'): Commit {
  return { commitId: 'c', branchName: 'b', branchPurpose: '', previousProgressSummary: '', thisCommitContribution: contribution, timestamp, range: { start: 0, end: 0 } };
}

function branch(name: string, extra: Partial<BranchSummary> = {}): BranchSummary {
  return { name, metadata: null, purpose: null, createdFrom: null, status: null, mergedInto: null, dialect: 'python', commitCount: 0, stepCount: 0, lastActivity: T(0), ...extra };
}

describe('monotonicTimes', () => {
  it('keeps the previous time where a clock stepped back or a timestamp does not parse', () => {
    expect(monotonicTimes([commit(T(5)), commit(T(2)), commit('garbage'), commit(T(9))], ms(1))).toEqual([ms(5), ms(5), ms(5), ms(9)]);
    expect(monotonicTimes([commit(T(1))], ms(3))).toEqual([ms(3)]);
    expect(monotonicTimes([], ms(3))).toEqual([]);
  });
});

describe('findMergeCommit', () => {
  const mark = 'Merged branch `feat` into main';
  it('picks the commit naming the branch closest to the merge time, within five seconds', () => {
    const commits = [commit(T(10), mark), commit(T(13), 'other work'), commit(T(14), mark), commit(T(30), mark)];
    expect(findMergeCommit(commits, 'feat', ms(13))).toBe(2);
    expect(findMergeCommit(commits, 'feat', ms(20))).toBeNull();
    expect(findMergeCommit(commits, 'other', ms(13))).toBeNull();
  });

  it('counts an unknown time as at the limit: a closer known one wins, else the first', () => {
    expect(findMergeCommit([commit('garbage', mark), commit(T(1), mark)], 'feat', ms(1))).toBe(1);
    expect(findMergeCommit([commit('garbage', mark)], 'feat', ms(1))).toBe(0);
    expect(findMergeCommit([commit(T(1), mark), commit(T(2), mark)], 'feat', Number.NaN)).toBe(0);
  });
});

describe('prepare', () => {
  it('orders main first, then by name, and merges only into a known other branch', () => {
    const out = prepare({
      branches: [
        branch('zeta', { status: 'merged', mergedInto: 'main' }),
        branch('alpha', { status: 'merged', mergedInto: 'nowhere' }),
        branch('main'),
      ],
      commits: { zeta: [commit(T(4))] },
    });
    expect(out.map((b) => [b.name, b.order])).toEqual([
      ['main', 0],
      ['alpha', 1],
      ['zeta', 2],
    ]);
    expect(out[1]!.merge).toBeNull();
    expect(out[2]!.merge).toEqual({ target: 'main', time: ms(4), snapTo: null });
  });

  it('starts a branch at its first commit when that is earlier than its creation', () => {
    const [b] = prepare({ branches: [branch('main', { lastActivity: T(9) })], commits: { main: [commit(T(3)), commit(T(6))] } });
    expect(b!.start).toBe(ms(3));
    expect(b!.commitTimes).toEqual([ms(3), ms(6)]);
  });
});
