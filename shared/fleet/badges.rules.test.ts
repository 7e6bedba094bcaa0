// The badge rules held against a plain reference written from their definitions: every rule × branch status ×
// threshold −1 / exact / +1 as a table, then fast-check over rows built near every threshold. Each of seven planted
// mistakes (a threshold off by one, a rule applied to merged or abandoned branches, empty observations counted as a
// loop) fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BADGE_KINDS, DEFAULT_THRESHOLDS, judgeRow, type BadgeKind, type BadgeThresholds } from './badges.ts';
import type { BranchHealth, FleetRow, RecentStep } from './fleet-api.ts';

const NOW = 1_800_000_000_000;
const STATUSES = ['active', 'merged', 'abandoned', null] as const;

/** The rules as the fleet page documents them, written plainly and apart from badges.ts. */
function referenceKinds(row: FleetRow, t: BadgeThresholds, now: number): BadgeKind[] {
  if (row.state === 'gone') return [];
  const words = (s: string) => s.trim().toLowerCase().split(/\s+/).filter((w) => w !== '');
  const same = (a: string, b: string) => words(a).join(' ') === words(b).join(' ');
  const overlap = (a: string, b: string) => {
    const x = [...new Set(words(a))];
    const y = [...new Set(words(b))];
    if (x.length === 0 && y.length === 0) return 1;
    const both = x.filter((w) => y.includes(w)).length;
    return both / (x.length + y.length - both);
  };
  const looping = (recent: RecentStep[]) => {
    const n = Math.max(2, t.loopingSteps);
    if (recent.length < n) return false;
    const last = recent.slice(recent.length - n);
    const oneAction = words(last[0]!.action).length > 0 && last.every((s) => same(s.action, last[0]!.action));
    const echoing = words(last[0]!.observation).length > 0 && last.every((s, i) => i === 0 || overlap(s.observation, last[i - 1]!.observation) >= t.similarObservation);
    return oneAction || echoing;
  };
  const names = row.branchHealth.map((b) => b.name);
  const found = new Set<BadgeKind>();
  for (const b of row.branchHealth) {
    if (b.status !== 'active') continue;
    if (b.lastStepAt !== null && now - b.lastStepAt > t.stalledSeconds * 1000) found.add('stalled');
    if (looping(b.recent)) found.add('looping');
    if (b.stepsSinceCommit > t.uncommittedSteps) found.add('uncommitted');
    if (b.commitCount > 0 && !b.mergedInto && b.createdFrom && b.createdFrom !== b.name && names.includes(b.createdFrom)) found.add('ready');
  }
  if (row.errors.count > 0) found.add('damaged');
  const steps = row.branchHealth.flatMap((b) => (b.lastStepAt === null ? [] : [b.lastStepAt]));
  if (row.lastEditAt !== null && steps.every((s) => row.lastEditAt! > s)) found.add('edited');
  return BADGE_KINDS.filter((k) => found.has(k));
}

const kinds = (row: FleetRow, t: BadgeThresholds = DEFAULT_THRESHOLDS) => judgeRow(row, t, NOW).map((b) => b.kind);

function health(over: Partial<BranchHealth> = {}): BranchHealth {
  return { name: 'feat', status: 'active', createdFrom: null, mergedInto: null, commitCount: 0, stepCount: 1, lastStepAt: NOW, stepsSinceCommit: 0, recent: [], ...over };
}

function rowOf(branches: BranchHealth[], over: Partial<FleetRow> = {}): FleetRow {
  return {
    id: 'w', path: '/w', state: 'live', version: 1, dialects: ['python'], branches: { active: 0, merged: 0, abandoned: 0, other: 0 },
    steps: 0, commits: 0, lastActivityAt: null, stepsPerMinute: [], branchHealth: branches, errors: { count: 0, messages: [] }, lastEditAt: null, ...over,
  };
}

