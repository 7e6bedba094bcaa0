// The lanes of the rows on screen: one svg spanning just the virtualizer's window, with the edges that cross it and
// the dots in it. Lines beyond the window are clipped by the svg, so scrolling 10,000 rows draws a few dozen marks.
import type { GraphModel } from './graphModel.ts';
import { edgePathIn } from './edgePath.ts';
import { laneX, marksInWindow, ROW_H, rowMidY, displayRow, type RowOrder } from './geometry.ts';

export interface LaneWindowProps {
  model: GraphModel;
  order: RowOrder;
  first: number;
  last: number;
  width: number;
  colours: ReadonlyMap<string, string>;
  /** Branches in focus; null: no focus, nothing dimmed. */
  focus: ReadonlySet<string> | null;
  cursorBranch: string | null;
  onHoverLane(branch: string | null, e?: React.MouseEvent): void;
  onPickBranch(branch: string): void;
}

export function LaneWindow({ model, order, first, last, width, colours, focus, cursorBranch, onHoverLane, onPickBranch }: LaneWindowProps) {
  const { edges, nodes } = marksInWindow(model.layout, order, first, last);
  const rowH = order.rowH ?? ROW_H;
  const top = first * rowH;
  const height = (last - first + 1) * rowH;
  const clip = [top - rowH, top + height + rowH] as const;
  const dim = (branch: string) => (focus && !focus.has(branch) ? ' is-dim' : '');
  // The lane's colour as a custom property the CSS strokes and fills with.
  const lane = (branch: string) => ({ '--lane': colours.get(branch) ?? 'var(--faint)' }) as React.CSSProperties;
  // Dots shrink with the lanes so neighbours never touch.
  const r = order.laneW >= 12 ? 4.5 : 3.5;
  return (
    <svg className="lane-window" data-testid="branch-graph" width={width} height={height} style={{ top }} aria-hidden="true">
      <g transform={`translate(0,${-top})`}>
        {edges.map((e) => (
          <g key={e.id} className={`edge-group${dim(e.branch)}`}>
            <path data-id={e.id} className={`edge edge-${e.kind} status-${e.status}${e.open ? ' is-open' : ''}${e.branch === cursorBranch ? ' is-selected' : ''}`} style={lane(e.branch)} d={edgePathIn(e, order, clip)} />
            {e.kind === 'lane' ? (
              <path
                className="edge-hit"
                d={edgePathIn(e, order, clip)}
                onMouseEnter={(ev) => onHoverLane(e.branch, ev)}
                onMouseLeave={() => onHoverLane(null)}
                onClick={() => onPickBranch(e.branch)}
              />
            ) : null}
          </g>
        ))}
        {nodes.map((n) => {
          const cx = laneX(n.lane, order.laneW);
          const cy = rowMidY(displayRow(n.row, order), rowH);
          const head = model.headRow.get(n.branch) === n.row;
          const cls = `node node-${n.kind} status-${n.status}${dim(n.branch)}${head ? ' is-head' : ''}${n.run && n.run.commits > 1 ? ' is-run' : ''}`;
          // A folded marker sits on another branch's lane, a merge dot on its target's: both take that lane's colour.
          const style = lane(n.kind === 'merge' || n.kind === 'folded' ? (model.layout.branches.find((b) => b.lane === n.lane && b.startRow <= n.row && n.row <= b.endRow)?.name ?? '') : n.branch);
          if (n.kind === 'folded') {
            return <rect key={n.id} data-id={n.id} className={cls} style={style} x={cx - r} y={cy - r} width={2 * r} height={2 * r} rx={2} transform={`rotate(45 ${cx} ${cy})`} />;
          }
          return (
            <g key={n.id} style={style}>
              {head ? <circle className={`head-ring${dim(n.branch)}`} cx={cx} cy={cy} r={r + 2.5} /> : null}
              <circle data-id={n.id} className={cls} cx={cx} cy={cy} r={n.kind === 'merge' ? r - 1 : r} />
            </g>
          );
        })}
      </g>
    </svg>
  );
}
