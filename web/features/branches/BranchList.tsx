import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { useLiveState } from '../../api/liveStore.ts';
import { liveStore } from '../../api/liveStore.ts';
import { workspaceOptions } from '../../api/queries.ts';
import { statusClass } from '../../ui/status.ts';
import { formatAgo, parseTimestamp } from '../../ui/time.ts';
import { useSelectedBranch } from '../../state/useSelection.ts';
import { useSetUrl } from '../../state/useUrlState.ts';

/**
 * Up to this many branches the list is drawn whole (find-in-page sees every one); beyond, only the rows in view and a
 * few around: 500 branches were 3,500 elements made and laid out in the first render, and again on every live event.
 */
const DRAWN_WHOLE_UP_TO = 100;
/** A row's height before it is measured (two lines). */
const ROW_ESTIMATE = 44;

/** Creation order, main first: a new branch is added at the end and nothing above it moves. */
export function orderBranches(branches: readonly BranchSummary[]): BranchSummary[] {
  // Each time parsed once, not once a comparison.
  const created = new Map(
    branches.map((b) => {
      const t = parseTimestamp(b.metadata?.createdAt);
      return [b, Number.isNaN(t) ? Number.POSITIVE_INFINITY : t];
    }),
  );
  return [...branches].sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : created.get(a)! - created.get(b)! || (a.name < b.name ? -1 : 1)));
}

export function BranchList() {
  const { data } = useQuery(workspaceOptions());
  const { name: selected } = useSelectedBranch();
  const setUrl = useSetUrl();
  // Re-render with the live state so "x s ago" and the fresh flash stay current.
  useLiveState((s) => s.lastEventId);
  const branches = useMemo(() => orderBranches(data?.branches ?? []), [data?.branches]);
  const list = useRef<HTMLUListElement>(null);
  const windowed = branches.length > DRAWN_WHOLE_UP_TO;
  const rows = useVirtualizer({ count: windowed ? branches.length : 0, getScrollElement: () => list.current, estimateSize: () => ROW_ESTIMATE, overscan: 6 });
  // Picked elsewhere (the graph, a link): the list shows it, when the selection changes (not when the list does).
  const shown = useRef({ branches, windowed, rows });
  shown.current = { branches, windowed, rows };
  useEffect(() => {
    if (!selected) return;
    const now = shown.current;
    const at = now.branches.findIndex((b) => b.name === selected);
    if (now.windowed) {
      if (at >= 0) now.rows.scrollToIndex(at, { align: 'auto' });
    } else list.current?.querySelector(`[data-branch="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const pick = (name: string) => setUrl({ branch: name, step: null, commit: null }, 'push');
  const item = (b: BranchSummary) => <BranchItem branch={b} selected={b.name === selected} onPick={pick} />;
  return (
    <section className="panel branch-list" aria-label="Branch list">
      <div className="panel-head">
        <h2>Branches</h2>
        <span className="muted">{branches.length}</span>
      </div>
      <ul ref={list} className={windowed ? 'is-windowed' : undefined}>
        {windowed ? (
          <>
            {rows.getVirtualItems().map((row) => (
              <li key={branches[row.index]!.name} data-index={row.index} ref={rows.measureElement} className="branch-row" style={{ transform: `translateY(${row.start}px)` }}>
                {item(branches[row.index]!)}
              </li>
            ))}
            <li className="branch-list-extent" role="presentation" style={{ height: rows.getTotalSize() }} />
          </>
        ) : (
          branches.map((b) => <li key={b.name}>{item(b)}</li>)
        )}
      </ul>
    </section>
  );
}

function BranchItem({ branch: b, selected, onPick }: { branch: BranchSummary; selected: boolean; onPick(name: string): void }) {
  const status = statusClass(b.status);
  const fresh = liveStore.isFresh(`branch:${b.name}`);
  return (
    <button
      type="button"
      className={`branch-item${selected ? ' is-selected' : ''}${fresh ? ' is-fresh' : ''}`}
      aria-current={selected ? 'true' : undefined}
      title={b.purpose ?? ''}
      data-branch={b.name}
      onClick={() => onPick(b.name)}
    >
      <span className={`status-dot status-${status}`} aria-hidden="true" />
      <span className="branch-item-name">{b.name}</span>
      <span className="branch-item-counts muted">
        {b.commitCount}c · {b.stepCount}s
      </span>
      <span className="branch-item-sub muted">
        <span className={`status-text status-${status}`}>{b.status ?? 'no metadata'}</span>
        {b.mergedInto ? <> → {b.mergedInto}</> : null}
        {b.lastActivity ? <> · {formatAgo(b.lastActivity)}</> : null}
      </span>
    </button>
  );
}
