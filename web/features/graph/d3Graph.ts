// Draws a GraphLayout with d3: one keyed join per layer, so a live update adds or changes only the elements
// whose data changed; zoom and pan on the whole drawing. Everything d3 attaches is removed on unmount.
import { select, zoom, zoomIdentity, type Selection, type ZoomBehavior } from 'd3';
import type { GraphEdge, GraphLayout, GraphNode } from './layout.ts';
import { edgeClass, edgePath, labelText, labelX, laneX, newestPan, nodeAriaLabel, nodeClass, nodeRadius, nodeTitle, rowY, type Picked } from './marks.ts';

const FRESH_MS = 2_500;

type Layer = Selection<SVGGElement, unknown, null, undefined>;
type Entered = Selection<Element, unknown, SVGGElement, unknown>;
export type GraphZoom = ZoomBehavior<SVGSVGElement, unknown>;
type Sig = { __sig?: string };

export interface GraphMount {
  zoom: GraphZoom;
  /** Takes off the zoom listeners and the drawing. */
  dispose(): void;
}

/** The viewport and its three layers (edges under dots under labels), and zoom/pan on the svg. */
export function mountGraph(el: SVGSVGElement): GraphMount {
  const svg = select(el);
  const viewport = svg.append('g').attr('class', 'viewport');
  viewport.append('g').attr('class', 'layer-edges');
  viewport.append('g').attr('class', 'layer-nodes');
  viewport.append('g').attr('class', 'layer-labels');
  const z = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.2, 4])
    .on('zoom', (e: { transform: { toString(): string } }) => viewport.attr('transform', e.transform.toString()));
  svg.call(z).on('dblclick.zoom', null);
  return {
    zoom: z,
    dispose: () => {
      svg.on('.zoom', null);
      viewport.remove();
    },
  };
}

export interface DrawHooks {
  /** A click, Enter or Space on a dot or its label. */
  activate(n: GraphNode): void;
  /** Dots that entered in this draw. */
  flash(sel: Entered): void;
}

/** Brings the mounted drawing up to `layout`, touching only what changed. */
export function drawGraph(el: SVGSVGElement, layout: GraphLayout, picked: Picked, hooks: DrawHooks): void {
  const svg = select(el);
  drawEdges(svg.select<SVGGElement>('g.layer-edges'), layout.edges, picked);
  const enteredNodes = drawNodes(svg.select<SVGGElement>('g.layer-nodes'), layout.nodes, picked, hooks.activate);
  if (enteredNodes) hooks.flash(enteredNodes);
  drawLabels(svg.select<SVGGElement>('g.layer-labels'), layout.nodes, labelX(layout.laneCount), picked, hooks.activate);
}

/** Marks the selection `is-fresh` for a moment; the timer is kept in `timers` so unmount can clear it. */
export function flashFresh(sel: Entered, timers: Set<ReturnType<typeof setTimeout>>): void {
  if (sel.empty()) return;
  sel.classed('is-fresh', true);
  const t = setTimeout(() => {
    sel.classed('is-fresh', false);
    timers.delete(t);
  }, FRESH_MS);
  timers.add(t);
}

/** Pans to the newest rows when the drawing is taller than the svg. */
export function showNewest(el: SVGSVGElement, z: GraphZoom, rowCount: number): void {
  const pan = newestPan(rowCount, el.clientHeight);
  if (pan !== null) select(el).call(z.transform, zoomIdentity.translate(0, pan));
}

export function zoomBy(el: SVGSVGElement, z: GraphZoom, k: number): void {
  select(el).call(z.scaleBy, k);
}

export function resetZoom(el: SVGSVGElement, z: GraphZoom): void {
  select(el).call(z.transform, zoomIdentity);
}

/**
 * A keyed join that creates entering elements, removes exiting ones and calls `update` only on elements whose
 * signature changed, so an appended commit touches one dot and one label, not the whole graph.
 */
function keyedJoin<E extends Element, D extends { id: string }>(
  parent: Layer,
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

function drawEdges(layer: Layer, edges: readonly GraphEdge[], picked: Picked): void {
  keyedJoin<SVGPathElement, GraphEdge>(
    layer,
    'path',
    edges,
    (e) => `${edgePath(e)}|${e.status}|${e.open}|${e.branch === picked.branch}`,
    (sel) => sel.attr('data-id', (e) => e.id),
    (sel) => sel.attr('d', edgePath).attr('class', (e) => edgeClass(e, picked)),
  );
}

/** The dots, clickable and, all but merge dots, focusable; returns the ones that entered, if any. */
function drawNodes(layer: Layer, nodes: readonly GraphNode[], picked: Picked, activate: (n: GraphNode) => void): Entered | null {
  let enteredNodes: Entered | null = null;
  keyedJoin<SVGCircleElement, GraphNode>(
    layer,
    'circle',
    nodes,
    (n) => `${n.lane},${n.row}|${n.status}|${n.label}|${n.purpose}|${n.branch === picked.branch}|${n.id === picked.node}`,
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
      enteredNodes = sel as unknown as Entered;
    },
    (sel) => {
      sel
        .attr('cx', (n) => laneX(n.lane))
        .attr('cy', (n) => rowY(n.row))
        .attr('r', nodeRadius)
        .attr('aria-label', nodeAriaLabel)
        .attr('class', (n) => nodeClass('node', n, picked));
      sel.select('title').text(nodeTitle);
    },
  );
  return enteredNodes;
}

function drawLabels(layer: Layer, nodes: readonly GraphNode[], x: number, picked: Picked, activate: (n: GraphNode) => void): void {
  keyedJoin<SVGTextElement, GraphNode>(
    layer,
    'text',
    nodes,
    (n) => `${x},${n.row}|${n.status}|${n.label}|${n.branch === picked.branch}|${n.id === picked.node}`,
    (sel) => sel.on('click', (_e, n) => activate(n)),
    (sel) =>
      sel
        .attr('x', x)
        .attr('y', (n) => rowY(n.row) + 4)
        .attr('class', (n) => nodeClass('label', n, picked))
        .text(labelText),
  );
}
