// The full branch graph (the centre's Graph tab, `?tab=graph`): one row per event, newest first by default, lanes on
// the left, the branch chip, text and time on each row. Virtualized: only the rows on screen and the lane marks
// crossing them are in the DOM. Focus (the URL's branch) highlights its lineage and dims the rest.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lineage } from './graphModel.ts';
import { graphStore, useGraphState } from './graphStore.ts';
import { branchColours, displayRow, laneStep, lanesWidth, ROW_H, type RowOrder } from './geometry.ts';
import { GraphRow } from './GraphRow.tsx';
import { GraphToolbar } from './GraphToolbar.tsx';
import { LaneCard, type HoveredLane } from './LaneCard.tsx';
import { LaneWindow } from './LaneWindow.tsx';
import { useFreshIds } from './useFreshIds.ts';
import { useGraphCursor } from './useGraphCursor.ts';
import { useGraphModel } from './useGraphModel.ts';
import { useGraphSearch } from './useGraphSearch.ts';
import './graphView.css';

export function GraphView() {
  const { model, complete } = useGraphModel();
  const { layout } = model;
  const newestFirst = useGraphState((s) => s.newestFirst);
  const order: RowOrder = useMemo(() => ({ rowCount: layout.rowCount, newestFirst, laneW: laneStep(layout.laneCount) }), [layout.rowCount, layout.laneCount, newestFirst]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: layout.rowCount, getScrollElement: () => scroller.current, estimateSize: () => ROW_H, overscan: 12 });
  const reveal = useCallback((display: number) => virtualizer.scrollToIndex(display, { align: 'auto' }), [virtualizer]);
  const cursor = useGraphCursor(model, order, reveal);
  const search = useGraphSearch(model, cursor.focusBranchAt);
  const focus = useMemo(() => (cursor.focusBranch ? lineage(model, cursor.focusBranch) : null), [model, cursor.focusBranch]);
  const colours = useMemo(() => branchColours(layout), [layout]);
  const filters = useGraphState((s) => s.filters);
  const fresh = useFreshIds(layout.nodes, complete, filters);
  const [hovered, setHovered] = useState<HoveredLane | null>(null);
  const onHover = useCallback((branch: string | null, e?: React.MouseEvent) => setHovered(branch && e ? { branch, x: e.clientX, y: e.clientY } : null), []);

  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useViewportSync(first, last, virtualizer.scrollToIndex);
  const width = lanesWidth(layout.laneCount, order.laneW);
  const matches = new Set(search.matches);

  if (layout.rowCount === 0) return <div className="empty">No branches to draw yet.</div>;
  return (
    <div className="graph-view">
      <GraphToolbar model={model} search={search} />
      <div
        ref={scroller}
        className="graph-scroller"
        tabIndex={0}
        role="listbox"
        aria-label={`Branch graph: ${layout.branches.length} branches, ${layout.rowCount} rows`}
        aria-activedescendant={cursor.at !== null ? `graph-row-${cursor.at}` : undefined}
        data-testid="graph-view"
      >
        <div className="graph-spacer" style={{ height: virtualizer.getTotalSize() }}>
          <LaneWindow model={model} order={order} first={first} last={last} width={width} colours={colours} focus={focus} cursorBranch={cursor.node?.branch ?? null} onHoverLane={onHover} onPickBranch={cursor.focusBranchAt} />
          {items.map((item) => {
            const n = layout.nodes[displayRow(item.index, order)]!;
            return (
              <GraphRow
                key={n.id}
                node={n}
                display={item.index}
                summary={model.summaries.get(n.branch)}
                lanesWidth={width}
                colour={colours.get(n.branch) ?? colours.get(model.summaries.get(n.branch)?.createdFrom ?? '') ?? 0}
                isHead={model.headRow.get(n.branch) === n.row}
                isCursor={cursor.at === item.index}
                isDim={focus !== null && !focus.has(n.branch)}
                isMatch={matches.has(n.branch)}
                fresh={fresh.has(n.id)}
                onPick={cursor.pick}
                onOpen={cursor.open}
                onHoverBranch={onHover}
              />
            );
          })}
        </div>
      </div>
      <GraphLegend />
      {hovered ? <LaneCard hovered={hovered} summary={model.summaries.get(hovered.branch)} /> : null}
    </div>
  );
}

/** Tells the minimap which rows are on screen, and scrolls where the minimap asks; clears the viewport on close. */
function useViewportSync(first: number, last: number, scrollToIndex: (i: number, o: { align: 'center' }) => void): void {
  useEffect(() => graphStore.setViewport(first, last), [first, last]);
  useEffect(() => () => graphStore.set({ viewport: null }), []);
  const request = useGraphState((s) => s.scrollTo);
  useEffect(() => {
    if (request) scrollToIndex(request.row, { align: 'center' });
  }, [request, scrollToIndex]);
}

function GraphLegend() {
  return (
    <div className="graph-legend muted">
      <span>
        <i className="status-dot status-active" /> active
      </span>
      <span>
        <i className="status-dot status-merged" /> merged
      </span>
      <span>
        <i className="status-dot status-abandoned" /> abandoned
      </span>
      <span>◯ fork · ◉ head · ◆ folded</span>
      <span className="graph-keys">
        <kbd>↑</kbd>
        <kbd>↓</kbd>/<kbd>j</kbd>
        <kbd>k</kbd> rows · <kbd>←</kbd>
        <kbd>→</kbd> lanes · <kbd>Enter</kbd> open · <kbd>Esc</kbd> clear focus · <kbd>f</kbd> find
      </span>
    </div>
  );
}
