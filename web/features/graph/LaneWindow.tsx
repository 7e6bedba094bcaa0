// The lanes of the rows on screen, in tiles of TILE_ROWS rows (laneTiles.ts): one svg a tile, with the lanes crossing
// it in the columns on screen as a few paths, the fork and merge curves, and the dots in it. A tile is drawn once while
// it stays in the window, so a scroll frame touches the DOM only when a tile comes in or goes out.
import { memo } from 'react';
import type { GraphModel } from './graphModel.ts';
import { edgePathIn } from './edgePath.ts';
import { displayRow, dotRadius, laneOwnerAt, laneX, ROW_H, rowMidY, type RowOrder } from './geometry.ts';
import type { GraphEdge } from './layout.ts';
import { lanePaths, marksInTile, TILE_ROWS, tilesIn, type MarkIndex } from './laneTiles.ts';

export interface LaneWindowProps {
  model: GraphModel;
  /** The model's marks by lane and by row (laneTiles.ts markIndex). */
  marks: MarkIndex;
  order: RowOrder;
  first: number;
  last: number;
  width: number;
  colours: ReadonlyMap<string, string>;
  /** Branches in focus; null: no focus, nothing dimmed. */
  focus: ReadonlySet<string> | null;
  cursorBranch: string | null;
  /** The lanes drawn are those between these x (px): the columns on screen (laneTiles.ts columnsInView). */
  left: number;
  right: number;
}

export function LaneWindow({ first, last, ...tile }: LaneWindowProps) {
  return (
    <>
      {tilesIn(first, last).map((t) => (
        <LaneTile key={t} tile={t} {...tile} />
      ))}
    </>
  );
}

type LaneTileProps = Omit<LaneWindowProps, 'first' | 'last'> & { tile: number };

/** Room beside the columns drawn for a dot's ring or a curve's stroke to show whole at their edge (px). */
const SEEN_ROOM = 10;

/** What a lane looks like: the lanes alike share one path. */
interface Look {
  colour: string;
  status: GraphEdge['status'];
  dim: boolean;
  selected: boolean;
}

const LaneTile = memo(function LaneTile({ model, marks, order, tile, width, colours, focus, cursorBranch, left, right }: LaneTileProps) {
  const rowH = order.rowH ?? ROW_H;
  const firstRow = tile * TILE_ROWS;
  const lastRow = Math.min(order.rowCount, firstRow + TILE_ROWS) - 1;
  const top = firstRow * rowH;
  const height = (lastRow - firstRow + 1) * rowH;
  const { edges, nodes } = marksInTile(marks, model.layout, order, firstRow, lastRow, left, right);
  const isDim = (branch: string) => focus !== null && !focus.has(branch);
  const dim = (branch: string) => (isDim(branch) ? ' is-dim' : '');
  const colourOf = (branch: string) => colours.get(branch) ?? 'var(--faint)';
  // The lane's colour as a custom property the CSS strokes and fills with.
  const lane = (colour: string) => ({ '--lane': colour }) as React.CSSProperties;
  const looks = new Map<string, Look>();
  const lanes = lanePaths(edges, order, top, top + height, (e) => {
    const look: Look = { colour: colourOf(e.branch), status: e.status, dim: isDim(e.branch), selected: e.branch === cursorBranch };
    const key = `${look.colour}|${look.status}|${look.dim}|${look.selected}`;
    looks.set(key, look);
    return key;
  }, left, right);
  const r = dotRadius(order.laneW);
  const inTile = (row: number) => {
    const d = displayRow(row, order);
    return firstRow <= d && d <= lastRow;
  };
  // Only the marks in the columns drawn: on 5,000 branches a tile's 64 dots and their curves lie across 8,000 px of
  // lanes, and the view shows some 500 of them.
  const seen = (a: number, b: number) => Math.max(a, b) >= left - SEEN_ROOM && Math.min(a, b) <= right + SEEN_ROOM;
  const curves = edges.filter((e) => e.kind !== 'lane' && seen(laneX(e.from.lane, order.laneW), laneX(e.to.lane, order.laneW)));
  // A dot in its own tile only (the window's marks reach a row past it): one element a dot, which the e2e specs find
  // by its id, and whole in its row, so never cut at a tile's edge.
  const dots = nodes.filter((n) => inTile(n.row) && seen(laneX(n.lane, order.laneW), laneX(n.lane, order.laneW)));
  // No group a mark: each path and dot carries its own look (a group each was a third of a tile's elements).
  return (
    <svg className={`lane-window${order.laneW < 5 ? ' is-packed' : ''}`} data-testid="branch-graph" width={width} height={height} style={{ top }} aria-hidden="true">
      <g transform={`translate(0,${-top})`}>
        {[...lanes].map(([key, d]) => {
          const look = looks.get(key)!;
          return <path key={key} className={`edge edge-lane status-${look.status}${look.selected ? ' is-selected' : ''}${look.dim ? ' is-dim' : ''}`} style={lane(look.colour)} d={d} />;
        })}
        {curves.map((e) => (
          // A curve crossing two tiles is drawn in both; the tile where it lands carries its id.
          <path key={e.id} data-id={inTile(e.to.row) ? e.id : undefined} className={`edge edge-${e.kind} status-${e.status}${e.branch === cursorBranch ? ' is-selected' : ''}${dim(e.branch)}`} style={lane(colourOf(e.branch))} d={edgePathIn(e, order)} />
        ))}
        {dots.flatMap((n) => {
          const cx = laneX(n.lane, order.laneW);
          const cy = rowMidY(displayRow(n.row, order), rowH);
          const head = model.headRow.get(n.branch) === n.row;
          const cls = `node node-${n.kind} status-${n.status}${dim(n.branch)}${head ? ' is-head' : ''}${n.run && n.run.commits > 1 ? ' is-run' : ''}`;
          // A folded marker sits on another branch's lane, a merge dot on its target's: both take that lane's colour.
          const style = lane(colourOf(n.kind === 'merge' || n.kind === 'folded' ? (laneOwnerAt(model.layout, n.lane, n.row) ?? '') : n.branch));
          if (n.kind === 'folded') {
            return [<rect key={n.id} data-id={n.id} className={cls} style={style} x={cx - r} y={cy - r} width={2 * r} height={2 * r} rx={2} transform={`rotate(45 ${cx} ${cy})`} />];
          }
          const dot = <circle key={n.id} data-id={n.id} className={cls} style={style} cx={cx} cy={cy} r={n.kind === 'merge' ? r - 1 : r} />;
          return head ? [<circle key={`${n.id} ring`} className={`head-ring${dim(n.branch)}`} style={style} cx={cx} cy={cy} r={r + 2.5} />, dot] : [dot];
        })}
      </g>
    </svg>
  );
});
