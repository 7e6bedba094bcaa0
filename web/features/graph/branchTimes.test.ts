// Each branch's place in time before the layout: commit times that never step back, the merge commit a merge snaps to,
// and the fixed order ties break by.
import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../../shared/api.ts';
import type { Commit } from '../../../shared/types.ts';
import { commitAtMerge, findMergeCommit, monotonicTimes, prepare } from './branchTimes.ts';

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

describe('commitAtMerge', () => {
  it('takes the last commit stamped at most a second before merged_at, not before the source ended, not taken', () => {
    const times = [ms(1), ms(9), ms(10), ms(12)];
    expect(commitAtMerge(times, ms(10), ms(5))).toBe(2);
    expect(commitAtMerge(times, ms(11), ms(5))).toBe(2);
    expect(commitAtMerge(times, ms(10), ms(5), new Set([2]))).toBe(1);
    expect(commitAtMerge(times, ms(10), ms(10) + 1)).toBeNull();
    expect(commitAtMerge(times, ms(8), ms(0))).toBeNull();
    expect(commitAtMerge(times, Number.NaN, ms(0))).toBeNull();
  });
});

describe('prepare pairs a merge with its merge commit', () => {
  const source = (mergedAt: string | null) =>
    branch('feat', {
      status: 'merged',
      mergedInto: 'main',
      metadata: { name: 'feat', purpose: '', createdFrom: 'main', createdAt: T(1), status: 'merged', mergedInto: 'main', mergedAt },
    });
  // Each dialect's stamps as the corpus shows them: merged_at just after the merge commit, or equal to the second.
  const cases: [string, string, string][] = [
    ['python', '2026-01-01T00:00:19.016190+00:00', '2026-01-01T00:00:19.016408+00:00'],
    ['typescript', '2026-01-01T00:00:20.223Z', '2026-01-01T00:00:20.224Z'],
    ['rust', '2026-01-01T00:00:17.459514025+00:00', '2026-01-01T00:00:17.459540225+00:00'],
    ['go, zig', '2026-01-01T00:00:18Z', '2026-01-01T00:00:18Z'],
    ['lua', '2026-01-01T00:00:58+00:00', '2026-01-01T00:00:58+00:00'],
    ['elixir', '2026-01-01T00:00:19.913929Z', '2026-01-01T00:00:19.917528Z'],
  ];
  for (const [dialect, commitAt, mergedAt] of cases) {
    it(`by merged_at when a hand edit rewrote its text (${dialect})`, () => {
      const main = [commit(T(0), 'start'), commit(T(2), 'more'), commit(commitAt, 'Rewritten by hand: **JWT** landed')];
      const out = prepare({ branches: [branch('main'), source(mergedAt)], commits: { main, feat: [commit(T(3))] } });
      expect(out[1]!.merge!.snapTo).toBe(2);
    });
  }

  it('by its text first, and never to a commit naming another merge', () => {
    const main = [commit(T(2), 'Merged branch `feat` (1 commits).'), commit(T(10), 'Merged branch `other` (1 commits).')];
    const [, feat] = prepare({ branches: [branch('main'), source(T(3))], commits: { main, feat: [commit(T(1))] } });
    expect(feat!.merge!.snapTo).toBe(0);
    const [, late] = prepare({ branches: [branch('main'), source(T(10))], commits: { main: [commit(T(0)), main[1]!], feat: [commit(T(1))] } });
    expect(late!.merge!.snapTo).toBeNull();
  });

  it('not at all without merged_at, or when the only commit near it is older than the source', () => {
    const main = [commit(T(0)), commit(T(4), 'ordinary work')];
    expect(prepare({ branches: [branch('main'), source(null)], commits: { main, feat: [commit(T(3))] } })[1]!.merge!.snapTo).toBeNull();
    expect(prepare({ branches: [branch('main'), source(T(5))], commits: { main, feat: [commit(T(5))] } })[1]!.merge!.snapTo).toBeNull();
  });

  it('one commit to one merge when two edited merges share a second', () => {
    const meta = (name: string) => ({ name, purpose: '', createdFrom: 'main', createdAt: T(1), status: 'merged' as const, mergedInto: 'main', mergedAt: T(8) });
    const a = branch('a', { status: 'merged', mergedInto: 'main', metadata: meta('a') });
    const b = branch('b', { status: 'merged', mergedInto: 'main', metadata: meta('b') });
    const out = prepare({ branches: [branch('main'), a, b], commits: { main: [commit(T(8), 'edited'), commit(T(8), 'edited too')], a: [commit(T(2))], b: [commit(T(3))] } });
    expect(out.map((x) => x.merge?.snapTo)).toEqual([undefined, 1, 0]);
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
