// Draws a GraphLayout with d3: one keyed join per layer, so a live update adds or changes only the elements
// whose data changed; zoom and pan on the whole drawing. Everything d3 attaches is removed on unmount.
import { select, zoom, zoomIdentity, type Selection, type ZoomBehavior } from 'd3';
import { useEffect, useRef } from 'react';
import { formatTimestamp } from '../../ui/time.ts';
import type { GraphEdge, GraphLayout, GraphNode } from './layout.ts';

const LANE_W = 16;
const ROW_H = 22;
const PAD_X = 14;
const PAD_Y = 16;
const FRESH_MS = 2_500;

const laneX = (lane: number) => PAD_X + lane * LANE_W;
const rowY = (row: number) => PAD_Y + row * ROW_H;

export interface BranchGraphProps {
  layout: GraphLayout;
  selectedBranch: string | null;
  /** Node id (`branch@index`) of the selected commit. */
  selectedNode: string | null;
  onSelectBranch(branch: string): void;
  onSelectCommit(branch: string, commitId: string): void;
}

type Sig = { __sig?: string };

/**
 * A keyed join that creates entering elements, removes exiting ones and calls `update` only on elements whose
 * signature changed, so an appended commit touches one dot and one label, not the whole graph.
 */
function keyedJoin<E extends Element, D extends { id: string }>(
  parent: Selection<SVGGElement, unknown, null, undefined>,
  tag: string,
  data: readonly D[],
  sig: (d: D) => string,
  create: (sel: Selection<E, D, SVGGElement, unknown>) => void,
  update: (sel: Selection<E, D, SVGGElement, unknown>) => void,
): Selection<E, D, SVGGElement, unknown> {
  const entered = parent
    .selectAll<E, D>(`:scope > ${tag}`)
    .data(data as D[], (d) => d.id)
    .join(
      (enter) => {
        const sel = enter.append(tag) as unknown as Selection<E, D, SVGGElement, unknown>;
        create(sel);
        return sel;
      },
      (u) => u,
      (exit) => exit.remove(),
    );
  const changed = entered.filter(function (d) {
    return (this as E & Sig).__sig !== sig(d);
  });
  update(changed);
  changed.each(function (d) {
    (this as E & Sig).__sig = sig(d);
  });
  return entered;
}

function edgePath(e: GraphEdge): string {
  const x1 = laneX(e.from.lane);
  const y1 = rowY(e.from.row);
  const x2 = laneX(e.to.lane);
  const y2 = rowY(e.to.row);
  if (e.kind === 'lane' || x1 === x2) return `M${x1},${y1}V${y2}`;
  const ym = (y1 + y2) / 2;
  return `M${x1},${y1}C${x1},${ym} ${x2},${ym} ${x2},${y2}`;
}

function nodeTitle(n: GraphNode): string {
  const when = n.timestamp ? ` · ${formatTimestamp(n.timestamp)}` : '';
  if (n.kind === 'commit') return `${n.commitId}${when}\n${n.label}\n\n${n.branch}: ${n.purpose}`;
  if (n.kind === 'merge') return `${n.label}${when}`;
  return `${n.branch}${when}\n${n.purpose || '(no purpose)'}`;
}

