// One row of the full graph: the lanes' space with the row's dot pinned to its edge when scrolled out of it, then the
// label (branch chip, tags, the row's text and time), pinned to the view's right when the lanes are wider than it.
import { memo } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { countOf } from '../../ui/count.ts';
import { formatTimestamp } from '../../ui/time.ts';
import type { GraphNode } from './layout.ts';
import { fitName, rowText } from './rowText.ts';

export interface GraphRowProps {
  node: GraphNode;
  display: number;
  summary: BranchSummary | undefined;
  /** The x of the row's dot (px) and the colour of the lane it sits on. */
  dotX: number;
  dotColour: string;
  dotR: number;
  /** The label column's width (px, rowColumns.ts). */
  labelW: number;
  /** The lanes are wider than the view: the row carries its dot's pin (none is needed where every lane is seen). */
  wide: boolean;
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
      {p.wide ? <DotPin kind={n.kind} status={n.status} x={p.dotX} r={p.dotR} colour={p.dotColour} labelW={p.labelW} /> : null}
      <div className="row-label" style={{ width: p.labelW }}>
        <span
          className={`branch-chip status-${n.status}${p.isMatch ? ' is-match' : ''}`}
          style={{ '--lane': p.colour, width: `calc(${p.nameCh}ch + 27px)` } as React.CSSProperties}
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

/** Room for the pin's arrow on each side of its dot (px). */
const PIN_SIDE = 7;
/** The pinned dot is never smaller than this (px): it stands alone over the lanes. */
const PIN_R = 4;

/**
 * The row's dot, again, in the lanes' space: sticky at both edges of the lanes seen, it shows only while stuck there
 * (a scroll-state query in graphView.css), with an arrow to where the dot is. Every row on screen then shows its dot.
 */
function DotPin({ kind, status, x, r: laneR, colour, labelW }: { kind: GraphNode['kind']; status: GraphNode['status']; x: number; r: number; colour: string; labelW: number }) {
  const r = Math.max(PIN_R, laneR);
  return (
    <>
      {/* A spacer, not a margin: a sticky box cannot move its margin out of its row. */}
      <span className="row-lead" style={{ width: x - r - PIN_SIDE }} />
      <span className="row-pin" aria-hidden="true" style={{ right: labelW + 1, '--lane': colour, '--r': `${r}px` } as React.CSSProperties}>
        <i className={`row-pin-dot node-${kind} status-${status}`} title="This row's dot, scrolled out of view: click to bring it here" />
      </span>
    </>
  );
}
