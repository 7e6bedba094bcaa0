// The full branch graph (the centre's Graph tab, `?tab=graph`): one row per event, newest first by default, lanes on
// the left, the branch chip, text and time on each row. Virtualized (GraphRows): only the rows on screen and the lane
// marks crossing them are in the DOM. Focus (the URL's branch) highlights its lineage and dims the rest.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useUrlValue } from '../../state/useUrlState.ts';
import { lineage, type GraphModel } from './graphModel.ts';
import { useGraphState } from './graphStore.ts';
import { COMPACT_ROW_H, laneStep, ROW_H, type RowOrder } from './geometry.ts';
import { GraphRows } from './GraphRows.tsx';
import { GraphToolbar } from './GraphToolbar.tsx';
import { LaneCard, type HoveredLane } from './LaneCard.tsx';
import { useFreshIds } from './useFreshIds.ts';
import { useGraphCursor } from './useGraphCursor.ts';
import { useGraphModel } from './useGraphModel.ts';
import { useGraphSearch } from './useGraphSearch.ts';
import * as lanePalette from './lanePalette.ts';
import { useLaneColours } from './useLaneColours.ts';
import './graphView.css';

const NO_COLOURS: ReadonlyMap<string, string> = new Map();

/** Names longer than this (characters) are cut in their middle in the graph's name column. */
const NAME_MAX_CH = 30;

export function GraphView() {
  const { model, total, complete, error } = useGraphModel();
  if (!model) {
    return error ? (
      <div className="notice notice-error">Could not load the commits of the branches: {error.message}</div>
    ) : (
      <div className="loading-view muted" role="status">
        Loading the commits of {total} branches…
      </div>
    );
  }
  if (model.layout.rowCount === 0) return <div className="empty">No branches to draw yet.</div>;
  return <LoadedGraph model={model} complete={complete} />;
}

function LoadedGraph({ model, complete }: { model: GraphModel; complete: boolean }) {
  const { layout } = model;
  const newestFirst = useGraphState((s) => s.newestFirst);
  const filters = useGraphState((s) => s.filters);
  const compact = useUrlValue((u) => u.graph === 'compact');
  const order: RowOrder = useMemo(
    () => ({ rowCount: layout.rowCount, newestFirst, laneW: laneStep(layout.laneCount), rowH: compact ? COMPACT_ROW_H : ROW_H }),
    [layout.rowCount, layout.laneCount, newestFirst, compact],
  );
  const revealRef = useRef<(display: number) => void>(() => {});
  const reveal = useCallback((display: number) => revealRef.current(display), []);
  const cursor = useGraphCursor(model, order, reveal);
  const search = useGraphSearch(model, cursor.focusBranchAt);
  const focus = useMemo(() => (cursor.focusBranch ? lineage(model, cursor.focusBranch) : null), [model, cursor.focusBranch]);
  const names = useMemo(() => layout.branches.map((b) => b.name), [layout]);
  const colours = useLaneColours(names, lanePalette) ?? NO_COLOURS;
  // One width for every row's name, the longest name's (a very long one is cut in its middle, and its title says all).
  const nameCh = useMemo(() => Math.min(NAME_MAX_CH, Math.max(4, ...[...model.summaries.keys()].map((n) => n.length))), [model.summaries]);
  const fresh = useFreshIds(layout.nodes, complete, filters);
  const matches = useMemo(() => new Set(search.matches), [search.matches]);
  const [hovered, setHovered] = useState<HoveredLane | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const onHover = useCallback((branch: string | null, e?: React.MouseEvent) => {
    const at = box.current?.getBoundingClientRect();
    setHovered(branch && e && at ? { branch, x: e.clientX - at.left, y: e.clientY - at.top } : null);
  }, []);

  return (
    <div className="graph-view" ref={box}>
      <GraphToolbar model={model} search={search} />
      {/* A fresh virtualizer for the other row height: it keeps the sizes it measured. */}
      <GraphRows
        key={compact ? 'compact' : 'rows'}
        model={model}
        order={order}
        colours={colours}
        nameCh={nameCh}
        focus={focus}
        cursorAt={cursor.at}
        cursorBranch={cursor.node?.branch ?? null}
        matches={matches}
        fresh={fresh}
        revealRef={revealRef}
        onPick={cursor.pick}
        onOpen={cursor.open}
        onFocusBranch={cursor.focusBranchAt}
        onHover={onHover}
      />
      <GraphLegend />
      {/* Always there, absolutely placed and fully contained: a card shown or moved inside it lays out only the layer.
          A fixed card, or a layer added on hover, made each hover a layout of the whole page (the side column's long
          CONTEXT text included) on every scroll frame. */}
      <div className="lane-card-layer">{hovered ? <LaneCard hovered={hovered} summary={model.summaries.get(hovered.branch)} /> : null}</div>
    </div>
  );
}

/** What the marks mean: the status dots are the only place a status has a colour; lanes are coloured by branch. */
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
      <span>lane colours tell branches apart · ◯ fork · ◉ head · ◆ folded</span>
      <span className="graph-keys">
        <kbd>↑</kbd>
        <kbd>↓</kbd>/<kbd>j</kbd>
        <kbd>k</kbd> rows · <kbd>←</kbd>
        <kbd>→</kbd> lanes · <kbd>Enter</kbd> open · <kbd>Esc</kbd> clear focus · <kbd>f</kbd> find
      </span>
    </div>
  );
}
