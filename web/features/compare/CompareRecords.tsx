// What the head did that the base has not got: its commits, and the steps it logged since it was created.
import type { Commit, OtaStep } from '../../../shared/types.ts';
import { formatTimestamp } from '../../ui/time.ts';

interface Props {
  head: string;
  base: string;
  commits: readonly Commit[];
  steps: readonly OtaStep[];
  stepsTotal: number;
}

export function CompareRecords({ head, base, commits, steps, stepsTotal }: Props) {
  return (
    <div className="compare-records">
      <section className="compare-section" aria-label="Commits ahead" data-testid="compare-commits-ahead">
        <h3 className="compare-h">
          Commits on <code>{head}</code> that <code>{base}</code> has not got <span className="count">{commits.length}</span>
        </h3>
        {commits.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ol className="compare-list" tabIndex={0} aria-label={`Commits on ${head} that ${base} has not got`}>
            {commits.map((c, i) => (
              <li key={`${c.commitId}-${i}`}>
                <code className="commit-id-static">{c.commitId}</code>
                <time className="muted" dateTime={c.timestamp} title={c.timestamp}>
                  {formatTimestamp(c.timestamp)}
                </time>
                <span className="compare-list-text">{c.thisCommitContribution || <span className="muted">(empty contribution)</span>}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="compare-section" aria-label="Steps since creation" data-testid="compare-steps">
        <h3 className="compare-h">
          Steps logged on <code>{head}</code> since it was created <span className="count">{stepsTotal}</span>
        </h3>
        {steps.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <>
            {stepsTotal > steps.length ? <p className="muted">The last {steps.length} of {stepsTotal}:</p> : null}
            <ol className="compare-list" tabIndex={0} aria-label={`Steps logged on ${head} since it was created`}>
              {steps.map((s, i) => (
                <li key={`${s.step}-${i}`}>
                  <span className="pill pill-step">Step {s.step}</span>
                  <time className="muted" dateTime={s.timestamp} title={s.timestamp}>
                    {formatTimestamp(s.timestamp)}
                  </time>
                  <span className="compare-list-text">{s.observation || s.thought || <span className="mono">{s.action}</span>}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </div>
  );
}