const repeat = (n: number, step: RecentStep): RecentStep[] => Array.from({ length: n }, () => ({ ...step }));

/** One branch that sits at `offset` from each rule's threshold (−1, 0 exact, +1), with the given status. */
const AT_THRESHOLD: Record<'stalled' | 'looping' | 'uncommitted' | 'ready', (status: BranchHealth['status'], offset: number) => FleetRow> = {
  // No step for stalledSeconds + offset seconds (past the threshold only at +1).
  stalled: (status, offset) => rowOf([health({ status, lastStepAt: NOW - (DEFAULT_THRESHOLDS.stalledSeconds + offset) * 1000 })]),
  // loopingSteps + offset repeats of one action, after a different one.
  looping: (status, offset) => rowOf([health({ status, recent: [{ action: 'other', observation: 'x' }, ...repeat(DEFAULT_THRESHOLDS.loopingSteps + offset, { action: 'run tests', observation: '' })] })]),
  // uncommittedSteps + offset steps since the last commit.
  uncommitted: (status, offset) => rowOf([health({ status, stepsSinceCommit: DEFAULT_THRESHOLDS.uncommittedSteps + offset })]),
  // 1 + offset commits its base has not got (0 at −1).
  ready: (status, offset) => rowOf([health({ name: 'main', commitCount: 1 }), health({ status, createdFrom: 'main', commitCount: 1 + offset })]),
};
/** Whether the rule fires at −1, exact and +1 for an active branch. */
const FIRES: Record<keyof typeof AT_THRESHOLD, [boolean, boolean, boolean]> = {
  stalled: [false, false, true],
  looping: [false, true, true],
  uncommitted: [false, false, true],
  ready: [false, true, true],
};

describe('each rule × branch status × threshold −1 / exact / +1', () => {
  for (const [rule, build] of Object.entries(AT_THRESHOLD) as [keyof typeof AT_THRESHOLD, (typeof AT_THRESHOLD)[keyof typeof AT_THRESHOLD]][]) {
    for (const status of STATUSES) {
      [-1, 0, 1].forEach((offset, i) => {
        const expected = status === 'active' && FIRES[rule][i];
        it(`${rule}, ${status ?? 'no metadata'}, ${offset < 0 ? '−1' : offset > 0 ? '+1' : 'exact'}: ${expected ? 'fires' : 'silent'}`, () => {
          const row = build(status, offset);
          expect(kinds(row).includes(rule)).toBe(expected);
          expect(kinds(row)).toEqual(referenceKinds(row, DEFAULT_THRESHOLDS, NOW));
        });
      });
    }
  }

  it('similar observations: overlap at the threshold loops, just under does not, empty ones never', () => {
    const obs = (text: string) => repeat(DEFAULT_THRESHOLDS.loopingSteps, { action: '', observation: text }).map((s, i) => ({ ...s, action: `try ${i}` }));
    expect(kinds(rowOf([health({ recent: obs('the build fails at line ten') })]))).toEqual(['looping']);
    // Neighbours share 9 of their 11 words: an overlap of 9/11, a loop from a threshold of 9/11 and not above it.
    const drift = Array.from({ length: 5 }, (_, i) => ({ action: `try ${i}`, observation: `a b c d e f g h i w${i % 2}` }));
    const t = { ...DEFAULT_THRESHOLDS, similarObservation: 0.95 };
    expect(kinds(rowOf([health({ recent: drift })]), t)).toEqual(referenceKinds(rowOf([health({ recent: drift })]), t, NOW));
    expect(kinds(rowOf([health({ recent: drift })]), { ...DEFAULT_THRESHOLDS, similarObservation: 9 / 11 })).toEqual(['looping']);
    expect(kinds(rowOf([health({ recent: drift })]), { ...DEFAULT_THRESHOLDS, similarObservation: 9 / 11 + 1e-9 })).toEqual([]);
    expect(kinds(rowOf([health({ recent: obs('') })]))).toEqual([]);
    expect(kinds(rowOf([health({ recent: obs('   ') })]))).toEqual([]);
  });

  it('damaged from doctor errors and edited after the last step, on any status; nothing on a gone workspace', () => {
    for (const status of STATUSES) {
      expect(kinds(rowOf([health({ status })], { errors: { count: 1, messages: ['e'] } }))).toContain('damaged');
      expect(kinds(rowOf([health({ status, lastStepAt: NOW - 2 })], { lastEditAt: NOW - 1 }))).toContain('edited');
      expect(kinds(rowOf([health({ status, lastStepAt: NOW - 1 })], { lastEditAt: NOW - 1 }))).not.toContain('edited');
    }
    expect(kinds(rowOf([health({ lastStepAt: 0, stepsSinceCommit: 1e6 })], { state: 'gone', errors: { count: 3, messages: [] } }))).toEqual([]);
  });
});

