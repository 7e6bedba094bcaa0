// The d3 drawing's life in React: mounted once with the svg and disposed on unmount (listeners, drawing, flash
// timers), redrawn on each new layout or selection, panned to the newest rows the first time there is something.
import { useEffect, useRef } from 'react';
import type { BranchGraphProps } from './BranchGraph.tsx';
import { drawGraph, flashFresh, mountGraph, resetZoom, showNewest, zoomBy, type GraphZoom } from './d3Graph.ts';

export function useGraphView({ layout, selectedBranch, selectedNode, onSelectBranch, onSelectCommit }: BranchGraphProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const zoomRef = useRef<GraphZoom | null>(null);
  const placedRef = useRef(false);
  const drawnRef = useRef(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Handlers are attached once per element; they read the latest callbacks from here.
  const handlers = useRef({ onSelectBranch, onSelectCommit });
  handlers.current = { onSelectBranch, onSelectCommit };

  useEffect(() => {
    const mounted = mountGraph(svgRef.current!);
    zoomRef.current = mounted.zoom;
    const pending = timers.current;
    return () => {
      mounted.dispose();
      pending.forEach(clearTimeout);
      pending.clear();
      zoomRef.current = null;
    };
  }, []);

  useEffect(() => {
    const el = svgRef.current!;
    const firstDraw = !drawnRef.current;
    drawGraph(
      el,
      layout,
      { branch: selectedBranch, node: selectedNode },
      {
        activate: (n) => {
          if (n.kind === 'commit' && n.commitId) handlers.current.onSelectCommit(n.branch, n.commitId);
          else handlers.current.onSelectBranch(n.branch);
        },
        flash: (sel) => {
          if (!firstDraw) flashFresh(sel, timers.current);
        },
      },
    );
    drawnRef.current = drawnRef.current || layout.nodes.length > 0;
    // First time there is something to show and it is taller than the panel: show the newest part.
    if (!placedRef.current && layout.rowCount > 0 && zoomRef.current) {
      placedRef.current = true;
      showNewest(el, zoomRef.current, layout.rowCount);
    }
  }, [layout, selectedBranch, selectedNode]);

  return {
    svgRef,
    zoomBy: (k: number) => {
      if (zoomRef.current) zoomBy(svgRef.current!, zoomRef.current, k);
    },
    reset: () => {
      if (zoomRef.current) resetZoom(svgRef.current!, zoomRef.current);
    },
  };
}
