// The compare tab: the selected branch (head) against a base, default the branch it was created from. Deep-linked
// through the URL (`?branch=head&tab=compare&base=main`). Everything below is computed by the server from the
// records and recomputed as files change.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { compareOptions, workspaceOptions } from '../../api/queries.ts';
import { isExportedPage } from '../../api/snapshot.ts';
import { useSettledRevision } from '../../state/useSettledRevision.ts';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import { CompareRecords } from './CompareRecords.tsx';
import { CompareSides } from './CompareSides.tsx';
import { CompareWarnings } from './CompareWarnings.tsx';
import { MergePreview } from './MergePreview.tsx';
import { PartialMergeNotices } from './PartialMergeNotices.tsx';
import type { DiffMode } from './TextDiff.tsx';
import './compare.css';

export function ComparePanel({ head }: { head: string }) {
  const base = useUrlValue((u) => u.base ?? null);
  const setUrl = useSetUrl();
  const ws = useQuery(workspaceOptions()).data;
  const revision = useSettledRevision(ws?.revision ?? 0);
  // A base equal to the head (the head was switched in the branch list) means: the default again.
  const wantedBase = base && base !== head ? base : null;
  const { data, error, isPending } = useQuery(compareOptions(head, wantedBase, revision));
  const [mode, setMode] = useState<DiffMode>('unified');
  const baseId = useId();
  const others = (ws?.branches ?? []).filter((b) => b.name !== head);
  const current = data && data.head.name === head ? data : undefined;

  return (
    <div className="compare" data-testid="compare-view">
      <div className="compare-controls">
        <label className="field" htmlFor={baseId}>
          <span>
            Compare <code>{head}</code> with
          </span>
          <select id={baseId} data-testid="compare-base-select" value={current?.base.name ?? wantedBase ?? ''} onChange={(e) => setUrl({ base: e.target.value || null })}>
            {others.map((b) => (
              <option key={b.name} value={b.name}>
                {b.name}
                {b.name === ws?.branches.find((x) => x.name === head)?.createdFrom ? ' (created from)' : ''}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="Diff layout">
          <button type="button" aria-pressed={mode === 'unified'} onClick={() => setMode('unified')}>
            Unified
          </button>
          <button type="button" aria-pressed={mode === 'split'} onClick={() => setMode('split')}>
            Side by side
          </button>
        </div>
      </div>
      {error ? <div className="notice notice-error">Could not compare: {error.message}</div> : null}
      {isPending && !current ? <p className="muted compare-pad">Comparing…</p> : null}
      {current ? (
        <div className="compare-body">
          <PartialMergeNotices notices={current.partialMerges ?? []} />
          <CompareWarnings warnings={current.comparison.warnings} />
          <CompareSides head={current.head} base={current.base} headLast={current.comparison.headLastCommit} baseLast={current.comparison.baseLastCommit} mode={mode} />
          <CompareRecords
            head={current.head.name}
            base={current.base.name}
            commits={current.comparison.commitsAhead}
            steps={current.comparison.stepsSinceCreated}
            stepsTotal={current.stepsSinceCreatedTotal}
          />
          {/* An exported file compares (the same pure code, over the records it holds) but cannot merge. */}
          {isExportedPage ? null : <MergePreview key={`${head}\u0000${current.base.name}`} head={head} base={current.base.name} mode={mode} />}
        </div>
      ) : null}
    </div>
  );
}
