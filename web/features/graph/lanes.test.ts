// Lanes on generated trees: no two live branches share one, and there are exactly as many as branches alive at once.
import { describe, expect, it } from 'vitest';
import { buildGraphModel, NO_FILTERS } from './graphModel.ts';
import { layoutGraph, type GraphLayout } from './layout.ts';
import { generateTree, type TreeShape } from './test-support/genTree.ts';

/** Each branch's live rows, found from its dots and edges (not from the layout's own placements). */
function liveIntervals(layout: GraphLayout): Map<string, { from: number; to: number; lane: number }> {
  const out = new Map<string, { from: number; to: number; lane: number }>();
  for (const n of layout.nodes) {
    if (n.kind === 'merge' || n.kind === 'folded') continue;
    const cur = out.get(n.branch);
    if (n.kind === 'start') out.set(n.branch, { from: n.row, to: Math.max(n.row, cur?.to ?? n.row), lane: n.lane });
    else if (cur) {
      expect(n.lane, `${n.id} on its branch's lane`).toBe(cur.lane);
      cur.to = Math.max(cur.to, n.row);
    }
  }
  for (const e of layout.edges) {
    const cur = out.get(e.branch)!;
    if (e.kind === 'merge') cur.to = Math.max(cur.to, Math.ceil(e.to.row));
    if (e.kind === 'lane' && e.open) cur.to = layout.rowCount - 1;
  }
  return out;
}

function checkLanes(layout: GraphLayout): { peak: number } {
  const live = liveIntervals(layout);
  let peak = 0;
  for (let row = 0; row < layout.rowCount; row++) {
    const lanes = new Map<number, string>();
    let alive = 0;
    for (const [name, iv] of live) {
      if (row < iv.from || row > iv.to) continue;
      if (name !== 'main') alive++;
      const other = lanes.get(iv.lane);
      expect(other, `row ${row}: ${name} and ${other} both on lane ${iv.lane}`).toBeUndefined();
      lanes.set(iv.lane, name);
    }
    peak = Math.max(peak, alive);
  }
  expect(layout.laneCount).toBe(peak + 1);
  return { peak };
}

const shapes: (TreeShape & { label: string })[] = [
  { label: '50 branches, 600 commits', branches: 50, commits: 600, seed: 7, maxAlive: 8 },
  { label: '50 branches, every one alive at once', branches: 50, commits: 300, seed: 3, maxAlive: 60 },
  { label: '500 branches, 10,000 commits', branches: 500, commits: 10_000, seed: 11, maxAlive: 24 },
];

describe('lane assignment on generated trees', () => {
  for (const shape of shapes) {
    it(shape.label, () => {
      const input = generateTree(shape);
      const statuses = new Set(input.branches.map((b) => b.status));
      expect(statuses).toEqual(new Set(['active', 'merged', 'abandoned']));
      // The trees hold branches of branches and merges into targets other than main.
      expect(input.branches.some((b) => b.createdFrom && b.createdFrom !== 'main')).toBe(true);
      expect(input.branches.some((b) => b.mergedInto && b.mergedInto !== 'main')).toBe(true);
      const layout = layoutGraph(input);
      expect(layout.branches).toHaveLength(shape.branches);
      const { peak } = checkLanes(layout);
      // Reuse: the lanes follow the branches alive at once (the generator lets one more start before one ends).
      if (shape.maxAlive! < shape.branches) expect(peak).toBeLessThanOrEqual(shape.maxAlive! + 1);
    });
  }

  it('folding merged and abandoned branches leaves their markers on a shown lane and keeps the lanes right', () => {
    const input = generateTree({ branches: 200, commits: 3_000, seed: 5, maxAlive: 16 });
    const model = buildGraphModel(input, { ...NO_FILTERS, hideMerged: true, hideAbandoned: true }, Date.UTC(2026, 1, 1));
    const hidden = input.branches.filter((b) => b.status !== 'active').map((b) => b.name);
    expect(model.foldedCount).toBe(hidden.length);
    const { layout } = model;
    const laneOf = new Map(layout.branches.map((b) => [b.name, b.lane]));
    for (const name of hidden) {
      expect(layout.nodes.filter((n) => n.branch === name).map((n) => n.kind)).toEqual(['folded']);
      const marker = layout.nodes.find((n) => n.id === `${name}~`)!;
      expect([...laneOf.values()]).toContain(marker.lane);
    }
    expect(layout.branches.every((b) => b.status === 'active')).toBe(true);
    checkLanes(layout);
  });
});