export function BranchGraph({ layout, selectedBranch, selectedNode, onSelectBranch, onSelectCommit }: BranchGraphProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const placedRef = useRef(false);
  const drawnRef = useRef(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Handlers are attached once per element; they read the latest callbacks from here.
  const handlers = useRef({ onSelectBranch, onSelectCommit });
  handlers.current = { onSelectBranch, onSelectCommit };

  useEffect(() => {
    const svg = select(svgRef.current!);
    const viewport = svg.append('g').attr('class', 'viewport');
    viewport.append('g').attr('class', 'layer-edges');
    viewport.append('g').attr('class', 'layer-nodes');
    viewport.append('g').attr('class', 'layer-labels');
    const z = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.2, 4])
      .on('zoom', (e: { transform: { toString(): string } }) => viewport.attr('transform', e.transform.toString()));
    svg.call(z).on('dblclick.zoom', null);
    zoomRef.current = z;
    const pending = timers.current;
    return () => {
      svg.on('.zoom', null);
      viewport.remove();
      pending.forEach(clearTimeout);
      pending.clear();
      zoomRef.current = null;
    };
  }, []);

  useEffect(() => {
    const svg = select(svgRef.current!);
    const edgesLayer = svg.select<SVGGElement>('g.layer-edges');
    const nodesLayer = svg.select<SVGGElement>('g.layer-nodes');
    const labelsLayer = svg.select<SVGGElement>('g.layer-labels');
    const labelX = laneX(layout.laneCount - 1) + LANE_W;
    const firstDraw = !drawnRef.current;
    const flash = (sel: Selection<Element, unknown, SVGGElement, unknown>) => {
      if (firstDraw || sel.empty()) return;
      sel.classed('is-fresh', true);
      const t = setTimeout(() => {
        sel.classed('is-fresh', false);
        timers.current.delete(t);
      }, FRESH_MS);
      timers.current.add(t);
    };
    const activate = (n: GraphNode) => {
      if (n.kind === 'commit' && n.commitId) handlers.current.onSelectCommit(n.branch, n.commitId);
      else handlers.current.onSelectBranch(n.branch);
    };

    keyedJoin<SVGPathElement, GraphEdge>(
      edgesLayer,
      'path',
      layout.edges,
      (e) => `${edgePath(e)}|${e.status}|${e.open}|${e.branch === selectedBranch}`,
      (sel) => sel.attr('data-id', (e) => e.id),
      (sel) =>
        sel
          .attr('d', edgePath)
          .attr('class', (e) => `edge edge-${e.kind} status-${e.status}${e.open ? ' is-open' : ''}${e.branch === selectedBranch ? ' is-selected' : ''}`),
    );

    let enteredNodes: Selection<Element, unknown, SVGGElement, unknown> | null = null;
    keyedJoin<SVGCircleElement, GraphNode>(
      nodesLayer,
      'circle',
      layout.nodes,
      (n) => `${n.lane},${n.row}|${n.status}|${n.label}|${n.purpose}|${n.branch === selectedBranch}|${n.id === selectedNode}`,
      (sel) => {
        sel
          .attr('tabindex', (n) => (n.kind === 'merge' ? null : 0))
          .attr('role', 'button')
          .attr('data-id', (n) => n.id)
          .on('click', (_e, n) => activate(n))
          .on('keydown', (e: KeyboardEvent, n) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              activate(n);
            }
          });
        sel.append('title');
        enteredNodes = sel as unknown as Selection<Element, unknown, SVGGElement, unknown>;
      },
      (sel) => {
        sel
          .attr('cx', (n) => laneX(n.lane))
          .attr('cy', (n) => rowY(n.row))
          .attr('r', (n) => (n.kind === 'commit' ? 4.5 : n.kind === 'merge' ? 3.5 : 4))
          .attr('aria-label', (n) => (n.kind === 'commit' ? `commit ${n.commitId} on ${n.branch}` : n.kind === 'start' ? `branch ${n.branch}` : n.label))
          .attr(
            'class',
            (n) =>
              `node node-${n.kind} status-${n.status}${n.branch === selectedBranch ? ' is-branch-selected' : ''}${n.id === selectedNode ? ' is-selected' : ''}`,
          );
        sel.select('title').text(nodeTitle);
      },
    );
    if (enteredNodes) flash(enteredNodes);

    keyedJoin<SVGTextElement, GraphNode>(
      labelsLayer,
      'text',
      layout.nodes,
      (n) => `${labelX},${n.row}|${n.status}|${n.label}|${n.branch === selectedBranch}|${n.id === selectedNode}`,
      (sel) => sel.on('click', (_e, n) => activate(n)),
      (sel) =>
        sel
          .attr('x', labelX)
          .attr('y', (n) => rowY(n.row) + 4)
          .attr('class', (n) => `label label-${n.kind} status-${n.status}${n.branch === selectedBranch ? ' is-branch-selected' : ''}${n.id === selectedNode ? ' is-selected' : ''}`)
          .text((n) => (n.kind === 'commit' ? `${n.commitId}  ${n.label}` : n.label)),
    );

    drawnRef.current = drawnRef.current || layout.nodes.length > 0;
    // First time there is something to show and it is taller than the panel: show the newest part.
    const el = svgRef.current!;
    if (!placedRef.current && layout.rowCount > 0 && zoomRef.current) {
      placedRef.current = true;
      const contentH = rowY(layout.rowCount - 1) + PAD_Y;
      const h = el.clientHeight;
      if (contentH > h && h > 0) svg.call(zoomRef.current.transform, zoomIdentity.translate(0, h - contentH));
    }
  }, [layout, selectedBranch, selectedNode]);

  const zoomBy = (k: number) => {
    if (zoomRef.current) select(svgRef.current!).call(zoomRef.current.scaleBy, k);
  };
  const reset = () => {
    if (zoomRef.current) select(svgRef.current!).call(zoomRef.current.transform, zoomIdentity);
  };

  return (
    <div className="graph">
      <div className="panel-head">
        <h2>Graph</h2>
        <span className="muted">{layout.laneCount} lanes</span>
        <div className="graph-tools">
        <button type="button" className="btn btn-icon" onClick={() => zoomBy(1.25)} aria-label="Zoom in" title="Zoom in">
          +
        </button>
        <button type="button" className="btn btn-icon" onClick={() => zoomBy(0.8)} aria-label="Zoom out" title="Zoom out">
          −
        </button>
        <button type="button" className="btn btn-icon" onClick={reset} aria-label="Reset view" title="Reset view">
          ⤢
          </button>
        </div>
      </div>
      <svg ref={svgRef} className="graph-svg" data-testid="branch-graph" role="group" aria-label={`Branch graph: ${layout.branches.length} branches, ${layout.nodes.filter((n) => n.kind === 'commit').length} commits`} />
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
    </div>
  );
}
