// The side column's compact overview of the graph: a minimap of the full view (same filters, same order, the focus's
// lineage bright) with the full view's viewport marked. A click opens the Graph tab at that point.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import { countOf } from '../../ui/count.ts';
import { lineage, type GraphModel } from './graphModel.ts';
import { graphStore, useGraphState } from './graphStore.ts';
import { lazyModule } from './lazyModule.ts';
import { drawMinimap, minimapScale, rowTimes, type MinimapScale } from './minimap.ts';
import { useGraphModel } from './useGraphModel.ts';
import { useLaneColours } from './useLaneColours.ts';

function useSize(ref: React.RefObject<HTMLElement | null>): { w: number; h: number } {
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    const el = ref.current!;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function GraphPanel() {
  const { model, total, error } = useGraphModel();
  const onGraph = useUrlValue((u) => u.tab === 'graph');
  const setUrl = useSetUrl();
  return (
    <section className="panel graph-panel" aria-label="Branch graph overview">
      <div className="panel-head">
        <h2>Graph</h2>
        <span className="muted">{model ? `${countOf(model.layout.branches.length, 'branch')} · ${countOf(model.layout.laneCount, 'lane')}` : error ? 'could not load the commits' : `loading ${countOf(total, 'branch')}`}</span>
        <button type="button" className="btn" onClick={() => setUrl({ tab: 'graph' }, 'push')} aria-pressed={onGraph}>
          Open graph
        </button>
      </div>
      {model ? <Minimap model={model} /> : <div className="minimap" aria-busy="true" />}
    </section>
  );
}

function Minimap({ model }: { model: GraphModel }) {
  const { layout } = model;
  const branch = useUrlValue((u) => u.branch);
  const onGraph = useUrlValue((u) => u.tab === 'graph');
  const setUrl = useSetUrl();
  const newestFirst = useGraphState((s) => s.newestFirst);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { w, h } = useSize(box);
  const order = useMemo(() => ({ rowCount: layout.rowCount, newestFirst, laneW: 0 }), [layout.rowCount, newestFirst]);
  const scale = useMemo(() => minimapScale(layout.laneCount, layout.rowCount, w, h), [layout.laneCount, layout.rowCount, w, h]);
  const focusName = branch && model.summaries.has(branch) ? branch : null;
  const focus = useMemo(() => (focusName ? lineage(model, focusName) : null), [model, focusName]);
  const names = useMemo(() => layout.branches.map((b) => b.name), [layout]);
  const colours = useLaneColours(names);
  const time = useTimeAxis();
  const times = useMemo(() => rowTimes(layout), [layout]);
  const ticks = useMemo(() => (time ? time.timeTicks(times, order, scale, h) : []), [time, times, order, scale, h]);

  useEffect(() => {
    const draw = () => {
      const el = canvas.current!;
      const dpr = window.devicePixelRatio || 1;
      el.width = Math.round(w * dpr);
      el.height = Math.round(h * dpr);
      const ctx = el.getContext('2d');
      if (!ctx || w === 0 || h === 0) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const css = getComputedStyle(el);
      const text = css.getPropertyValue('--muted').trim() || '#59636e';
      const faint = css.getPropertyValue('--faint').trim() || '#818b98';
      const bg = css.getPropertyValue('--bg').trim() || '#ffffff';
      drawMinimap(ctx, model, order, scale, { lane: (b) => colours?.get(b) ?? faint, text, faint, bg }, focus, ticks, w);
    };
    if (!onGraph) return void draw();
    // Beside the Graph tab the tab's rows come first: the minimap is drawn once they are painted (on 5,000 branches
    // its 12,500 edges held the rows' first frame back).
    return afterPaint(draw);
  }, [model, order, scale, focus, w, h, colours, ticks, onGraph]);

  const open = (e: React.MouseEvent | React.KeyboardEvent) => {
    const y = 'clientY' in e ? e.clientY - box.current!.getBoundingClientRect().top : 0;
    if (!onGraph) setUrl({ tab: 'graph' }, 'push');
    graphStore.requestScroll(scale.rowAt(y));
  };
  return (
    <div
      ref={box}
      className="minimap"
      role="button"
      tabIndex={0}
      data-testid="graph-minimap"
      aria-label={`Graph overview: ${countOf(layout.branches.length, 'branch')}, ${countOf(layout.rowCount, 'row')}. Opens the graph at the point clicked.`}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open(e);
        }
      }}
    >
      <canvas ref={canvas} />
      <ViewportMark scale={scale} />
    </div>
  );
}

/** Runs `f` once the next frame is painted; the returned function cancels it. */
function afterPaint(f: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(f, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The time axis' code (d3), loaded once the first screen is drawn. */
const useTimeAxis = lazyModule(() => import('./minimapTime.ts'));

/** The full view's rows on screen; its own component so a scroll there re-renders only this. */
function ViewportMark({ scale }: { scale: MinimapScale }) {
  const viewport = useGraphState((s) => s.viewport);
  if (!viewport) return null;
  const top = scale.y(viewport.first) - scale.y(0);
  const height = scale.y(viewport.last + 1) - scale.y(viewport.first);
  // Moved by a transform, not `top`: the mark follows every scroll of the full view, and a transform needs no layout.
  return <div className="minimap-viewport" data-testid="minimap-viewport" style={{ transform: `translateY(${top}px)`, height: Math.max(4, height) }} />;
}
