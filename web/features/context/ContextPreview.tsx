// The exact CONTEXT text the agent would get for the selected branch, computed by the server.
import { useQueries, useQuery } from '@tanstack/react-query';
import { CONTEXT_DIALECTS, type ContextDialect, type Dialect } from '../../../shared/types.ts';
import { contextOptions } from '../../api/queries.ts';
import { useSelectedBranch } from '../../state/useSelection.ts';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import { ContextOutcome, IMPLEMENTATION_NAMES, shownText } from './ContextOutcome.tsx';
import { TokenChart } from './TokenChart.tsx';
import { useCopyText } from '../../ui/useCopyText.ts';
import { formatCount } from '../../ui/count.ts';

/** Without `tokensByK` from the server, at most this many K values are asked for one by one. */
const MAX_K_QUERIES = 40;

/** Why a count reads "≥ N": the server stops counting a text it cannot count in time, and says so. */
const CUT_SHORT_NOTE = 'At least this many: the text holds a run too long to count in time (e.g. a very long word)';

/** "1,234 tokens", or "≥ 1,234 tokens" for a count that is a lower bound. */
export function tokenLabel(tokens: number, atLeast: boolean): string {
  return `${atLeast ? '≥ ' : ''}${formatCount(tokens)} tokens`;
}

/** The detected writer's dialect; Python when no writer could be told (labelled a fallback in the selector). */
export function defaultDialect(d: Dialect): ContextDialect {
  return (CONTEXT_DIALECTS as readonly string[]).includes(d) ? (d as ContextDialect) : 'python';
}

/** The selector's label for a dialect: which one is the detected writer, or the fallback when none was. */
export function dialectLabel(d: ContextDialect, detected: Dialect): string {
  const name = IMPLEMENTATION_NAMES[d];
  if (d === detected) return `${name} (detected)`;
  if (d === defaultDialect(detected)) return `${name} (fallback: writer not detected)`;
  return name;
}

export function ContextPreview() {
  const { name, summary } = useSelectedBranch();
  if (!name || !summary) return <div className="empty">Select a branch.</div>;
  return <ContextFor key={name} branch={name} commitCount={summary.commitCount} detected={summary.dialect} />;
}

function ContextFor({ branch, commitCount, detected }: { branch: string; commitCount: number; detected: Dialect }) {
  const urlK = useUrlValue((u) => u.k);
  const urlDialect = useUrlValue((u) => u.dialect);
  const setUrl = useSetUrl();
  const maxK = Math.max(1, commitCount);
  const k = Math.min(Math.max(urlK ?? 1, 1), maxK);
  const dialect = urlDialect ?? defaultDialect(detected);
  const { data, error, isFetching } = useQuery(contextOptions(branch, k, dialect));
  const serverCounts = data?.tokensByK;
  // Only when the server's answer came without `tokensByK`: one request per K otherwise.
  const perK = useQueries({
    queries: !data || serverCounts ? [] : Array.from({ length: Math.min(maxK, MAX_K_QUERIES) }, (_, i) => contextOptions(branch, i + 1, dialect)),
  });
  const counts: (number | undefined)[] = serverCounts ?? perK.map((q) => q.data?.tokens);
  const atLeast: boolean[] = data?.tokensAtLeastByK ?? (serverCounts ? [] : perK.map((q) => q.data?.tokensAtLeast === true));
  const { copied, copy } = useCopyText(data ? shownText(data.text) : undefined);

  const fresh = data && data.k === k && data.dialect === dialect;
  return (
    <div className="context">
      <ContextControls k={k} maxK={maxK} dialect={dialect} detected={detected} onK={(next) => setUrl({ k: next })} onDialect={(next) => setUrl({ dialect: next })} />
      <div className="context-tokens">
        <span data-testid="context-tokens" title={data?.tokensAtLeast ? CUT_SHORT_NOTE : undefined}>
          {data ? tokenLabel(data.tokens, data.tokensAtLeast === true) : '…'}
        </span>
        <span className="muted"> at K = {k}</span>
        {isFetching ? <span className="muted"> · updating</span> : null}
        <button type="button" className="btn" onClick={() => void copy()} disabled={!data} aria-label="Copy the CONTEXT text">
          {copied ? 'Copied ✓' : 'Copy'}
        </button>
      </div>
      <TokenChart counts={counts} atLeast={atLeast} k={k} onPick={(next) => setUrl({ k: next })} />
      {error ? <div className="notice notice-error">Could not build the context: {error.message}</div> : null}
      {data ? <ContextOutcome data={data} /> : null}
      {data === undefined && !error ? (
        // The first answer can wait for the server's first read of a big branch: say so rather than show an empty box.
        <div className="context-text is-loading" role="status" aria-busy="true">
          Building the CONTEXT of {branch} at K = {k}…
        </div>
      ) : null}
      {data !== undefined && data.error === undefined ? (
        <pre className={`context-text${fresh ? '' : ' is-stale'}`} data-testid="context-text" tabIndex={0} role="region" aria-label="CONTEXT text">
          {shownText(data.text)}
        </pre>
      ) : null}
    </div>
  );
}

interface ContextControlsProps {
  k: number;
  maxK: number;
  dialect: ContextDialect;
  detected: Dialect;
  onK(k: number): void;
  onDialect(dialect: ContextDialect): void;
}

/** K (how many commits the context holds) and the dialect it is rendered in; both live in the URL. */
function ContextControls({ k, maxK, dialect, detected, onK, onDialect }: ContextControlsProps) {
  return (
    <div className="context-controls">
      <label className="field field-k">
        <span>K</span>
        <input
          type="range"
          min={1}
          max={maxK}
          value={k}
          disabled={maxK === 1}
          aria-label="K: number of commits in the context"
          onChange={(e) => onK(Number(e.target.value))}
        />
        <output className="mono" data-testid="context-k">
          {k}
        </output>
        <span className="muted">/ {maxK}</span>
      </label>
      <label className="field">
        <span>Dialect</span>
        <select value={dialect} onChange={(e) => onDialect(e.target.value as ContextDialect)} aria-label="Dialect of the CONTEXT text">
          {CONTEXT_DIALECTS.map((d) => (
            <option key={d} value={d}>
              {dialectLabel(d, detected)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
