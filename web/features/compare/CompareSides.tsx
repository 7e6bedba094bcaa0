// The two branches side by side: purposes and metadata, then the last commit of each (the two states a merge
// joins), then each summary field of those commits as a word diff, base → head.
import type { BranchSummary } from '../../../shared/api.ts';
import { SUMMARY_FIELDS, SUMMARY_FIELD_LABELS } from '../../../shared/gcc/compare/branch-diff.ts';
import type { Commit } from '../../../shared/types.ts';
import { countOf } from '../../ui/count.ts';
import { statusClass } from '../../ui/status.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { MarkdownText } from '../../ui/Markdown.tsx';
import { TextDiff, type DiffMode } from './TextDiff.tsx';

function Side({ role, summary, last }: { role: 'head' | 'base'; summary: BranchSummary; last: Commit | null }) {
  const m = summary.metadata;
  const status = statusClass(summary.status);
  return (
    <section className="compare-side" data-testid={`compare-${role}`} aria-label={`${role}: ${summary.name}`}>
      <header className="compare-side-head">
        <span className="compare-role">{role}</span>
        <span className="mono compare-side-name">{summary.name}</span>
        <span className={`pill pill-status status-${status}`}>{summary.status ?? 'no metadata'}</span>
        <span className="pill pill-muted" title="Contexa implementation that wrote these files">
          {summary.dialect}
        </span>
      </header>
      <p className="compare-purpose">{summary.purpose ?? <span className="muted">No purpose recorded.</span>}</p>
      <dl className="compare-facts">
        <dt>Created from</dt>
        <dd className="mono">{summary.createdFrom || '—'}</dd>
        <dt>Created</dt>
        <dd title={m?.createdAt}>{m?.createdAt ? formatTimestamp(m.createdAt) : '—'}</dd>
        {summary.mergedInto ? (
          <>
            <dt>Merged into</dt>
            <dd>
              <span className="mono">{summary.mergedInto}</span>
              {m?.mergedAt ? <span className="muted"> · {formatTimestamp(m.mergedAt)}</span> : null}
            </dd>
          </>
        ) : null}
        <dt>Records</dt>
        <dd>
          {countOf(summary.commitCount, 'commit')} · {countOf(summary.stepCount, 'step')}
        </dd>
      </dl>
      <div className="compare-last" data-testid={`compare-${role}-last-commit`}>
        <h4>Last commit</h4>
        {last ? (
          <>
            <div className="compare-last-meta">
              <code className="commit-id-static">{last.commitId}</code>
              <time className="muted" dateTime={last.timestamp} title={last.timestamp}>
                {formatTimestamp(last.timestamp)}
              </time>
            </div>
            <MarkdownText text={last.thisCommitContribution} />
          </>
        ) : (
          <p className="muted">No commits yet.</p>
        )}
      </div>
    </section>
  );
}

interface Props {
  head: BranchSummary;
  base: BranchSummary;
  headLast: Commit | null;
  baseLast: Commit | null;
  mode: DiffMode;
}

export function CompareSides({ head, base, headLast, baseLast, mode }: Props) {
  return (
    <>
      <div className="compare-sides">
        <Side role="base" summary={base} last={baseLast} />
        <Side role="head" summary={head} last={headLast} />
      </div>
      <section className="compare-section" aria-label="Summary fields">
        <h3 className="compare-h">
          Last commits, field by field <span className="muted">({base.name} → {head.name})</span>
        </h3>
        {SUMMARY_FIELDS.map((field) => (
          <div key={field} className="compare-field" data-testid={`field-diff-${field}`}>
            <h4>{SUMMARY_FIELD_LABELS[field]}</h4>
            <TextDiff before={baseLast?.[field] ?? ''} after={headLast?.[field] ?? ''} mode={mode} beforeLabel={base.name} afterLabel={head.name} />
          </div>
        ))}
      </section>
    </>
  );
}
