// The full view's controls: row order, compact rows (kept in the URL), the filters (hidden branches fold into
// markers), the branch search, and what is shown.
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import type { GraphModel } from './graphModel.ts';
import { graphStore, useGraphState } from './graphStore.ts';
import { countOf } from '../../ui/count.ts';

const ACTIVE_WITHIN = [null, 1, 6, 24, 72, 168] as const;

export interface GraphSearch {
  query: string;
  matches: readonly string[];
  at: number;
  setQuery(q: string): void;
  next(step: 1 | -1): void;
}

export const GRAPH_SEARCH_ID = 'graph-search';

export function GraphToolbar({ model, search }: { model: GraphModel; search: GraphSearch }) {
  const filters = useGraphState((s) => s.filters);
  const newestFirst = useGraphState((s) => s.newestFirst);
  const compact = useUrlValue((u) => u.graph === 'compact');
  const setUrl = useSetUrl();
  const shown = model.layout.branches.length;
  return (
    <div className="graph-toolbar" role="toolbar" aria-label="Graph filters">
      <label className="graph-check">
        <input type="checkbox" checked={filters.hideMerged} onChange={(e) => graphStore.setFilters({ hideMerged: e.target.checked })} /> Hide merged
      </label>
      <label className="graph-check">
        <input type="checkbox" checked={filters.hideAbandoned} onChange={(e) => graphStore.setFilters({ hideAbandoned: e.target.checked })} /> Hide abandoned
      </label>
      <label className="graph-check">
        Active in
        <select
          value={filters.activeWithinHours ?? ''}
          onChange={(e) => graphStore.setFilters({ activeWithinHours: e.target.value ? Number(e.target.value) : null })}
          aria-label="Show only branches active in the last hours"
        >
          {ACTIVE_WITHIN.map((h) => (
            <option key={h ?? 'all'} value={h ?? ''}>
              {h === null ? 'any time' : h < 24 ? `last ${h} h` : `last ${h / 24} d`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn" onClick={() => graphStore.set({ newestFirst: !newestFirst })} title="Row order">
        {newestFirst ? 'Newest first ↓' : 'Oldest first ↓'}
      </button>
      <button
        type="button"
        className="btn"
        data-testid="graph-compact"
        aria-pressed={compact}
        title="One row for each run of a branch's commits, with their count and the newest one's line"
        onClick={() => setUrl({ graph: compact ? null : 'compact' })}
      >
        Compact rows
      </button>
      <span className="graph-search">
        <input
          id={GRAPH_SEARCH_ID}
          type="search"
          placeholder="Find a branch…"
          aria-label="Find a branch in the graph"
          value={search.query}
          onChange={(e) => search.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search.next(e.shiftKey ? -1 : 1);
            }
          }}
        />
        {search.query ? (
          <span className="muted graph-search-count" aria-live="polite">
            {search.matches.length ? `${search.at + 1} of ${search.matches.length}` : 'no branch'}
          </span>
        ) : null}
      </span>
      <span className="graph-summary muted" data-testid="graph-summary">
        {shown} of {countOf(model.summaries.size, 'branch')} · {countOf(model.layout.laneCount, 'lane')} · {countOf(model.layout.rowCount, 'row')}
        {model.foldedCount ? ` · ${model.foldedCount} folded` : ''}
      </span>
    </div>
  );
}
