import { CORPUS } from '../../../fixtures/corpus.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { BranchSummary } from '../../../shared/api.ts';
import type { BranchMetadata, Commit } from '../../../shared/types.ts';
import { layoutGraph, type LayoutInput } from './layout.ts';

interface Expected {
  branches: Record<string, { commits: Omit<Commit, 'range'>[]; metadata: BranchMetadata }>;
}

function fixtureInput(lang: string): LayoutInput {
  const expected = JSON.parse(readFileSync(join(CORPUS, lang, 'expected.json'), 'utf8')) as Expected;
  const branches: BranchSummary[] = [];
  const commits: Record<string, Commit[]> = {};
  for (const [name, b] of Object.entries(expected.branches)) {
    branches.push(summary(name, b.metadata));
    commits[name] = b.commits.map((c) => ({ ...c, range: { start: 0, end: 0 } }));
  }
  return { branches, commits };
}

function summary(name: string, m: Partial<BranchMetadata> & { createdAt: string }): BranchSummary {
  const metadata: BranchMetadata = {
    name,
    purpose: m.purpose ?? `purpose of ${name}`,
    createdFrom: m.createdFrom ?? 'main',
    createdAt: m.createdAt,
    status: m.status ?? 'active',
    mergedInto: m.mergedInto ?? null,
    mergedAt: m.mergedAt ?? null,
  };
  return {
    name,
    metadata,
    purpose: metadata.purpose,
    createdFrom: metadata.createdFrom,
    status: metadata.status,
    mergedInto: metadata.mergedInto,
    dialect: 'python',
    commitCount: 0,
    stepCount: 0,
    lastActivity: null,
  };
}

function commit(branch: string, id: string, timestamp: string, contribution = `work ${id}`): Commit {
  return {
    commitId: id,
    branchName: branch,
    branchPurpose: '',
    previousProgressSummary: '',
    thisCommitContribution: contribution,
    timestamp,
    range: { start: 0, end: 0 },
  };
}

const T = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

describe('layoutGraph on the corpus', () => {
  for (const lang of ['python', 'typescript', 'rust', 'go', 'lua', 'elixir']) {
    it(`${lang}: one node per commit, one start per branch, auth-jwt merged into main's merge commit`, () => {
      const input = fixtureInput(lang);
      const g = layoutGraph(input);
      const commitCount = Object.values(input.commits).reduce((n, c) => n + (c?.length ?? 0), 0);
      expect(g.nodes.filter((n) => n.kind === 'commit')).toHaveLength(commitCount);
      expect(g.nodes.filter((n) => n.kind === 'start')).toHaveLength(input.branches.length);
      expect(new Set(g.nodes.map((n) => n.id)).size).toBe(g.nodes.length);

      const lane = (b: string) => g.branches.find((p) => p.name === b)!.lane;
      expect(lane('main')).toBe(0);
      const merge = g.edges.find((e) => e.kind === 'merge' && e.branch === 'auth-jwt')!;
      expect(merge.to.lane).toBe(lane('main'));
      // The merge lands on main's merge commit (no extra merge dot).
      const target = g.nodes.find((n) => n.kind === 'commit' && n.branch === 'main' && n.row === merge.to.row)!;
      // Labels are plain text: the row draws no Markdown.
      expect(target.label).toContain('Merged branch auth-jwt');
      expect(g.nodes.some((n) => n.kind === 'merge')).toBe(false);
      // auth-session starts after auth-jwt merged, so it reuses auth-jwt's lane.
      expect(lane('auth-session')).toBe(lane('auth-jwt'));
      expect(g.laneCount).toBe(2);
      // Forks leave from main.
      for (const e of g.edges.filter((x) => x.kind === 'fork')) expect(e.from.lane).toBe(0);
    });
  }
});

// Zig's expected.json has no parsed commits; its second-resolution stamps are in branchTimes.test.ts.
describe('layoutGraph on the corpus, main\'s merge commit rewritten by hand', () => {
  for (const lang of ['python', 'typescript', 'rust', 'go', 'lua', 'elixir']) {
    it(`${lang}: the same rows, the merge still on that commit, no loose merge row`, () => {
      const input = fixtureInput(lang);
      const before = layoutGraph(input);
      const main = input.commits.main!;
      const at = main.findIndex((c) => c.thisCommitContribution.startsWith('Merged branch `auth-jwt`'));
      const edited = { ...input, commits: { ...input.commits, main: main.map((c, i) => (i === at ? { ...c, thisCommitContribution: 'JWT auth landed (**edited** by hand)' } : c)) } };
      const after = layoutGraph(edited);
      expect(after.rowCount).toBe(before.rowCount);
      expect(after.nodes.some((n) => n.kind === 'merge')).toBe(false);
      const merge = after.edges.find((e) => e.kind === 'merge' && e.branch === 'auth-jwt')!;
      const target = after.nodes[merge.to.row]!;
      expect([target.branch, target.kind, target.label]).toEqual(['main', 'commit', 'JWT auth landed (edited by hand)']);
    });
  }
});

