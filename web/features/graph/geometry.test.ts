import { linkVertical } from 'd3';
import { describe, expect, it } from 'vitest';
import { edgePathIn } from './edgePath.ts';
import { branchBeside, displayRow, laneX, marksInWindow, nearestRowOf, ROW_H, rowMidY, yOf } from './geometry.ts';
import { layoutGraph } from './layout.ts';
import { searchBranches } from './rowText.ts';
import { generateTree } from './test-support/genTree.ts';

const layout = layoutGraph(generateTree({ branches: 80, commits: 1_500, seed: 4, maxAlive: 10 }));
const newest = { rowCount: layout.rowCount, newestFirst: true, laneW: 10 };
const oldest = { ...newest, newestFirst: false };

describe('the full view geometry', () => {
  it('maps rows to display rows and back, both orders', () => {
    for (const row of [0, 1, layout.rowCount - 1]) {
      expect(displayRow(displayRow(row, newest), newest)).toBe(row);
      expect(displayRow(row, oldest)).toBe(row);
    }
    expect(displayRow(layout.rowCount - 1, newest)).toBe(0);
  });

  it('a window holds exactly the dots of its rows and every edge crossing it', () => {
    for (const o of [newest, oldest]) {
      const first = 300;
      const last = 339;
      const { nodes, edges } = marksInWindow(layout, o, first, last);
      const rows = new Set(nodes.map((n) => displayRow(n.row, o)));
      for (let d = first; d <= last; d++) expect(rows.has(d)).toBe(true);
      const crossing = layout.edges.filter((e) => {
        const a = displayRow(e.from.row, o);
        const b = displayRow(e.to.row, o);
        return Math.min(a, b) <= last && Math.max(a, b) >= first;
      });
      const got = new Set(edges.map((e) => e.id));
      for (const e of crossing) expect(got.has(e.id), e.id).toBe(true);
      expect(edges.length).toBeLessThan(layout.edges.length / 3);
    }
  });

  it('a lane uncut runs from its start to its end, newest first upward', () => {
    const main = layout.edges.find((e) => e.id === 'main|lane')!;
    expect(edgePathIn(main, newest)).toBe(`M12,${rowMidY(layout.rowCount - 1)}V${ROW_H / 2}`);
  });

  it('draws a fork or merge as the vertical link of d3-shape would', () => {
    const link = linkVertical<{ source: [number, number]; target: [number, number] }, [number, number]>();
    const joins = layout.edges.filter((e) => e.kind !== 'lane' && e.from.lane !== e.to.lane);
    expect(joins.length).toBeGreaterThan(10);
    for (const o of [newest, oldest]) {
      for (const e of joins) {
        const [x1, y1, x2, y2] = [laneX(e.from.lane, o.laneW), yOf(e.from.row, o), laneX(e.to.lane, o.laneW), yOf(e.to.row, o)];
        expect(edgePathIn(e, o)).toBe(link({ source: [x1, y1], target: [x2, y2] }));
      }
    }
  });

  it('← and → go to the branch alive on the next lane at that row, and to its nearest dot', () => {
    const row = Math.floor(layout.rowCount / 2);
    const alive = layout.branches.filter((b) => b.startRow <= row && row <= b.endRow).sort((a, b) => a.lane - b.lane);
    expect(alive.length).toBeGreaterThan(2);
    expect(branchBeside(layout, row, alive[0]!.lane, 1)).toBe(alive[1]!.name);
    expect(branchBeside(layout, row, alive[1]!.lane, -1)).toBe(alive[0]!.name);
    expect(branchBeside(layout, row, alive.at(-1)!.lane, 1)).toBeNull();
    const near = nearestRowOf(layout, alive[1]!.name, row)!;
    const own = layout.nodes.filter((n) => n.branch === alive[1]!.name && n.kind !== 'merge').map((n) => Math.abs(n.row - row));
    expect(Math.abs(near - row)).toBe(Math.min(...own));
  });

  it('finds branches by any part of the name, ignoring case', () => {
    expect(searchBranches(['main', 'exp-12', 'EXP-120', 'other'], 'Exp-12')).toEqual(['exp-12', 'EXP-120']);
    expect(searchBranches(['main'], '  ')).toEqual([]);
  });
});
