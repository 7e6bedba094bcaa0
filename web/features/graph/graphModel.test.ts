import { describe, expect, it } from 'vitest';
import { buildGraphModel, lineage, NO_FILTERS } from './graphModel.ts';
import { generateTree } from './test-support/genTree.ts';

describe('the graph view model', () => {
  const input = generateTree({ branches: 60, commits: 800, seed: 9, maxAlive: 10 });
  const byName = new Map(input.branches.map((b) => [b.name, b]));

  it('focus on a branch holds its ancestry back to main and every branch forked from it, and nothing else', () => {
    const model = buildGraphModel(input, NO_FILTERS, Date.UTC(2026, 1, 1));
    const deep = input.branches.find((b) => b.createdFrom && b.createdFrom !== 'main' && input.branches.some((c) => c.createdFrom === b.name))!;
    const focus = lineage(model, deep.name);
    for (let at: string | null = deep.name; at; at = byName.get(at)!.createdFrom) expect(focus.has(at)).toBe(true);
    const below = (name: string): boolean => name === deep.name || (byName.get(name)!.createdFrom ? below(byName.get(name)!.createdFrom!) : false);
    const ancestors = new Set<string>();
    for (let at: string | null = deep.name; at; at = byName.get(at)!.createdFrom) ancestors.add(at);
    for (const b of input.branches) expect(focus.has(b.name), b.name).toBe(ancestors.has(b.name) || below(b.name));
    expect(lineage(model, 'main').size).toBe(input.branches.length);
  });

  it('shows only branches active in the last N hours, folding the rest onto a shown ancestor', () => {
    const times = input.branches.map((b) => Date.parse(b.lastActivity!)).sort((a, b) => a - b);
    const newest = times[Math.floor(times.length / 2)]!;
    const now = newest + 3_600_000;
    const model = buildGraphModel(input, { ...NO_FILTERS, activeWithinHours: 1 }, now);
    const recent = input.branches.filter((b) => b.name === 'main' || Date.parse(b.lastActivity!) >= newest).map((b) => b.name);
    expect(model.layout.branches.map((b) => b.name).sort()).toEqual(recent.sort());
    expect(model.foldedCount).toBe(input.branches.length - recent.length);
    expect(recent.length).toBeGreaterThan(10);
    expect(model.foldedCount).toBeGreaterThan(10);
    expect(model.layout.nodes.filter((n) => n.kind === 'folded').every((n) => n.lane === 0 || model.layout.branches.some((b) => b.lane === n.lane))).toBe(true);
  });

  it('marks each shown branch head at its newest own row', () => {
    const model = buildGraphModel(input, NO_FILTERS, 0);
    for (const [name, row] of model.headRow) {
      const own = model.layout.nodes.filter((n) => n.branch === name && (n.kind === 'commit' || n.kind === 'start'));
      expect(row).toBe(own.at(-1)!.row);
    }
  });
});
