import { describe, expect, it } from 'vitest';
import { laneX, marksInWindow, ROW_H, rowMidY, yOf } from './geometry.ts';
import { layoutGraph } from './layout.ts';
import { columnsInView, cutLane, DASH_PERIOD, laneAt, laneIndex, lanePaths, markIndex, marksInTile, tilesIn } from './laneTiles.ts';
import { generateTree } from './test-support/genTree.ts';

const layout = layoutGraph(generateTree({ branches: 80, commits: 1_500, seed: 4, maxAlive: 10 }));
const newest = { rowCount: layout.rowCount, newestFirst: true, laneW: 10 };
const oldest = { ...newest, newestFirst: false };

describe('lanes drawn by tile', () => {
  it('names the tiles a window of rows touches', () => {
    expect(tilesIn(0, 63, 64)).toEqual([0]);
    expect(tilesIn(60, 70, 64)).toEqual([0, 1]);
    expect(tilesIn(130, 300, 64)).toEqual([2, 3, 4]);
    expect(tilesIn(5, 4, 64)).toEqual([]);
  });

  it('cuts a line to a band, both directions, and leaves out a line outside it', () => {
    expect(cutLane(0, 1000, 100, 200)).toEqual([100, 200]);
    expect(cutLane(1000, 0, 100, 200)).toEqual([200, 100]);
    expect(cutLane(150, 1000, 100, 200)).toEqual([150, 200]);
    expect(cutLane(1000, 150, 100, 200)).toEqual([200, 150]);
    expect(cutLane(0, 90, 100, 200)).toBeNull();
    expect(cutLane(300, 250, 100, 200)).toBeNull();
  });

  it('starts a dashed line a whole number of dashes from its own start, so tiles join without a jump', () => {
    for (const [a, b] of [
      [15, 5001],
      [5001, 15],
    ] as const) {
      // Cut plainly, these would start off the dashes' phase.
      expect(Math.abs(cutLane(a, b, 1792, 3584)![0] - a) % DASH_PERIOD).not.toBe(0);
      const cut = cutLane(a, b, 1792, 3584, DASH_PERIOD)!;
      expect(Math.abs(cut[0] - a) % DASH_PERIOD).toBe(0);
      // Begins at most a period outside the band, and still ends at its edge.
      expect(cut[0] <= 3584 + DASH_PERIOD && cut[0] >= 1792 - DASH_PERIOD).toBe(true);
      expect(cut[1]).toBe(a < b ? 3584 : 1792);
    }
  });

  it('draws every lane crossing the tile once, grouped by look, and nothing beyond the tile', () => {
    for (const o of [newest, oldest]) {
      const lo = 300 * ROW_H;
      const hi = 364 * ROW_H;
      const paths = lanePaths(layout.edges, o, lo, hi, (e) => e.status);
      const crossing = layout.edges.filter((e) => {
        if (e.kind !== 'lane') return false;
        const [a, b] = [yOf(e.from.row, o), yOf(e.to.row, o)];
        return Math.min(a, b) <= hi && Math.max(a, b) >= lo;
      });
      expect(crossing.length).toBeGreaterThan(2);
      const moves = [...paths.values()].flatMap((d) => [...d.matchAll(/M([\d.]+),([\d.]+)V([\d.]+)/g)]);
      expect(moves.length).toBe(crossing.length);
      expect(new Set(paths.keys())).toEqual(new Set(crossing.map((e) => e.status)));
      for (const [, , y1, y2] of moves) {
        for (const y of [Number(y1), Number(y2)]) expect(y >= lo - DASH_PERIOD && y <= hi + DASH_PERIOD).toBe(true);
      }
      for (const e of crossing) expect(moves.some(([, x]) => Number(x) === laneX(e.from.lane, o.laneW))).toBe(true);
    }
  });

  it('draws the lanes of the columns on screen, whatever the scroll within a column', () => {
    expect(columnsInView(0, 1440, 512)).toEqual([0, 2048]);
    expect(columnsInView(511, 1440, 512)).toEqual([0, 2048]);
    expect(columnsInView(512, 1440, 512)).toEqual([512, 2560]);
    for (const scrollLeft of [0, 100, 511, 512, 5_000, 12_345]) {
      for (const view of [300, 660, 1440]) {
        const [left, right] = columnsInView(scrollLeft, view, 512);
        expect(left <= scrollLeft && right >= scrollLeft + view, `${scrollLeft} ${view}`).toBe(true);
      }
    }
    const wide = { ...newest, laneW: 5 };
    const lo = 0;
    const hi = layout.rowCount * ROW_H;
    const all = [...lanePaths(layout.edges, wide, lo, hi, () => 'x').values()].join('');
    const some = [...lanePaths(layout.edges, wide, lo, hi, () => 'x', 30, 60).values()].join('');
    const xs = (d: string) => new Set([...d.matchAll(/M([\d.]+),/g)].map((m) => Number(m[1])));
    expect([...xs(some)].sort((a, b) => a - b)).toEqual([...xs(all)].filter((x) => x >= 26 && x <= 64).sort((a, b) => a - b));
    expect(xs(some).size).toBeGreaterThan(2);
    expect(xs(some).size).toBeLessThan(xs(all).size);
  });

  it('finds the lane under the pointer, the nearest when two are in reach, none between lanes', () => {
    const index = laneIndex(layout);
    for (const o of [newest, oldest]) {
      const row = Math.floor(layout.rowCount / 2);
      const alive = layout.branches.filter((b) => b.startRow < row && row < b.endRow).sort((a, b) => a.lane - b.lane);
      expect(alive.length).toBeGreaterThan(1);
      const y = yOf(row, o);
      for (const b of alive) {
        expect(laneAt(index, layout, o, laneX(b.lane, o.laneW), y)).toBe(b.name);
        expect(laneAt(index, layout, o, laneX(b.lane, o.laneW) + 4, y)).toBe(b.name);
      }
      // Past the reach of the last lane, and above the first row: nothing.
      const lastLane = Math.max(...layout.branches.map((b) => b.lane));
      expect(laneAt(index, layout, o, laneX(lastLane, o.laneW) + 6, y)).toBeNull();
      expect(laneAt(index, layout, o, laneX(alive[0]!.lane, o.laneW), rowMidY(-2))).toBeNull();
    }
  });

  it('finds nothing on a lane at a row where no branch holds it', () => {
    const index = laneIndex(layout);
    const o = newest;
    // A lane reused: between one branch's end and the next one's start, the lane is empty.
    const byLane = new Map<number, typeof layout.branches>();
    for (const b of layout.branches) byLane.set(b.lane, [...(byLane.get(b.lane) ?? []), b]);
    const gap = [...byLane.values()]
      .flatMap((bs) => bs.slice(1).map((b, i) => ({ lane: b.lane, after: bs[i]!, before: b })))
      .find((g) => g.before.startRow - g.after.endRow > 2 && g.after.status !== 'merged');
    expect(gap).toBeDefined();
    const row = gap!.after.endRow + 1;
    expect(laneAt(index, layout, o, laneX(gap!.lane, o.laneW), yOf(row, o))).toBeNull();
  });

  it('finds the marks of a tile by lane and by row as a look through every edge finds them', () => {
    const index = markIndex(layout);
    for (const o of [newest, oldest, { ...newest, laneW: 3 }]) {
      for (const [first, last] of [[0, 63], [640, 703], [layout.rowCount - 64, layout.rowCount - 1]] as const) {
        for (const [left, right] of [[0, 2048], [40, 90], [-Infinity, Infinity]] as const) {
          const all = marksInWindow(layout, o, first, last);
          const tile = marksInTile(index, layout, o, first, last, left, right);
          const [lo, hi] = [first * ROW_H, (last + 1) * ROW_H];
          const key = (e: { status: string }) => e.status;
          expect(lanePaths(tile.edges, o, lo, hi, key, left, right)).toEqual(lanePaths(all.edges, o, lo, hi, key, left, right));
          const curves = (es: typeof all.edges) => es.filter((e) => e.kind !== 'lane').map((e) => e.id);
          expect(curves(tile.edges)).toEqual(curves(all.edges));
          expect(tile.nodes).toEqual(all.nodes);
        }
      }
    }
    expect(index.curves.length).toBeGreaterThan(10);
  });
});
