// The branch graph's view: the svg the d3 drawing lives in (d3Graph.ts, kept in step by useGraphView), the zoom
// buttons and the status legend.
import type { GraphLayout } from './layout.ts';
import { useGraphView } from './useGraphView.ts';

export interface BranchGraphProps {
  layout: GraphLayout;
  selectedBranch: string | null;
  /** Node id (`branch@index`) of the selected commit. */
  selectedNode: string | null;
  onSelectBranch(branch: string): void;
  onSelectCommit(branch: string, commitId: string): void;
}

export function BranchGraph(props: BranchGraphProps) {
  const { layout } = props;
  const { svgRef, zoomBy, reset } = useGraphView(props);
  return (
    <div className="graph">
      <div className="panel-head">
        <h2>Graph</h2>
        <span className="muted">{layout.laneCount} lanes</span>
        <GraphTools onZoom={zoomBy} onReset={reset} />
      </div>
      <svg ref={svgRef} className="graph-svg" data-testid="branch-graph" role="group" aria-label={`Branch graph: ${layout.branches.length} branches, ${layout.nodes.filter((n) => n.kind === 'commit').length} commits`} />
      <GraphLegend />
    </div>
  );
}

function GraphTools({ onZoom, onReset }: { onZoom(k: number): void; onReset(): void }) {
  return (
    <div className="graph-tools">
      <button type="button" className="btn btn-icon" onClick={() => onZoom(1.25)} aria-label="Zoom in" title="Zoom in">
        +
      </button>
      <button type="button" className="btn btn-icon" onClick={() => onZoom(0.8)} aria-label="Zoom out" title="Zoom out">
        −
      </button>
      <button type="button" className="btn btn-icon" onClick={onReset} aria-label="Reset view" title="Reset view">
        ⤢
      </button>
    </div>
  );
}

function GraphLegend() {
  return (
    <div className="graph-legend muted" aria-hidden="true">
      <span>
        <i className="status-dot status-active" /> active
      </span>
      <span>
        <i className="status-dot status-merged" /> merged
      </span>
      <span>
        <i className="status-dot status-abandoned" /> abandoned
      </span>
    </div>
  );
}
