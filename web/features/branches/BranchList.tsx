// The branches, main first then by creation: one Tab stop (a roving tabindex: ↑/↓, Home/End move among them, Enter
// opens one), each with its status, its counts and its age (from the moment shown while travelling).
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { useLiveState } from '../../api/liveStore.ts';
import { liveStore } from '../../api/liveStore.ts';
import { workspaceOptions } from '../../api/queries.ts';
import { countOf } from '../../ui/count.ts';
import { statusClass } from '../../ui/status.ts';
import { formatAgo, parseTimestamp } from '../../ui/time.ts';
import { useAgeReference } from '../timeline/index.ts';
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
  const ageFrom = useAgeReference() ?? Date.now();
  const roving = useRovingFocus(list, branches, selected, (at) => (windowed ? rows.scrollToIndex(at, { align: 'auto' }) : undefined));
  // A long list draws only the rows in view: when the tab stop is scrolled away, the first row drawn takes its place.
  const drawn = windowed ? rows.getVirtualItems().map((r) => branches[r.index]!.name) : null;
  const tabStop = drawn && roving.tabStop !== null && !drawn.includes(roving.tabStop) ? (drawn[0] ?? null) : roving.tabStop;
  const item = (b: BranchSummary) => <BranchItem branch={b} selected={b.name === selected} tabbable={b.name === tabStop} ageFrom={ageFrom} onPick={pick} />;
  return (
    <section className="panel branch-list" aria-label="Branch list">
      <div className="panel-head">
        <h2>Branches</h2>
        <span className="muted">{branches.length}</span>
      </div>
      <ul ref={list} className={windowed ? 'is-windowed' : undefined} onKeyDown={roving.onKeyDown}>
        {windowed ? (
          <>
            {rows.getVirtualItems().map((row) => (
              <li key={branches[row.index]!.name} data-index={row.index} ref={rows.measureElement} className="branch-row" style={{ transform: `translateY(${row.start}px)` }}>
                {item(branches[row.index]!)}
              </li>
            ))}
            <li className="branch-list-extent" aria-hidden="true" style={{ height: rows.getTotalSize() }} />
          </>
        ) : (
          branches.map((b) => <li key={b.name}>{item(b)}</li>)
        )}
      </ul>
    </section>
  );
}

/**
 * The list's one Tab stop: the branch last moved to with the arrows, else the selected one, else the first. The arrows
 * move the focus (a long list scrolls the row into view first, then focuses it once drawn); Enter or Space opens it.
 */
function useRovingFocus(list: RefObject<HTMLUListElement | null>, branches: readonly BranchSummary[], selected: string | null, reveal: (at: number) => void) {
  const [moved, setMoved] = useState<string | null>(null);
  // A row the arrows moved to and not focused yet (in a long list it is drawn a render after it is scrolled to).
  const toFocus = useRef<string | null>(null);
  const names = branches.map((b) => b.name);
  const tabStop = moved !== null && names.includes(moved) ? moved : selected !== null && names.includes(selected) ? selected : (names[0] ?? null);
  useEffect(() => {
    const name = toFocus.current;
    const el = name === null ? null : list.current?.querySelector<HTMLElement>(`[data-branch="${CSS.escape(name)}"]`);
    if (!el) return;
    toFocus.current = null;
    el.focus();
  });
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const keys: Record<string, (at: number) => number> = { ArrowDown: (at) => at + 1, ArrowUp: (at) => at - 1, Home: () => 0, End: () => names.length - 1 };
    const step = keys[e.key];
    if (!step || names.length === 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    // The arrows are the list's: the page's own keys (the timeline's ←/→ aside) do not see them.
    e.stopPropagation();
    const next = Math.max(0, Math.min(names.length - 1, step(Math.max(0, names.indexOf(tabStop ?? '')))));
    toFocus.current = names[next]!;
    setMoved(names[next]!);
    reveal(next);
  };
  return { tabStop, onKeyDown };
}

interface ItemProps {
  branch: BranchSummary;
  selected: boolean;
  tabbable: boolean;
  /** Epoch ms the age is counted from (now, or the moment shown). */
  ageFrom: number;
  onPick(name: string): void;
}

function BranchItem({ branch: b, selected, tabbable, ageFrom, onPick }: ItemProps) {
  const status = statusClass(b.status);
  const fresh = liveStore.isFresh(`branch:${b.name}`);
  return (
    <button
      type="button"
      className={`branch-item${selected ? ' is-selected' : ''}${fresh ? ' is-fresh' : ''}`}
      aria-current={selected ? 'true' : undefined}
      tabIndex={tabbable ? 0 : -1}
      title={b.purpose ?? ''}
      data-branch={b.name}
      onClick={() => onPick(b.name)}
    >
      {/* The spaces between the parts keep the button's name readable ("auth-jwt 2 d ago active · …"); a grid drops them. */}
      <span className={`status-dot status-${status}`} aria-hidden="true" />{' '}
      <span className="branch-item-name">{b.name}</span>{' '}
      <span className="branch-item-age muted">{b.lastActivity ? formatAgo(b.lastActivity, ageFrom) : ''}</span>{' '}
      <span className="branch-item-sub muted">
        <span className={`status-text status-${status}`}>{b.status ?? 'no metadata'}</span>
        {b.mergedInto ? <> → {b.mergedInto}</> : null}
        {' · '}
        {countOf(b.commitCount, 'commit')} · {countOf(b.stepCount, 'step')}
      </span>
    </button>
  );
}
