// Before anything is written: the exact bytes a merge of head into base will append or change, in the dialect of
// the base's files, with the summary the user may replace. The Merge button performs exactly this change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { mergeMutationOptions, mergePreviewOptions, workspaceOptions } from '../../api/queries.ts';
import { useSettledRevision, useSettledValue } from '../../state/useSettledRevision.ts';
import { InlineCode } from '../../ui/InlineCode.tsx';
import { MergeWriteView } from './MergeWriteView.tsx';
import type { DiffMode } from './TextDiff.tsx';

const DIALECT_NAMES: Record<string, string> = { python: 'Python', typescript: 'TypeScript', rust: 'Rust', go: 'Go', zig: 'Zig', lua: 'Lua', elixir: 'Elixir' };

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
      <div className="merge-summary">
        <label htmlFor={summaryId}>Merge summary</label>
        <textarea
          id={summaryId}
          data-testid="merge-summary"
          rows={3}
          value={summary}
          placeholder={current?.automaticSummary ?? 'Automatic summary'}
          onChange={(e) => setSummary(e.target.value)}
          maxLength={8000}
        />
        <span className="muted merge-summary-hint">{summary.trim() ? 'Your text replaces the automatic summary.' : 'Empty: the automatic summary (shown greyed) is used.'}</span>
      </div>
      {preview.error ? <div className="notice notice-error">Could not preview the merge: {preview.error.message}</div> : null}
      {current ? (
        <>
          {current.blockers.length > 0 ? (
            <ul className="merge-blockers" data-testid="merge-blockers">
              {current.blockers.map((b) => (
                <li key={b}>
                  <InlineCode text={b} />
                </li>
              ))}
            </ul>
          ) : null}
          {current.notes.length > 0 ? (
            <ul className="merge-notes">
              {current.notes.map((n) => (
                <li key={n}>
                  <InlineCode text={n} />
                </li>
              ))}
            </ul>
          ) : null}
          <div className={`merge-writes${typing ? ' is-stale' : ''}`}>
            {current.writes.map((w) => (
              <MergeWriteView key={w.file} write={w} mode={mode} roadmap={ws?.roadmap.text ?? ''} />
            ))}
          </div>
          {readOnly ? null : (
            <div className="merge-actions">
              <button
                type="button"
                className="btn btn-primary"
                data-testid="merge-button"
                disabled={current.blockers.length > 0 || typing || merge.isPending}
                onClick={() => merge.mutate({ branch: head, target: base, summary: current.customSummary ? current.summary : null, expect: current.fingerprint })}
              >
                {merge.isPending ? 'Merging…' : `Merge ${head} into ${base}`}
              </button>
              <span className="muted">Takes the lock the workspace’s writers use; the page updates from the live stream.</span>
            </div>
          )}
        </>
      ) : preview.isPending ? (
        <p className="muted">Preparing the preview…</p>
      ) : null}
      {merge.isSuccess ? (
        <div className="notice notice-success" role="status" data-testid="merge-result">
          Merged <code>{merge.data.branch}</code> into <code>{merge.data.target}</code>: commit <code>{merge.data.commitId}</code>.
        </div>
      ) : null}
      {merge.isError ? (
        <div className="notice notice-error" role="alert" data-testid="merge-error">
          <InlineCode text={merge.error.message} />
        </div>
      ) : null}
    </section>
  );
}
