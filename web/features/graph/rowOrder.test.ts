// The graph's rows: forks and merges drawn where they happen, and a compact first screen of 50 branches naming at
// least 20.
import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../../shared/api.ts';
import type { Commit } from '../../../shared/types.ts';
import { buildGraphModel, NO_FILTERS } from './graphModel.ts';
import { displayRow } from './geometry.ts';
import { layoutGraph, type GraphLayout, type LayoutInput } from './layout.ts';
import { generateTree } from './test-support/genTree.ts';

/** One row a branch counting all its commits, on the branch's lane; forks and merges between live lanes. */
function checkCompact(full: GraphLayout, compact: GraphLayout, input: LayoutInput): void {
  const commits = Object.values(input.commits).reduce((n, c) => n + (c?.length ?? 0), 0);
  const runs = compact.nodes.filter((n) => n.run);
  expect(runs.reduce((n, r) => n + r.run!.commits, 0)).toBe(commits);
  expect(runs).toHaveLength(input.branches.length);
  expect(compact.rowCount).toBe(input.branches.length);
  expect(compact.nodes.filter((n) => n.kind === 'merge')).toEqual([]);
  const placement = new Map(compact.branches.map((b) => [b.name, b]));
  for (const n of runs) expect(n.lane, n.id).toBe(placement.get(n.branch)!.lane);
  checkJoins(full);
  checkJoins(compact);
}

/** Every fork leaves a lane still drawn at its row (an abandoned parent's too), every merge lands at or after its lane's end. */
function checkJoins(layout: GraphLayout): void {
  for (const e of layout.edges) {
    if (e.kind === 'fork') {
      const parent = layout.branches.find((b) => b.lane === e.from.lane && b.startRow <= e.to.row && e.to.row <= b.endRow);
      expect(parent, `${e.id} leaves a lane alive at its row`).toBeDefined();
    }
    if (e.kind === 'merge') expect(e.to.row, e.id).toBeGreaterThanOrEqual(e.from.row);
  }
}

describe('the rows, one a dot and compact', () => {
  it('hold on generated trees (branches of branches, merges with and without a merge commit, abandons)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const input = generateTree({ branches: 60, commits: 600, seed, maxAlive: 8 });
      checkCompact(layoutGraph(input), layoutGraph({ ...input, compact: true }), input);
    }
  });

  it('hold with merged branches folded into markers', () => {
    const input = generateTree({ branches: 40, commits: 300, seed: 9, maxAlive: 6 });
    const model = buildGraphModel({ ...input, compact: true }, { ...NO_FILTERS, hideMerged: true }, Date.UTC(2026, 1, 1));
    expect(model.foldedCount).toBeGreaterThan(0);
    for (const n of model.layout.nodes.filter((x) => x.kind === 'folded')) {
      const onto = model.layout.branches.find((b) => b.lane === n.lane && b.startRow <= n.row && n.row <= b.endRow);
      expect(onto, `${n.id} on a live lane`).toBeDefined();
    }
  });

  it('names at least 20 of 50 branches (five commits each) in a first screen of 27 rows, newest first', () => {
    const input = fiftyByFive();
    const first = (layout: GraphLayout) => {
      const names = new Set<string>();
      for (let d = 0; d < 27; d++) names.add(layout.nodes[displayRow(d, { rowCount: layout.rowCount, newestFirst: true, laneW: 10 })]!.branch);
      return names.size;
    };
    expect(first(layoutGraph(input))).toBeLessThan(10);
    expect(first(layoutGraph({ ...input, compact: true }))).toBeGreaterThanOrEqual(20);
  });
});

/** main and 49 branches, each forked from main and given five commits in a row; every third merged back with a commit. */
function fiftyByFive(): LayoutInput {
  let t = 0;
  const iso = () => new Date(Date.UTC(2026, 0, 1) + ++t * 60_000).toISOString();
  const branches: BranchSummary[] = [];
  const commits: Record<string, Commit[]> = {};
  const commit = (branch: string, text: string) =>
    (commits[branch] ??= []).push({ commitId: `${branch}-${commits[branch]?.length ?? 0}`, branchName: branch, branchPurpose: '', previousProgressSummary: '', thisCommitContribution: text, timestamp: iso(), range: { start: 0, end: 0 } });
  const add = (name: string, from: string | null): BranchSummary => {
    const metadata = { name, purpose: `purpose of ${name}`, createdFrom: from ?? '', createdAt: iso(), status: 'active' as const, mergedInto: null, mergedAt: null };
    const b: BranchSummary = { name, metadata, purpose: metadata.purpose, createdFrom: from, status: 'active', mergedInto: null, dialect: 'python', commitCount: 0, stepCount: 0, lastActivity: null };
    branches.push(b);
    return b;
  };
  add('main', null);
  commit('main', 'baseline');
  for (let i = 1; i < 50; i++) {
    const b = add(`idea-${String(i).padStart(2, '0')}`, 'main');
    for (let k = 0; k < 5; k++) commit(b.name, `idea ${i}, commit ${k}`);
    if (i % 3 === 0) {
      commit('main', `Merged branch \`${b.name}\` (5 commits).`);
      const at = commits.main!.at(-1)!.timestamp;
      b.status = 'merged';
      b.mergedInto = 'main';
      b.metadata = { ...b.metadata!, status: 'merged', mergedInto: 'main', mergedAt: at };
    }
  }
  return { branches, commits };
}