describe('against the reference', () => {
  const word = fc.constantFrom('run', 'tests', 'build', 'fails', 'at', 'line', '42', 'Run', '');
  const text = fc.tuple(fc.array(word, { maxLength: 6 }), fc.constantFrom(' ', '  ', '\t')).map(([ws, gap]) => ws.join(gap));
  const recentStep = fc.record({ action: text, observation: text });
  const thresholds = fc.record({
    stalledSeconds: fc.integer({ min: 1, max: 900 }),
    loopingSteps: fc.integer({ min: 1, max: 6 }),
    similarObservation: fc.constantFrom(0.5, 0.8, 0.9, 1),
    uncommittedSteps: fc.integer({ min: 1, max: 60 }),
  });
  /** Whole seconds or steps around a threshold. */
  const near = fc.integer({ min: -2, max: 2 });
  const branchFor = (t: BadgeThresholds, names: string[]) =>
    fc.record({
      name: fc.constantFrom(...names),
      status: fc.constantFrom(...STATUSES),
      createdFrom: fc.constantFrom(null, '', ...names, 'elsewhere'),
      mergedInto: fc.constantFrom(null, 'main'),
      commitCount: fc.integer({ min: 0, max: 3 }),
      stepCount: fc.integer({ min: 0, max: 9 }),
      // Seconds around the stall threshold, and a millisecond either side of each.
      lastStepAt: fc.option(fc.tuple(near, fc.constantFrom(-1, 0, 1)).map(([d, ms]) => NOW - (t.stalledSeconds + d) * 1000 + ms), { nil: null }),
      stepsSinceCommit: near.map((d) => Math.max(0, t.uncommittedSteps + d)),
      recent: fc.oneof(
        fc.array(recentStep, { maxLength: 7 }),
        fc.tuple(recentStep, fc.integer({ min: 0, max: 7 })).map(([s, n]) => repeat(n, s)),
      ),
    });
  const rowFor = (t: BadgeThresholds) =>
    fc.record({
      branchHealth: fc.array(branchFor(t, ['main', 'feat', 'fix']), { maxLength: 4 }),
      errors: fc.integer({ min: 0, max: 2 }).map((count) => ({ count, messages: [] as string[] })),
      lastEditAt: fc.option(fc.integer({ min: -2, max: 2 }).map((d) => NOW - t.stalledSeconds * 1000 + d), { nil: null }),
      state: fc.constantFrom('live', 'waiting', 'gone') as fc.Arbitrary<FleetRow['state']>,
    });

  it('gives the badges the reference gives, on rows near every threshold', () => {
    fc.assert(
      fc.property(
        thresholds.chain((t) => fc.tuple(fc.constant(t), rowFor(t))),
        ([t, parts]) => {
          const row = rowOf(parts.branchHealth, { errors: parts.errors, lastEditAt: parts.lastEditAt, state: parts.state });
          expect(kinds(row, t)).toEqual(referenceKinds(row, t, NOW));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
