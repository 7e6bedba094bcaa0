// The matches of a search across every branch, each a link to its record.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SearchMatch } from '../../api/client.ts';
import { searchOptions } from '../../api/queries.ts';
import { HighlightText } from '../../ui/HighlightText.tsx';

const NONE: SearchMatch[] = [];
const FIELD_LABEL: Record<string, string> = {
  thisCommitContribution: 'contribution',
  previousProgressSummary: 'previous progress',
  branchPurpose: 'purpose',
  commitId: 'id',
};

interface Props {
  query: string;
  limit: number;
  active: number;
  onChoose(match: SearchMatch): void;
  onMatches(matches: SearchMatch[]): void;
}

export function SearchResults({ query, limit, active, onChoose, onMatches }: Props) {
  const { data, isFetching, error } = useQuery(searchOptions(query, limit));
  const matches = data?.matches ?? NONE;
  useEffect(() => onMatches(matches), [matches, onMatches]);
  return (
    <div className="search-results" role="listbox" aria-label="Search results" data-testid="search-results">
      <div className="search-results-head">
        {error ? `Search failed: ${error.message}` : `${matches.length}${data?.truncated ? '+' : ''} match${matches.length === 1 && !data?.truncated ? '' : 'es'}`}
        {isFetching ? <span className="muted"> · searching…</span> : null}
      </div>
      {matches.map((m, i) => (
        <button
          type="button"
          role="option"
          aria-selected={i === active}
          key={`${m.branch}:${m.kind}:${m.index}`}
          className={`search-hit${i === active ? ' is-active' : ''}`}
          onClick={() => onChoose(m)}
        >
          <span className="search-hit-meta">
            <span className={`pill pill-${m.kind}`}>{m.kind}</span>
            <span className="search-hit-branch">{m.branch}</span>
            <span className="muted mono">{m.kind === 'step' ? `step ${m.step ?? '?'} · #${m.index + 1}` : m.commitId}</span>
            <span className="muted">{FIELD_LABEL[m.field] ?? m.field}</span>
          </span>
          <span className="search-hit-snippet">
            <HighlightText text={m.snippet} query={query} />
          </span>
        </button>
      ))}
    </div>
  );
}
