// The card a hovered lane or branch chip shows: the branch's purpose, status and counts, beside the pointer.
import type { BranchSummary } from '../../../shared/api.ts';
import { statusClass } from '../../ui/status.ts';
import { formatAgo } from '../../ui/time.ts';
import { countsLine } from './rowText.ts';

/** `x`, `y`: the pointer, relative to the graph view. */
export interface HoveredLane {
  branch: string;
  x: number;
  y: number;
}

export function LaneCard({ hovered, summary }: { hovered: HoveredLane; summary: BranchSummary | undefined }) {
  if (!summary) return null;
  const status = statusClass(summary.status ?? summary.metadata?.status);
  return (
    <div className="lane-card" role="tooltip" data-testid="lane-card" style={{ transform: `translate(${hovered.x + 14}px, ${hovered.y + 12}px)` }}>
      <div className="lane-card-title">
        <span className="mono">{summary.name}</span>
        <span className={`pill pill-status status-${status}`}>{summary.status ?? 'no metadata'}</span>
      </div>
      <div className="lane-card-purpose">{summary.purpose || summary.metadata?.purpose || <span className="muted">(no purpose)</span>}</div>
      <div className="lane-card-counts muted">
        {countsLine(summary)}
        {summary.lastActivity ? ` · active ${formatAgo(summary.lastActivity)}` : ''}
      </div>
    </div>
  );
}
