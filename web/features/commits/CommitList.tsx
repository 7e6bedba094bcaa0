import { useEffect, useRef } from 'react';
import type { Commit } from '../../../shared/types.ts';
import { liveStore, useLiveState } from '../../api/liveStore.ts';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import { DetachedDrafts } from '../edit/index.ts';
import { CommitCard } from './CommitCard.tsx';

/** Newest first. Commits are few (one per checkpoint), so the list is not virtualized. */
export function CommitList({ branch, commits }: { branch: string; commits: readonly Commit[] | null }) {
  const selectedId = useUrlValue((u) => u.commit);
  const query = useUrlValue((u) => u.q);
  const setUrl = useSetUrl();
  useLiveState((s) => s.lastEventId);
  const list = useRef<HTMLOListElement>(null);
  const selectedIndex = commits && selectedId ? commits.findIndex((c) => c.commitId === selectedId) : -1;
  useEffect(() => {
    if (selectedIndex === -1) return;
    list.current?.querySelector(`[data-index="${selectedIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);
  if (!commits) return <div className="empty">Loading commits…</div>;
  // A draft whose commit is gone from commit.md (cut short on disk) stays open above the list.
  const detached = <DetachedDrafts branch={branch} kind="commit" count={commits.length} />;
  if (commits.length === 0) {
    return (
      <>
        {detached}
        <div className="empty">No commits on this branch yet.</div>
      </>
    );
  }
  const order = commits.map((c, i) => [c, i] as const).reverse();
  return (
    <>
      {detached}
      <ol className="commit-list" ref={list} data-testid="commit-list">
        {order.map(([c, i]) => (
          <li key={i} data-index={i}>
            <CommitCard
              branch={branch}
              commit={c}
              index={i}
              selected={i === selectedIndex}
              fresh={liveStore.isFresh(`commit:${branch}:${i}`)}
              query={query}
              onSelect={() => setUrl({ commit: c.commitId })}
            />
          </li>
        ))}
      </ol>
    </>
  );
}
