// The fleet's badges judged from rows: stalled (by the rule Last activity keeps too), looping, and the healthy agent with none.
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, judgeRow, lastActiveAt, STALLED_BASIS, wordOverlap } from './badges.ts';
import type { BranchHealth, FleetRow } from './fleet-api.ts';
import { decodeFleetSince, encodeFleetSince } from './fleet-api.ts';

const NOW = 1_800_000_000_000;
const MIN = 60_000;

function branch(over: Partial<BranchHealth> = {}): BranchHealth {
  return { name: 'main', status: 'active', createdFrom: null, mergedInto: null, commitCount: 1, stepCount: 3, lastStepAt: NOW - MIN, stepsSinceCommit: 0, recent: [], ...over };
}

function row(branches: BranchHealth[], over: Partial<FleetRow> = {}): FleetRow {
  return {
    id: 'w', path: '/r/w', state: 'live', version: 1, dialects: ['python'], branches: { active: 1, merged: 0, abandoned: 0, other: 0 },
    steps: 3, commits: 1, lastActivityAt: NOW - MIN, stepsPerMinute: [], branchHealth: branches, errors: { count: 0, messages: [] }, lastEditAt: null, ...over,
  };
}

const kinds = (r: FleetRow, t = DEFAULT_THRESHOLDS) => judgeRow(r, t, NOW).map((b) => b.kind);
const steps = (pairs: [string, string][]) => pairs.map(([action, observation]) => ({ action, observation }));

describe('judgeRow', () => {
  it('gives a healthy agent no badge', () => {
    expect(kinds(row([branch()]))).toEqual([]);
  });

  it('calls an active branch stalled after the threshold, never a merged or abandoned one', () => {
    expect(kinds(row([branch({ lastStepAt: NOW - 11 * MIN })]))).toEqual(['stalled']);
    expect(kinds(row([branch({ lastStepAt: NOW - 9 * MIN })]))).toEqual([]);
    expect(kinds(row([branch({ lastStepAt: NOW - 3_000 })]), { ...DEFAULT_THRESHOLDS, stalledSeconds: 2 })).toEqual(['stalled']);
    expect(kinds(row([branch({ status: 'merged', lastStepAt: NOW - 99 * MIN })]))).toEqual([]);
    expect(kinds(row([branch({ status: 'abandoned', lastStepAt: NOW - 99 * MIN })]))).toEqual([]);
    expect(judgeRow(row([branch({ lastStepAt: NOW - 12 * MIN })]), DEFAULT_THRESHOLDS, NOW)[0]!.reason).toBe(`main: no new step for 12 min\n${STALLED_BASIS}`);
  });

  it('calls five repeats of one action, or near-identical observations, looping', () => {
    const same = steps([['run tests', 'a'], ['run  Tests', 'b'], ['run tests', 'c'], ['run tests', 'd'], ['run tests', 'e']]);
    expect(kinds(row([branch({ recent: same })]))).toEqual(['looping']);
    expect(kinds(row([branch({ recent: same.slice(1) })]))).toEqual([]);
    const differ = same.map((s, i) => ({ ...s, action: `step ${i}` }));
    expect(kinds(row([branch({ recent: differ })]))).toEqual([]);
    const echo = steps(Array.from({ length: 5 }, (_, i) => [`try ${i}`, `the build fails with error E42 in module auth at line ${i === 4 ? 10 : 10}`]));
    expect(kinds(row([branch({ recent: echo })]))).toEqual(['looping']);
    const drift = steps(Array.from({ length: 5 }, (_, i) => [`try ${i}`, `observation number ${i} about ${'abcde'[i]} things`]));
    expect(kinds(row([branch({ recent: drift })]))).toEqual([]);
    expect(wordOverlap('a b c', 'a b c')).toBe(1);
    expect(wordOverlap('a b', 'c d')).toBe(0);
  });

  it('counts steps since the last commit against the uncommitted threshold', () => {
    expect(kinds(row([branch({ stepsSinceCommit: 51 })]))).toEqual(['uncommitted']);
    expect(kinds(row([branch({ stepsSinceCommit: 50 })]))).toEqual([]);
    expect(kinds(row([branch({ stepsSinceCommit: 51 })]), { ...DEFAULT_THRESHOLDS, uncommittedSteps: 100 })).toEqual([]);
  });

  it('calls a branch with commits its existing base has not got ready to merge', () => {
    const base = branch();
    expect(kinds(row([base, branch({ name: 'feat', createdFrom: 'main', commitCount: 2 })]))).toEqual(['ready']);
    expect(kinds(row([base, branch({ name: 'feat', createdFrom: 'main', commitCount: 0 })]))).toEqual([]);
    expect(kinds(row([base, branch({ name: 'feat', createdFrom: 'main', status: 'merged', mergedInto: 'main' })]))).toEqual([]);
    expect(kinds(row([branch({ name: 'feat', createdFrom: 'gone-base', commitCount: 2 })]))).toEqual([]);
  });

  it('calls doctor errors damaged and an edit after the last step edited by hand', () => {
    expect(judgeRow(row([branch()], { errors: { count: 2, messages: ['bad yaml', 'torn log'] } }), DEFAULT_THRESHOLDS, NOW)).toEqual([
      { kind: 'damaged', reason: '2 doctor errors: bad yaml; torn log' },
    ]);
    expect(kinds(row([branch()], { lastEditAt: NOW - 1_000 }))).toEqual(['edited']);
    expect(kinds(row([branch()], { lastEditAt: NOW - 2 * MIN }))).toEqual([]);
  });

  it('judges nothing on a workspace that is gone, and names every branch in one reason', () => {
    expect(kinds(row([branch({ lastStepAt: 0 })], { state: 'gone' }))).toEqual([]);
    const two = judgeRow(row([branch({ lastStepAt: NOW - 20 * MIN }), branch({ name: 'b', lastStepAt: NOW - 30 * MIN })]), DEFAULT_THRESHOLDS, NOW);
    expect(two).toEqual([{ kind: 'stalled', reason: `main: no new step for 20 min\nb: no new step for 30 min\n${STALLED_BASIS}` }]);
  });

  it("takes a record's own time, or an append seen later, never nothing for something", () => {
    expect(lastActiveAt(NOW - 3 * 24 * 60 * MIN, null)).toBe(NOW - 3 * 24 * 60 * MIN);
    expect(lastActiveAt(NOW - 60 * MIN, NOW - MIN)).toBe(NOW - MIN);
    expect(lastActiveAt(NOW, NOW - MIN)).toBe(NOW);
    expect(lastActiveAt(null, null)).toBeNull();
  });
});

describe('fleet since', () => {
  it('round-trips ids with commas, colons and slashes', () => {
    const m = new Map([['a/b', 3], ['x:y,z', 0]]);
    expect(decodeFleetSince(encodeFleetSince(m))).toEqual(m);
    expect(decodeFleetSince('bad,:1,a:-1,b:x,%E0%A4%A:2,c:7')).toEqual(new Map([['c', 7]]));
  });
});
