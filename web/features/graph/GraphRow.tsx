// One row of the full graph: the lanes' space with the row's dot pinned to its edge when scrolled out of it, then the
// label (branch chip, tags, the row's text and time), pinned to the view's right when the lanes are wider than it.
import { memo } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { countOf } from '../../ui/count.ts';
import { formatTimestamp } from '../../ui/time.ts';
import type { GraphNode } from './layout.ts';
import type { PinSide } from './rowColumns.ts';
import { fitName, rowText } from './rowText.ts';

export interface GraphRowProps {
  node: GraphNode;
  display: number;
  summary: BranchSummary | undefined;
  /** The row's dot is out of the lanes seen: the edge its pin sits at (rowColumns.ts pinSide), else null. */
  pin: PinSide;
  /** The width of the lanes seen (px): a pin at the right edge sits just left of the labels. */
  paneW: number;
  /** The colour of the lane the row's dot sits on, and the dot's radius. */
  dotColour: string;
  dotR: number;
  /** The label column's width (px, rowColumns.ts). */
  labelW: number;
  colour: string;
  nameCh: number;
  rowH: number;
  isHead: boolean;
  isCursor: boolean;
  isDim: boolean;
  isMatch: boolean;
  fresh: boolean;
  onPick(display: number): void;
  onOpen(node: GraphNode): void;
  onHoverBranch(branch: string | null, e?: React.MouseEvent): void;
}

// Memoised: a scroll re-renders only the rows that came into the window (the others' props are the same).
export const GraphRow = memo(function GraphRow(p: GraphRowProps) {
  const n = p.node;
  const cls = `graph-row kind-${n.kind}${p.isCursor ? ' is-cursor' : ''}${p.isDim ? ' is-dim' : ''}${p.fresh ? ' is-fresh' : ''}`;
  return (
    <div
      id={`graph-row-${p.display}`}
      role="option"
      aria-selected={p.isCursor}
      data-branch={n.branch}
      data-kind={n.kind}
      data-node={n.id}
      className={cls}
      // `top`, not a transform: a transformed row would be a stacking context, and its label could not lie over the lanes.
      style={{ top: p.display * p.rowH, height: p.rowH }}
      onClick={() => p.onPick(p.display)}
      onDoubleClick={() => p.onOpen(n)}
    >
      {p.pin ? <DotPin side={p.pin} kind={n.kind} r={p.dotR} colour={p.dotColour} paneW={p.paneW} /> : null}
      <div className="row-label" style={{ width: p.labelW }}>
        <span
          className={`branch-chip status-${n.status}${p.isMatch ? ' is-match' : ''}`}
          // The name gets the column's width; the chip is its content (padding, border, dot, gap): nothing to add up.
          style={{ '--lane': p.colour, '--name-ch': p.nameCh } as React.CSSProperties}
          title={n.branch.length > p.nameCh ? n.branch : undefined}
          onMouseEnter={(e) => p.onHoverBranch(n.branch, e)}
          onMouseLeave={() => p.onHoverBranch(null)}
        >
          <i className={`status-dot status-${n.status}`} aria-hidden="true" />
          {n.branch.length > p.nameCh ? (
            <>
              {/* Read whole; shown cut in its middle (the row's name is its visible text, as a screen reader says it). */}
              <span className="sr-name">{n.branch}</span>
              <span className="branch-chip-name" aria-hidden="true">
                {fitName(n.branch, p.nameCh)}
              </span>
            </>
          ) : (
            <span className="branch-chip-name">{n.branch}</span>
          )}
        </span>
        {/* Compact rows are each their branch's head: the tag would be on every row. */}
        {p.isHead && !n.run ? <span className="row-tag row-tag-head">head</span> : null}
        {n.kind === 'start' && (p.summary?.createdFrom ?? p.summary?.metadata?.createdFrom) ? <span className="row-tag row-tag-fork">fork</span> : null}
        {n.kind === 'merge' ? <span className="row-tag row-tag-merge">merge</span> : null}
        {n.kind === 'folded' ? <span className="row-tag row-tag-folded">folded</span> : null}
        {n.run && n.run.commits > 0 ? (
          <span className="row-tag row-tag-count" data-testid="run-count" title={n.run.since ? `since ${formatTimestamp(n.run.since)}` : undefined}>
            {countOf(n.run.commits, 'commit')}
          </span>
        ) : null}
        <span className="row-text" title={n.kind === 'commit' ? `${n.commitId}: ${rowText(n, p.summary)}` : rowText(n, p.summary)}>
          {rowText(n, p.summary)}
        </span>
        {n.kind === 'commit' ? <span className="row-id mono">{n.commitId}</span> : null}
        <span className="row-time muted" title={n.timestamp ?? ''}>
          {n.timestamp ? formatTimestamp(n.timestamp) : ''}
        </span>
      </div>
    </div>
  );
});

/** The pin's pill is the dot and this much more (px): the arrow's side, then the other. */
const PIN_ARROW_SIDE = 7;
const PIN_SIDE = 4;
/** The pinned dot is never smaller than this (px): it stands alone over the lanes. */
const PIN_R = 4;

/**
 * The row's dot, again, at the edge of the lanes seen where its own is scrolled out of them, with an arrow to where it
 * is: every row on screen then shows its dot. Only rows whose dot is out of view have one (a sticky box a row on
 * screen, each restyled once it stuck, was a fifth of a fast scroll's style work on 5,000 branches).
 */
function DotPin({ side, kind, r: laneR, colour, paneW }: { side: 'left' | 'right'; kind: GraphNode['kind']; r: number; colour: string; paneW: number }) {
  const r = Math.max(PIN_R, laneR);
  // Sticky from the row's start: at the lanes' left edge, or at their right edge just left of the labels' border.
  const left = side === 'left' ? 0 : paneW - (2 * r + PIN_ARROW_SIDE + PIN_SIDE) - 1;
  return (
    <i
      className={`row-pin-dot pin-${side} node-${kind}`}
      aria-hidden="true"
      title="This row's dot, scrolled out of view: click to bring it here"
      style={{ left, '--lane': colour, '--r': `${r}px` } as React.CSSProperties}
    />
  );
}
