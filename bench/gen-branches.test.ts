// The many-branch workload: a tree of branches, half merged, that our reader reads without a finding.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../server/live/event-bus.ts';
import { createStore } from '../server/live/store.ts';
import { branchTree, generateManyBranches } from './gen-branches.ts';

const scratch = mkdtempSync(join(tmpdir(), 'gcc-gen-branches-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('generateManyBranches', () => {
  it('grows a tree: the first branches from main, later ones from earlier branches', () => {
    const tree = branchTree(60);
    expect(tree[0]).toEqual({ name: 'main', parent: '', merged: false });
    const names = tree.map((b) => b.name);
    tree.slice(1).forEach((b, i) => expect(names.indexOf(b.parent)).toBeLessThan(i + 1));
    expect(tree.filter((b) => b.parent !== 'main' && b.parent !== '').length).toBeGreaterThan(30);
  });

  it('writes a workspace our reader reads without a single finding, merges included', async () => {
    const made = generateManyBranches(scratch, 24, 4, 10);
    const store = createStore({ gccDir: made.gccDir, root: scratch, readOnly: true, bus: createEventBus() });
    await store.load();
    const ws = store.workspace();
    expect(ws.diagnostics).toEqual([]);
    expect(ws.branches).toHaveLength(24);
    const merged = ws.branches.filter((b) => b.status === 'merged');
    expect(merged).toHaveLength(11);
    for (const b of merged) expect(ws.branches.find((p) => p.name === b.mergedInto)).toBeDefined();
    const main = ws.branches.find((b) => b.name === 'main')!;
    const mergedIntoMain = merged.filter((b) => b.mergedInto === 'main').length;
    expect(main.commitCount).toBe(4 + mergedIntoMain);
  });
});
