import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../shared/types.ts';
import { searchRecords } from './searchRecords.ts';

const step = (n: number, observation: string, action = 'act'): OtaStep => ({
  step: n,
  timestamp: '2026-01-01T00:00:00Z',
  observation,
  thought: 'thinking',
  action,
  range: { start: 0, end: 0 },
});
const commit = (id: string, contribution: string): Commit => ({
  commitId: id,
  branchName: 'b',
  branchPurpose: 'purpose',
  previousProgressSummary: 'before',
  thisCommitContribution: contribution,
  timestamp: '2026-01-01T00:00:00Z',
  range: { start: 0, end: 0 },
});

describe('searchRecords', () => {
  const branches = [
    { name: 'main', commits: [commit('aaaa1111', 'Added Redis cache')], steps: [[0, step(1, 'nothing')], [1, step(2, 'redis is slow')]] as const },
    { name: 'side', commits: [], steps: [[5, step(1, 'x', 'docker compose up redis')]] as const },
  ];

  it('finds steps and commits on every branch, case-insensitively, naming the field', () => {
    const m = searchRecords('REDIS', branches, 10);
    expect(m.map((x) => [x.branch, x.kind, x.index, x.field])).toEqual([
      ['main', 'commit', 0, 'thisCommitContribution'],
      ['main', 'step', 1, 'observation'],
      ['side', 'step', 5, 'action'],
    ]);
    expect(m[2]!.step).toBe(1);
    expect(m[0]!.commitId).toBe('aaaa1111');
  });

  it('stops at the limit and ignores blank queries', () => {
    expect(searchRecords('redis', branches, 2)).toHaveLength(2);
    expect(searchRecords('  ', branches, 10)).toEqual([]);
    expect(searchRecords('absent', branches, 10)).toEqual([]);
  });
});
