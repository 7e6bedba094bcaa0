// One commit of a branch, its fields editable in place.
import { memo } from 'react';
import { commitVersion } from '../../../shared/gcc/write/edit.ts';
import type { Commit } from '../../../shared/types.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { EditCommitField, EditedMark } from '../edit/index.ts';
import { AuthorMark } from '../authors/index.ts';
import { HighlightText } from '../../ui/HighlightText.tsx';

interface Props {
  /** The branch folder the commit is in (edits go there). */
  branch: string;
  commit: Commit;
  index: number;
  selected: boolean;
  fresh: boolean;
  query: string;
  onSelect(): void;
}

export const CommitCard = memo(function CommitCard({ branch, commit, index, selected, fresh, query, onSelect }: Props) {
  return (
    <article className={`commit-card${selected ? ' is-selected' : ''}${fresh ? ' is-fresh' : ''}`} data-testid="commit-card" aria-current={selected ? 'true' : undefined}>
      <header className="commit-head">
        <button type="button" className="commit-id mono" onClick={onSelect} aria-label={`Select commit ${commit.commitId}`}>
          <HighlightText text={commit.commitId} query={query} />
        </button>
        <span className="muted mono">#{index + 1}</span>
        <time className="muted" dateTime={commit.timestamp} title={commit.timestamp}>
          {formatTimestamp(commit.timestamp)}
        </time>
        <AuthorMark branch={branch} record={{ kind: 'commit', commitId: commit.commitId }} />
        <EditedMark target={{ kind: 'commit', branch, index, commitId: commit.commitId }} version={commitVersion(commit)} />
      </header>
      <section className="commit-field">
        <h3>This commit's contribution</h3>
        <EditCommitField branch={branch} commit={commit} index={index} field="thisCommitContribution" highlight={query} />
      </section>
      <section className="commit-field commit-field-muted">
        <h3>Previous progress</h3>
        <EditCommitField branch={branch} commit={commit} index={index} field="previousProgressSummary" highlight={query} />
      </section>
      <section className="commit-field commit-field-muted">
        <h3>Branch purpose</h3>
        <EditCommitField branch={branch} commit={commit} index={index} field="branchPurpose" highlight={query} />
      </section>
    </article>
  );
});
