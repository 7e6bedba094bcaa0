// Searching steps and commits on every branch.
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from './types.ts';
import { containsText, searchRecords, snippetAround } from './search.ts';

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
    { name: 'main', commits: [commit('aaaa1111', 'Added Redis cache')], steps: [step(1, 'nothing'), step(2, 'redis is slow')] },
    { name: 'side', commits: [], steps: [step(1, 'x'), step(2, 'y'), step(1, 'x', 'docker compose up redis')] },
  ];

  it('finds steps and commits on every branch, case-insensitively, naming the field', () => {
    const m = searchRecords('REDIS', branches, 10);
    expect(m.map((x) => [x.branch, x.kind, x.index, x.field])).toEqual([
      ['main', 'commit', 0, 'thisCommitContribution'],
      ['main', 'step', 1, 'observation'],
      ['side', 'step', 2, 'action'],
    ]);
    expect(m[2]!.step).toBe(1);
    expect(m[0]!.commitId).toBe('aaaa1111');
  });

  it('stops at the limit and ignores blank queries', () => {
    expect(searchRecords('redis', branches, 2)).toHaveLength(2);
    expect(searchRecords('  ', branches, 10)).toEqual([]);
    expect(searchRecords('absent', branches, 10)).toEqual([]);
  });

  it('lists the newest records first', () => {
    const steps = [step(1, 'deploy one'), step(2, 'deploy two'), step(3, 'deploy three')];
    expect(searchRecords('deploy', [{ name: 'b', commits: [], steps }], 2).map((m) => m.index)).toEqual([2, 1]);
  });
});

describe('snippetAround', () => {
  it('centres on the match and marks cuts', () => {
    const text = 'x'.repeat(100) + ' needle ' + 'y'.repeat(100);
    const s = snippetAround(text, 'needle', 10);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('needle');
  });
  it('flattens whitespace', () => {
    expect(snippetAround('a\n\n  b', 'b')).toBe('a b');
  });
});

describe('containsText', () => {
  it('is case-insensitive and false for blank queries', () => {
    expect(containsText('Hello', 'hell')).toBe(true);
    expect(containsText('Hello', ' ')).toBe(false);
  });
});
