import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { useLiveState } from '../../api/liveStore.ts';
import { liveStore } from '../../api/liveStore.ts';
import { workspaceOptions } from '../../api/queries.ts';
import { statusClass } from '../../ui/status.ts';
import { formatAgo, parseTimestamp } from '../../ui/time.ts';
import { useSelectedBranch } from '../../state/useSelection.ts';
import { useUrlState } from '../../state/useUrlState.ts';

/** Creation order, main first: a new branch is added at the end and nothing above it moves. */
export function orderBranches(branches: readonly BranchSummary[]): BranchSummary[] {
  const created = (b: BranchSummary) => {
    const t = parseTimestamp(b.metadata?.createdAt);
    return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
  };
  return [...branches].sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : created(a) - created(b) || (a.name < b.name ? -1 : 1)));
}

export function BranchList() {
  const { data } = useQuery(workspaceOptions());
  const { name: selected } = useSelectedBranch();
  const [, setUrl] = useUrlState();
  // Re-render with the live state so "x s ago" and the fresh flash stay current.
  useLiveState((s) => s.lastEventId);
  const branches = useMemo(() => orderBranches(data?.branches ?? []), [data?.branches]);
  // Picked elsewhere (the graph, a link): the list shows it.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (selected) list.current?.querySelector(`[data-branch="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <section className="panel branch-list" aria-label="Branch list">
      <div className="panel-head">
        <h2>Branches</h2>
        <span className="muted">{branches.length}</span>
      </div>
      <ul ref={list}>
        {branches.map((b) => {
          const status = statusClass(b.status);
          const fresh = liveStore.isFresh(`branch:${b.name}`);
          return (
            <li key={b.name}>
              <button
                type="button"
                className={`branch-item${b.name === selected ? ' is-selected' : ''}${fresh ? ' is-fresh' : ''}`}
                aria-current={b.name === selected ? 'true' : undefined}
                title={b.purpose ?? ''}
                data-branch={b.name}
                onClick={() => setUrl({ branch: b.name, step: null, commit: null }, 'push')}
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
