// The selected branch's header: name, status, writer, purpose and counts.
import type { BranchSummary } from '../../../shared/api.ts';
import { statusClass } from '../../ui/status.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { useSetUrl } from '../../state/useUrlState.ts';
import { EditBranchPurpose, EditBranchStatus } from '../edit/index.ts';
import { countOf } from '../../ui/count.ts';

export function BranchHeader({ summary }: { summary: BranchSummary }) {
  const setUrl = useSetUrl();
  const status = statusClass(summary.status);
  const m = summary.metadata;
  const go = (branch: string) => setUrl({ branch, step: null, commit: null }, 'push');
  return (
    <div className="branch-header" data-testid="branch-header">
      <div className="branch-title">
        <h1 className="mono">{summary.name}</h1>
        <EditBranchStatus summary={summary} className={`pill pill-status status-${status}`} />
        {/* A branch another implementation merged into holds both writers' records: say both. */}
        <span className="pill pill-muted" data-testid="branch-writers" title={summary.writers ? `Written by ${summary.writers[0]}, with records by ${summary.writers.slice(1).join(', ')} (a merge by another implementation)` : 'Contexa implementation that wrote these files'}>
          {summary.writers ? summary.writers.join(' + ') : summary.dialect}
        </span>
      </div>
      <EditBranchPurpose summary={summary} />
      <dl className="branch-facts">
        <div>
          <dt>Created from</dt>
          <dd>
            {summary.createdFrom ? (
              <button type="button" className="link mono" onClick={() => go(summary.createdFrom!)}>
                {summary.createdFrom}
              </button>
            ) : (
              <span className="muted">—</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd title={m?.createdAt}>{m?.createdAt ? formatTimestamp(m.createdAt) : '—'}</dd>
        </div>
        {summary.mergedInto ? (
          <div>
            <dt>Merged into</dt>
            <dd>
              <button type="button" className="link mono" onClick={() => go(summary.mergedInto!)}>
                {summary.mergedInto}
              </button>
              {m?.mergedAt ? <span className="muted" title={m.mergedAt}> · {formatTimestamp(m.mergedAt)}</span> : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Records</dt>
          <dd>
            {countOf(summary.commitCount, 'commit')} · {countOf(summary.stepCount, 'step')}
          </dd>
        </div>
      </dl>
    </div>
  );
}
