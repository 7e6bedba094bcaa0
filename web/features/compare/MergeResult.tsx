// What the last merge or undo on this pair did, shown where the user looks after acting.
import { countOf } from '../../ui/count.ts';
import { InlineCode } from '../../ui/InlineCode.tsx';
import type { MergeFlow } from './useMergeFlow.ts';

export function MergeResult({ flow }: { flow: MergeFlow }) {
  const o = flow.outcome;
  if (!o) return null;
  if (o.kind === 'failed') {
    return (
      <div className="notice notice-error merge-result" role="alert" data-testid={o.doing === 'merge' ? 'merge-error' : 'merge-undo-error'}>
        <span>
          <strong>{o.doing === 'merge' ? 'The merge was refused.' : 'The undo was refused.'}</strong> <InlineCode text={o.message} />
        </span>
      </div>
    );
  }
  if (o.kind === 'undone') {
    return (
      <div className="notice notice-info merge-result" role="status" data-testid="merge-undone">
        <span>
          Undid the merge of <code>{o.result.branch}</code> into <code>{o.result.target}</code>: {countOf(o.result.files.length, 'file')} {o.result.files.length === 1 ? 'is' : 'are'} back as they were, byte for byte.
        </span>
        {o.result.recovered ? <p className="merge-recovered"><InlineCode text={o.result.recovered} /></p> : null}
      </div>
    );
  }
  const r = o.result;
  // The Undo here while this merge is the one on record and stands; the bar says why once it cannot be.
  const standing = flow.recorded && flow.recorded.id === r.historyId ? flow.recorded : null;
  return (
    <div className="notice notice-success merge-result" role="status" data-testid="merge-result">
      <span>
        Merged <code>{r.branch}</code> into <code>{r.target}</code>: commit <code>{r.commitId}</code>, {countOf(r.report.length, 'file')} written.
      </span>
      {standing?.undo?.possible ? (
        <button type="button" className="btn" data-testid="merge-result-undo" disabled={flow.undoing} onClick={() => flow.undo(standing.id)}>
          Undo
        </button>
      ) : null}
      {r.historyProblem ? <p className="merge-recovered"><InlineCode text={r.historyProblem} /></p> : null}
      {r.recovered ? (
        <p className="merge-recovered" data-testid="merge-recovered">
          First: <InlineCode text={r.recovered} />
        </p>
      ) : null}
    </div>
  );
}