describe('layoutGraph rules', () => {
  it('orders commits of different branches by time, whatever the timestamp shape', () => {
    const g = layoutGraph({
      branches: [summary('main', { createdFrom: '', createdAt: T(0) }), summary('b', { createdAt: '2026-01-01T00:00:01.5+00:00' })],
      commits: {
        main: [commit('main', 'm1', '2026-01-01T00:00:02Z'), commit('main', 'm2', '2026-01-01T00:00:04.000000001+00:00')],
        b: [commit('b', 'b1', '2026-01-01T00:00:03.250000+00:00')],
      },
    });
    const rows = Object.fromEntries(g.nodes.filter((n) => n.commitId).map((n) => [n.commitId!, n.row]));
    expect(rows.m1! < rows.b1! && rows.b1! < rows.m2!).toBe(true);
  });

  it('keeps file order on a lane even when a clock stepped back, and survives unparseable timestamps', () => {
    const g = layoutGraph({
      branches: [summary('main', { createdFrom: '', createdAt: T(0) })],
      commits: { main: [commit('main', 'a', T(5)), commit('main', 'b', T(2)), commit('main', 'c', 'garbage'), commit('main', 'a', T(9))] },
    });
    const commits = g.nodes.filter((n) => n.kind === 'commit');
    expect(commits.map((n) => n.commitIndex)).toEqual([0, 1, 2, 3]);
    // Duplicate commit ids still get distinct node ids.
    expect(commits.map((n) => n.id)).toEqual(['main@0', 'main@1', 'main@2', 'main@3']);
  });

  it('reuses lanes of merged branches: 50 sequential branches fit in 2 lanes', () => {
    const branches = [summary('main', { createdFrom: '', createdAt: T(0) })];
    const commits: Record<string, Commit[]> = { main: [] };
    for (let i = 0; i < 50; i++) {
      const name = `b${String(i).padStart(2, '0')}`;
      branches.push(summary(name, { createdAt: T(10 + i * 4), status: 'merged', mergedInto: 'main', mergedAt: T(12 + i * 4) }));
      commits[name] = [commit(name, `${name}c`, T(11 + i * 4))];
    }
    const g = layoutGraph({ branches, commits });
    expect(g.laneCount).toBe(2);
    // Without a merge commit on main, each merge gets its own dot on main's lane.
    expect(g.nodes.filter((n) => n.kind === 'merge')).toHaveLength(50);
    expect(g.nodes.filter((n) => n.kind === 'merge').every((n) => n.lane === 0)).toBe(true);
  });

  it('gives concurrent active branches their own lanes and runs open lanes to the last row', () => {
    const g = layoutGraph({
      branches: [
        summary('main', { createdFrom: '', createdAt: T(0) }),
        summary('x', { createdAt: T(1) }),
        summary('y', { createdAt: T(2) }),
        summary('z', { createdAt: T(3), status: 'abandoned' }),
      ],
      commits: { main: [commit('main', 'm', T(9))], x: [commit('x', 'x1', T(4))], z: [commit('z', 'z1', T(5))] },
    });
    const lanes = g.branches.map((b) => b.lane);
    expect(new Set(lanes).size).toBe(4);
    const xLane = g.edges.find((e) => e.id === 'x|lane')!;
    expect(xLane.open).toBe(true);
    expect(xLane.to.row).toBe(g.rowCount - 1);
    const zLane = g.edges.find((e) => e.id === 'z|lane')!;
    expect(zLane.open).toBe(false);
    expect(zLane.to.row).toBe(g.nodes.find((n) => n.commitId === 'z1')!.row);
  });

  it('draws a branch without metadata and with an unknown parent without a fork edge', () => {
    const orphan: BranchSummary = { ...summary('orphan', { createdAt: T(0) }), metadata: null, createdFrom: 'nowhere', status: null };
    const g = layoutGraph({ branches: [summary('main', { createdFrom: '', createdAt: T(0) }), orphan], commits: { orphan: [commit('orphan', 'o', T(3))] } });
    expect(g.edges.some((e) => e.branch === 'orphan' && e.kind === 'fork')).toBe(false);
    expect(g.nodes.find((n) => n.id === 'orphan^')!.status).toBe('unknown');
    expect(g.nodes.find((n) => n.id === 'orphan^')!.row).toBeLessThan(g.nodes.find((n) => n.commitId === 'o')!.row);
  });

  it('is deterministic', () => {
    const input = fixtureInput('python');
    expect(layoutGraph(input)).toEqual(layoutGraph({ branches: [...input.branches].reverse(), commits: input.commits }));
  });
});
