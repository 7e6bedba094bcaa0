// The scrolling part of the full view: the virtualizer, the lane window and the rows on screen. Its own component so
// a scroll re-renders only this, not the queries and the model above it. Tells the minimap what is on screen and
// scrolls where the minimap asks.
import { useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { GraphModel } from './graphModel.ts';
import { graphStore, useGraphState } from './graphStore.ts';
import { displayRow, dotHalfWidth, dotRadius, laneOwnerAt, lanesWidth, laneX, ROW_H, type RowOrder } from './geometry.ts';
import type { GraphNode } from './layout.ts';
import { GraphRow } from './GraphRow.tsx';
import { columnsInView, laneAt, markIndex, type LaneIndex } from './laneTiles.ts';
import { LaneWindow } from './LaneWindow.tsx';
import { rowsToDraw } from './overscan.ts';
import { pinSide, revealLane, rowColumns } from './rowColumns.ts';

export interface GraphRowsProps {
  model: GraphModel;
  order: RowOrder;
  colours: ReadonlyMap<string, string>;
  /** The name column's width, in characters. */
  nameCh: number;
  focus: ReadonlySet<string> | null;
  cursorAt: number | null;
  cursorBranch: string | null;
  matches: ReadonlySet<string>;
  fresh: ReadonlySet<string>;
  /** Filled with the virtualizer's scroll, for the cursor to bring rows into view. */
  revealRef: RefObject<(display: number) => void>;
  onPick(display: number): void;
  onOpen(n: GraphNode): void;
  onFocusBranch(branch: string): void;
  onHover(branch: string | null, e?: React.MouseEvent): void;
}

// One piece: the virtualizer, the measured columns and the scroll across to a row's lane share the scroller and each
// other's measures, and the rows are drawn from all three.
export function GraphRows(p: GraphRowsProps) {
  const { model, order } = p;
  const { layout } = model;
  const scroller = useRef<HTMLDivElement>(null);
  const rowH = order.rowH ?? ROW_H;
  // No flushSync on scroll: React batches the rows of a fast scroll (on 5,000 branches each synchronous render was a
  // long task; the rows drawn ahead of a scroll cover the frame it may lag).
  const scrolling = useRef<{ scrollDirection: 'forward' | 'backward' | null } | null>(null);
  const rangeExtractor = useCallback((range: Range) => rowsToDraw(range, scrolling.current?.scrollDirection ?? null), []);
  const virtualizer = useVirtualizer({ count: layout.rowCount, getScrollElement: () => scroller.current, estimateSize: () => rowH, rangeExtractor, useFlushSync: false });
  scrolling.current = virtualizer;
  const width = lanesWidth(layout.laneCount, order.laneW);
  const viewW = useViewWidth(scroller);
  const columns = useMemo(() => rowColumns(viewW, width), [viewW, width]);
  // A row brought into view comes with its dot: the view scrolls across to its lane when the lanes do not fit.
  const revealAcross = (display: number) => {
    const el = scroller.current;
    const n = layout.nodes[displayRow(display, order)];
    if (!el || !n) return;
    const left = revealLane(n.lane, order.laneW, el.scrollLeft, columns);
    if (left !== el.scrollLeft) el.scrollLeft = left;
  };
  p.revealRef.current = (display) => {
    virtualizer.scrollToIndex(display, { align: 'auto' });
    revealAcross(display);
  };
  const across = useScrollAcross(scroller, columns.wide ? columns.paneW : window.innerWidth);
  // Opened on lanes wider than the view: across to the picked row's lane (a link's branch was picked before the view
  // was measured), else the top row's, so the first rows show their own dots and forks rather than lane 0's. Nothing
  // is drawn until then: the lanes of 5,000 branches drawn at lane 0 first were drawn twice.
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    if (!columns.wide || opened) return;
    revealAcross(p.cursorAt ?? 0);
    across.sync();
    setOpened(true);
    // Once, when the lanes are first known not to fit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns.wide]);
  const drawn = viewW > 0 && (!columns.wide || opened);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => graphStore.setViewport(first, last), [first, last]);
  useEffect(() => () => graphStore.set({ viewport: null }), []);
  const request = useGraphState((s) => s.scrollTo);
  useEffect(() => {
    if (request) virtualizer.scrollToIndex(request.row, { align: 'center' });
  }, [request, virtualizer]);

  const marks = useMemo(() => markIndex(layout), [layout]);
  const lanes = useLanePointer(model, order, marks.lanes, p.onHover, p.onFocusBranch);
  const [left, right] = across.range;
  const dotR = dotRadius(order.laneW);
  // The box is the flex item; the scroller inside it, absolutely placed and fully contained, is a relayout boundary:
  // rows changing on a scroll then lay out only the scroller, not the page (a flex or grid item cannot be one, and
  // every scroll frame re-laid out the side column's long CONTEXT text).
  return (
    <div className="graph-scroll-box">
      <div
        ref={scroller}
        className={`graph-scroller${columns.wide ? ' is-wide' : ''}`}
        tabIndex={0}
        role="listbox"
        aria-label={`Branch graph: ${layout.branches.length} branches, ${layout.rowCount} rows`}
        aria-activedescendant={p.cursorAt !== null ? `graph-row-${p.cursorAt}` : undefined}
        data-testid="graph-view"
      >
        <div className="graph-spacer" style={{ height: virtualizer.getTotalSize(), width: columns.rowW || undefined }} {...lanes}>
          {drawn ? <LaneWindow model={model} marks={marks} order={order} first={first} last={last} width={width} colours={p.colours} focus={p.focus} cursorBranch={p.cursorBranch} left={left} right={right} /> : null}
          {(drawn ? items : []).map((item) => {
            const n = layout.nodes[displayRow(item.index, order)]!;
            const summary = model.summaries.get(n.branch);
            const colour = p.colours.get(n.branch) ?? p.colours.get(summary?.createdFrom ?? '') ?? 'var(--faint)';
            return (
              <GraphRow
                key={n.id}
                node={n}
                display={item.index}
                summary={summary}
                pin={pinSide(laneX(n.lane, order.laneW), dotHalfWidth(n.kind, dotR), across.scrollLeft, columns)}
                paneW={columns.paneW}
                dotR={dotR}
                dotColour={n.kind === 'merge' || n.kind === 'folded' ? (p.colours.get(laneOwnerAt(layout, n.lane, n.row) ?? '') ?? 'var(--faint)') : colour}
                labelW={columns.labelW}
                colour={colour}
                nameCh={p.nameCh}
                rowH={rowH}
                isHead={model.headRow.get(n.branch) === n.row}
                isCursor={p.cursorAt === item.index}
                isDim={p.focus !== null && !p.focus.has(n.branch)}
                isMatch={p.matches.has(n.branch)}
                fresh={p.fresh.has(n.id)}
                onPick={p.onPick}
                onOpen={p.onOpen}
                onHoverBranch={p.onHover}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The view's width without its scrollbar, measured before the first paint and again when it changes. */
function useViewWidth(scroller: RefObject<HTMLDivElement | null>): number {
  const [w, setW] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current!;
    setW(el.clientWidth);
    const ro = new ResizeObserver(() => setW(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [scroller]);
  return w;
}

/**
 * How far the view is scrolled across, and the x range of the lanes to draw, which moves only when the view is scrolled
 * into another column. `seenW` is the width of lanes one can see: the lanes' pane when the labels are pinned over the
 * rest, else the window's (which bounds the view's without reading its layout on a scroll). `sync` reads the scroll
 * now, for a scroll just set. A scroll down leaves the scroll across as it was: nothing re-renders for it.
 */
function useScrollAcross(scroller: RefObject<HTMLDivElement | null>, seenW: number): { scrollLeft: number; range: readonly [number, number]; sync(): void } {
  const [scrollLeft, setScrollLeft] = useState(0);
  const sync = useCallback(() => {
    const el = scroller.current;
    if (el) setScrollLeft(el.scrollLeft);
  }, [scroller]);
  useEffect(() => {
    const el = scroller.current!;
    sync();
    el.addEventListener('scroll', sync, { passive: true });
    return () => el.removeEventListener('scroll', sync);
  }, [scroller, sync]);
  const [left, right] = columnsInView(scrollLeft, seenW);
  const range = useMemo(() => [left, right] as const, [left, right]);
  return { scrollLeft, range, sync };
}

/**
 * The lanes answer the pointer by where it is, not by an element a lane (thousands on a wide workspace): hovering a
 * lane shows its branch's card, a click focuses the branch (and not the row under it). A dot is not its lane.
 */
function useLanePointer(model: GraphModel, order: RowOrder, index: LaneIndex, onHover: GraphRowsProps['onHover'], onPick: (branch: string) => void) {
  const hovered = useRef<string | null>(null);
  const laneOf = (e: React.MouseEvent<HTMLElement>): string | null => {
    // A dot is not its lane, and the labels lie over the lanes when these are wider than the view.
    if ((e.target as Element).closest('.node, .row-label, .row-pin-dot')) return null;
    const at = e.currentTarget.getBoundingClientRect();
    return laneAt(index, model.layout, order, e.clientX - at.left, e.clientY - at.top);
  };
  const leave = () => {
    if (hovered.current === null) return;
    hovered.current = null;
    onHover(null);
  };
  const stopOnLane = (e: React.MouseEvent<HTMLElement>): string | null => {
    const branch = laneOf(e);
    if (branch) e.stopPropagation();
    return branch;
  };
  return {
    onMouseMove(e: React.MouseEvent<HTMLElement>) {
      const branch = laneOf(e);
      if (branch === hovered.current) return;
      // Off the lanes onto a branch chip: the chip's own hover has shown its card.
      if (branch === null) return (e.target as Element).closest('.branch-chip') ? void (hovered.current = null) : leave();
      hovered.current = branch;
      onHover(branch, e);
    },
    onMouseLeave: leave,
    onClickCapture(e: React.MouseEvent<HTMLElement>) {
      const branch = stopOnLane(e);
      if (branch) onPick(branch);
    },
    onDoubleClickCapture: stopOnLane,
  };
}
