import { describe, expect, it } from 'vitest';
import { buildGraphModel, lineage, NO_FILTERS } from './graphModel.ts';
import { displayRow } from './geometry.ts';
import { parseTimestamp } from '../../ui/time.ts';
import { AXIS_W, drawMinimap, minimapScale, rowTimes } from './minimap.ts';
import { generateTree } from './test-support/genTree.ts';

interface Stroke {
  colour: string;
  alpha: number;
  width: number;
  lines: string[];
}

/** A 2d context that records each stroke: its style and the lines of its path. */
function recordingContext() {
  const strokes: Stroke[] = [];
  let path: string[] = [];
  let from = '';
  const ctx = {
    globalAlpha: 1,
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    font: '',
    textBaseline: '',
    textAlign: '',
    beginPath: () => void (path = []),
    moveTo: (x: number, y: number) => void (from = `${x},${y}`),
    lineTo: (x: number, y: number) => void path.push(`${from}>${x},${y}`),
    stroke: () => void strokes.push({ colour: ctx.strokeStyle, alpha: ctx.globalAlpha, width: ctx.lineWidth, lines: path }),
    arc: () => {},
    fill: () => {},
    fillText: () => {},
    fillRect: () => {},
    measureText: () => ({ width: 6 }),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes };
}

const input = generateTree({ branches: 60, commits: 400, seed: 7, maxAlive: 12 });
const model = buildGraphModel(input, NO_FILTERS, Date.parse('2026-06-01T00:00:00Z'));
const { layout } = model;
const order = { rowCount: layout.rowCount, newestFirst: true, laneW: 0 };
const PALETTE = ['#111111', '#222222', '#333333'];
const colourOf = (b: string) => PALETTE[[...b].reduce((n, c) => n + c.charCodeAt(0), 0) % PALETTE.length]!;

describe('the minimap', () => {
  it('dates each row by the moment the rows were sorted by, never going back', () => {
    const times = rowTimes(layout);
    expect(times).toHaveLength(layout.rowCount);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    const commits = layout.nodes.filter((n) => n.kind === 'commit');
    expect(commits.length).toBeGreaterThan(100);
    // The generated clock only moves forward: a commit's row is dated by its own timestamp.
    for (const n of commits) expect(times[n.row]).toBe(parseTimestamp(n.timestamp));
  });

  for (const [name, height] of [
    ['squeezed under a pixel a row', 200],
    ['a few pixels a row', 4 * layout.rowCount],
  ] as const) {
    it(`strokes every edge once, in its branch's colour, lanes under the joins, a stroke a look (${name})`, () => {
      const s = minimapScale(layout.laneCount, layout.rowCount, 300, height);
      const focus = lineage(model, layout.branches[5]!.name);
      const { ctx, strokes } = recordingContext();
      drawMinimap(ctx, model, order, s, { lane: colourOf, text: '#000', faint: '#999', bg: '#fff' }, focus, [], 300);
      const line = (e: (typeof layout.edges)[number]) => `${s.x(e.from.lane)},${s.y(displayRow(e.from.row, order))}>${s.x(e.to.lane)},${s.y(displayRow(e.to.row, order))}`;
      const drawn = strokes.flatMap((st, i) => st.lines.map((l) => ({ l, i, st })));
      expect(drawn).toHaveLength(layout.edges.length);
      const lastLane = Math.max(...drawn.filter((d) => d.st.width === s.laneWidth).map((d) => d.i));
      for (const e of layout.edges) {
        const hit = drawn.filter((d) => d.l === line(e) && d.st.colour === colourOf(e.branch));
        expect(hit.length, e.id).toBeGreaterThan(0);
        const own = hit.find((d) => d.st.width === (e.kind === 'lane' ? s.laneWidth : Math.min(1.2, s.laneWidth)))!;
        expect(own.st.alpha).toBeCloseTo((focus.has(e.branch) ? 1 : 0.18) * (e.status === 'abandoned' ? 0.6 : 1) * (e.kind === 'lane' || s.y(1) - s.y(0) >= 1 ? 1 : 0.25));
        if (e.kind !== 'lane') expect(own.i).toBeGreaterThan(lastLane);
      }
      const looks = new Set(strokes.filter((st) => st.lines.length > 0).map((st) => `${st.colour}|${st.alpha}|${st.width}`));
      expect(strokes.filter((st) => st.lines.length > 0)).toHaveLength(looks.size);
      // At most a look a colour, dimmed or not, abandoned or not, lane or join.
      expect(looks.size).toBeLessThanOrEqual(PALETTE.length * 2 * 2 * 2);
      expect(looks.size).toBeLessThan(layout.edges.length / 5);
    });
  }

  it('packs thousands of lanes into the room left of the axis, never under its labels', () => {
    for (const lanes of [12, 300, 2_504]) {
      const s = minimapScale(lanes, 33_344, 280, 390);
      expect(s.lanesRight).toBeLessThanOrEqual(280 - AXIS_W);
      expect(s.x(lanes - 1) + s.laneWidth / 2).toBeLessThanOrEqual(280 - AXIS_W);
      expect(s.laneWidth).toBeGreaterThan(0);
    }
    expect(minimapScale(12, 400, 280, 390).laneWidth).toBe(2);
  });
});
