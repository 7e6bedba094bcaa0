// Before anything is written: the summary the merge records (the user may replace the automatic one), what the
// preview found worth saying, and each file's exact bytes, folded until asked for, in the dialect of the base's
// files. The bar's Merge button performs exactly this change.
import { useId } from 'react';
import { InlineCode } from '../../ui/InlineCode.tsx';
import { dialectName } from './MergeDialog.tsx';
import { MergeWriteView } from './MergeWriteView.tsx';
import type { DiffMode } from './TextDiff.tsx';
import type { MergeFlow } from './useMergeFlow.ts';

export function MergePreview({ flow, mode, roadmap }: { flow: MergeFlow; mode: DiffMode; roadmap: string }) {
  const summaryId = useId();
  const { plan } = flow;
  return (
    <section className="merge-preview" data-testid="merge-preview" aria-labelledby={`${summaryId}-title`}>
      <h3 className="compare-h" id={`${summaryId}-title`}>
        What the merge writes
        {plan ? <span className="pill pill-muted" title="The Contexa implementation whose merge this reproduces">as Contexa {dialectName(plan.dialect)} writes it</span> : null}
      </h3>
      <p className="muted merge-intro">Exactly what will be appended or replaced. Only the timestamps and the commit id will differ when the merge is done.</p>
      <div className="merge-summary">
        <label htmlFor={summaryId}>Merge summary</label>
        <textarea id={summaryId} data-testid="merge-summary" rows={3} value={flow.summary} placeholder={plan?.automaticSummary ?? 'Automatic summary'} onChange={(e) => flow.setSummary(e.target.value)} maxLength={8000} />
        <span className="muted merge-summary-hint">{flow.summary.trim() ? 'Your text replaces the automatic summary.' : 'Empty: the automatic summary (shown greyed) is used.'}</span>
      </div>
      {flow.previewError ? <div className="notice notice-error">Could not preview the merge: {flow.previewError.message}</div> : null}
      {plan ? (
        <>
          <InlineCodeList items={plan.blockers} className="merge-blockers" testId="merge-blockers" />
          <InlineCodeList items={plan.notes} className="merge-notes" testId="merge-notes" />
          <div className={`merge-writes${flow.typing ? ' is-stale' : ''}`}>
            {plan.writes.map((w) => (
              <MergeWriteView key={w.file} write={w} mode={mode} roadmap={roadmap} />
            ))}
          </div>
        </>
      ) : flow.previewError ? null : (
        <p className="muted">Preparing the preview…</p>
      )}
    </section>
  );
}

/** Nothing when empty; else one item a line, `code` spans kept. */
function InlineCodeList({ items, className, testId }: { items: readonly string[]; className: string; testId: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={className} data-testid={testId}>
      {items.map((item) => (
        <li key={item}>
          <InlineCode text={item} />
        </li>
      ))}
    </ul>
  );
}
