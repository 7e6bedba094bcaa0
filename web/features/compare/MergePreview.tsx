// Before anything is written: the exact bytes a merge of head into base will append or change, in the dialect of
// the base's files, with the summary the user may replace. The Merge button performs exactly this change.
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { MergePreviewResponse, MergeRequest, MergeResponse } from '../../../shared/compare-api.ts';
import { mergeMutationOptions, mergePreviewOptions, workspaceOptions } from '../../api/queries.ts';
import { useSettledRevision, useSettledValue } from '../../state/useSettledRevision.ts';
import { InlineCode } from '../../ui/InlineCode.tsx';
import { MergeWriteView } from './MergeWriteView.tsx';
import type { DiffMode } from './TextDiff.tsx';

const DIALECT_NAMES: Record<string, string> = { python: 'Python', typescript: 'TypeScript', rust: 'Rust', go: 'Go', zig: 'Zig', lua: 'Lua', elixir: 'Elixir' };

type Merge = UseMutationResult<MergeResponse, Error, MergeRequest>;

export function MergePreview({ head, base, mode }: { head: string; base: string; mode: DiffMode }) {
  const client = useQueryClient();
  const ws = useQuery(workspaceOptions()).data;
  const revision = useSettledRevision(ws?.revision ?? 0);
  const [summary, setSummary] = useState('');
  const settledSummary = useSettledValue(summary);
  const preview = useQuery(mergePreviewOptions(head, base, settledSummary.trim(), revision));
  const merge = useMutation(mergeMutationOptions(client));
  const summaryId = useId();
  const p = preview.data;
  const current = p && p.branch === head && p.target === base ? p : undefined;
  const typing = summary.trim() !== settledSummary.trim() || preview.isFetching;
  const readOnly = ws?.readOnly ?? true;

  return (
    <section className="merge-preview" data-testid="merge-preview" aria-label="Merge preview">
      <h3 className="compare-h">
        Merge <code>{head}</code> into <code>{base}</code>
        {current ? <span className="pill pill-muted" title="The Contexa implementation whose merge this reproduces">as Contexa {DIALECT_NAMES[current.dialect] ?? current.dialect} writes it</span> : null}
      </h3>
      <p className="muted merge-intro">
        Exactly what will be appended or replaced. Only the timestamps and the commit id will differ when the merge is done.
      </p>
      <MergeSummaryField id={summaryId} summary={summary} placeholder={current?.automaticSummary ?? 'Automatic summary'} onChange={setSummary} />
      {preview.error ? <div className="notice notice-error">Could not preview the merge: {preview.error.message}</div> : null}
      {current ? (
        <MergePlanView
          head={head}
          base={base}
          plan={current}
          mode={mode}
          roadmap={ws?.roadmap.text ?? ''}
          typing={typing}
          readOnly={readOnly}
          merge={merge}
        />
      ) : preview.isPending ? (
        <p className="muted">Preparing the preview…</p>
      ) : null}
      <MergeOutcome merge={merge} />
    </section>
  );
}

function MergeSummaryField({ id, summary, placeholder, onChange }: { id: string; summary: string; placeholder: string; onChange(summary: string): void }) {
  return (
    <div className="merge-summary">
      <label htmlFor={id}>Merge summary</label>
      <textarea id={id} data-testid="merge-summary" rows={3} value={summary} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} maxLength={8000} />
      <span className="muted merge-summary-hint">{summary.trim() ? 'Your text replaces the automatic summary.' : 'Empty: the automatic summary (shown greyed) is used.'}</span>
    </div>
  );
}

interface MergePlanViewProps {
  head: string;
  base: string;
  plan: MergePreviewResponse;
  mode: DiffMode;
  roadmap: string;
  typing: boolean;
  readOnly: boolean;
  merge: Merge;
}

/** What the preview found (blockers, notes), the writes, and the Merge button that performs exactly them. */
function MergePlanView({ head, base, plan, mode, roadmap, typing, readOnly, merge }: MergePlanViewProps) {
  return (
    <>
      <InlineCodeList items={plan.blockers} className="merge-blockers" testId="merge-blockers" />
      <InlineCodeList items={plan.notes} className="merge-notes" />
      <div className={`merge-writes${typing ? ' is-stale' : ''}`}>
        {plan.writes.map((w) => (
          <MergeWriteView key={w.file} write={w} mode={mode} roadmap={roadmap} />
        ))}
      </div>
      {readOnly ? null : (
        <div className="merge-actions">
          <button
            type="button"
            className="btn btn-primary"
            data-testid="merge-button"
            disabled={plan.blockers.length > 0 || typing || merge.isPending}
            onClick={() => merge.mutate({ branch: head, target: base, summary: plan.customSummary ? plan.summary : null, expect: plan.fingerprint })}
          >
            {merge.isPending ? 'Merging…' : `Merge ${head} into ${base}`}
          </button>
          <span className="muted">Takes the lock the workspace’s writers use; the page updates from the live stream.</span>
        </div>
      )}
    </>
  );
}

/** Nothing when empty; else one item a line, `code` spans kept. */
function InlineCodeList({ items, className, testId }: { items: readonly string[]; className: string; testId?: string }) {
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

function MergeOutcome({ merge }: { merge: Merge }) {
  return (
    <>
      {merge.isSuccess ? (
        <div className="notice notice-success" role="status" data-testid="merge-result">
          Merged <code>{merge.data.branch}</code> into <code>{merge.data.target}</code>: commit <code>{merge.data.commitId}</code>.
          {merge.data.recovered ? (
            <p className="merge-recovered" data-testid="merge-recovered">
              First: <InlineCode text={merge.data.recovered} />
            </p>
          ) : null}
        </div>
      ) : null}
      {merge.isError ? (
        <div className="notice notice-error" role="alert" data-testid="merge-error">
          <InlineCode text={merge.error.message} />
        </div>
      ) : null}
    </>
  );
}
