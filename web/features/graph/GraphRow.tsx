// One row of the full view: the lanes' width of space (the lane window draws there), the branch chip (lane colour,
// status, head and fork tags), the row's text, and its time.
import { memo } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { formatTimestamp } from '../../ui/time.ts';
import type { GraphNode } from './layout.ts';
import { ROW_H } from './geometry.ts';
import { rowAriaLabel, rowText } from './rowText.ts';

export interface GraphRowProps {
  node: GraphNode;
  display: number;
  summary: BranchSummary | undefined;
  lanesWidth: number;
  colour: number;
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
      aria-label={rowAriaLabel(n, p.summary, p.isHead)}
      data-branch={n.branch}
      data-kind={n.kind}
      data-node={n.id}
      className={cls}
      style={{ transform: `translateY(${p.display * ROW_H}px)`, height: ROW_H, paddingLeft: p.lanesWidth }}
      onClick={() => p.onPick(p.display)}
      onDoubleClick={() => p.onOpen(n)}
    >
      <span
        className={`branch-chip lane-c${p.colour} status-${n.status}${p.isMatch ? ' is-match' : ''}`}
        onMouseEnter={(e) => p.onHoverBranch(n.branch, e)}
        onMouseLeave={() => p.onHoverBranch(null)}
      >
        <i className={`status-dot status-${n.status}`} aria-hidden="true" />
        <span className="branch-chip-name">{n.branch}</span>
      </span>
      {p.isHead ? <span className="row-tag row-tag-head">head</span> : null}
      {n.kind === 'start' && (p.summary?.createdFrom ?? p.summary?.metadata?.createdFrom) ? <span className="row-tag row-tag-fork">fork</span> : null}
      {n.kind === 'merge' ? <span className="row-tag row-tag-merge">merge</span> : null}
      {n.kind === 'folded' ? <span className="row-tag row-tag-folded">folded</span> : null}
      <span className="row-text" title={n.kind === 'commit' ? `${n.commitId}: ${rowText(n, p.summary)}` : rowText(n, p.summary)}>
        {rowText(n, p.summary)}
      </span>
      {n.kind === 'commit' ? <span className="row-id mono">{n.commitId}</span> : null}
      <span className="row-time muted" title={n.timestamp ?? ''}>
        {n.timestamp ? formatTimestamp(n.timestamp) : ''}
      </span>
    </div>
  );
});
