// The compare tab's bar, kept in view while the pane scrolls: the pair, how far ahead, the files a merge writes, and
// the action (Merge, or for a merged pair, when and its Undo).
import { isExportedPage } from '../../api/snapshot.ts';
import type { BranchSummary } from '../../../shared/api.ts';
import type { CompareResponse } from '../../../shared/compare-api.ts';
import { useSetUrl } from '../../state/useUrlState.ts';
import { countOf } from '../../ui/count.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { InlineCode } from '../../ui/InlineCode.tsx';
import type { DiffMode } from './TextDiff.tsx';
import type { MergeFlow } from './useMergeFlow.ts';

interface Props {
  flow: MergeFlow;
  compare: CompareResponse | undefined;
  branches: readonly BranchSummary[];
  readOnly: boolean;
  mode: DiffMode;
  setMode(mode: DiffMode): void;
  onAskMerge(): void;
}

/** `branches/main/log.md` → `main/log.md`: the bar has room for four of them on a line. */
const shortPath = (file: string) => (file.startsWith('branches/') ? file.slice('branches/'.length) : file);

export function MergeBar({ flow, compare, branches, readOnly, mode, setMode, onAskMerge }: Props) {
  const setUrl = useSetUrl();
  const { head, base } = flow;
  return (
    <div className="merge-bar" data-testid="merge-bar">
      <div className="merge-bar-pair">
        <label className="field">
          <span>Merge</span>
          {/* The head is the selected branch: picking another selects it. */}
          <select data-testid="compare-head-select" value={head} onChange={(e) => setUrl({ branch: e.target.value, base: null })}>
            {branches.map((b) => (
              <option key={b.name} value={b.name}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>into</span>
          <select data-testid="compare-base-select" value={base} onChange={(e) => setUrl({ base: e.target.value || null })}>
            {branches
              .filter((b) => b.name !== head)
              .map((b) => (
                <option key={b.name} value={b.name}>
                  {b.name}
                  {b.name === branches.find((x) => x.name === head)?.createdFrom ? ' (created from)' : ''}
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
      <div className="merge-bar-state" data-testid="merge-bar-state">
        {flow.merged ? <MergedState flow={flow} readOnly={readOnly} mergedAt={compare?.head.metadata?.mergedAt ?? null} /> : <ReadyState flow={flow} compare={compare} readOnly={readOnly} onAskMerge={onAskMerge} />}
      </div>
    </div>
  );
}

function ReadyState({ flow, compare, readOnly, onAskMerge }: { flow: MergeFlow; compare: CompareResponse | undefined; readOnly: boolean; onAskMerge(): void }) {
  const { plan } = flow;
  const blocked = plan?.blockers[0];
  return (
    <>
      <span className="merge-bar-facts">
        {compare ? (
          <span data-testid="merge-bar-ahead">
            <strong>{countOf(compare.comparison.commitsAhead.length, 'commit')}</strong> and <strong>{countOf(compare.stepsSinceCreatedTotal, 'step')}</strong> ahead
          </span>
        ) : null}
        {plan && !blocked ? (
          <span className="merge-bar-files" data-testid="merge-bar-files">
            writes{' '}
            {plan.writes.map((w, i) => (
              <span key={w.file}>
                {i > 0 ? ', ' : ''}
                <code title={`.GCC/${w.file}`}>{shortPath(w.file)}</code>
              </span>
            ))}
          </span>
        ) : null}
        {blocked ? (
          <span className="merge-bar-blocked" data-testid="merge-bar-blocked">
            <InlineCode text={blocked} />
          </span>
        ) : null}
        {flow.previewError ? <span className="merge-bar-blocked">Could not prepare the merge: {flow.previewError.message}</span> : null}
      </span>
      {readOnly ? (
        <span className="muted">{isExportedPage ? 'An exported snapshot: merging needs the server.' : 'Read-only: gcc-studio merges nothing here.'}</span>
      ) : (
        <button type="button" className="btn btn-primary" data-testid="merge-button" disabled={!plan || !!blocked || flow.typing || flow.merging} onClick={onAskMerge}>
          {flow.merging ? 'Merging…' : `Merge ${flow.head} into ${flow.base}…`}
        </button>
      )}
    </>
  );
}

function MergedState({ flow, readOnly, mergedAt }: { flow: MergeFlow; readOnly: boolean; mergedAt: string | null }) {
  const r = flow.recorded;
  return (
    <>
      <span className="merge-bar-facts" data-testid="merge-bar-merged">
        <span>
          <strong>Merged</strong> into <code>{flow.base}</code>
          {mergedAt ? ` ${formatTimestamp(mergedAt)}` : ''}
          {r ? (
            <>
              {' '}
              by gcc-studio, commit <code>{r.commitId}</code>
            </>
          ) : null}
          : nothing left to merge.
        </span>
        {r?.undo && !r.undo.possible ? (
          <span className="merge-bar-blocked" data-testid="merge-undo-refused">
            Undo is no longer possible: {r.undo.reason}.
          </span>
        ) : null}
        {/* A git ref keeps no record of merges: who merged it is not known there. */}
        {!r && flow.recordsKnown ? <span className="muted">Its writer merged it, not gcc-studio here: there is no record to undo it with.</span> : null}
      </span>
      {r && !readOnly ? (
        <button type="button" className="btn" data-testid="merge-undo" disabled={!r.undo?.possible || flow.undoing} onClick={() => flow.undo(r.id)}>
          {flow.undoing ? 'Undoing…' : 'Undo merge'}
        </button>
      ) : null}
    </>
  );
}
