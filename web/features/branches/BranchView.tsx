// The centre column for the selected branch: its header and its tabs.
import { useQuery } from '@tanstack/react-query';
import { branchOptions } from '../../api/queries.ts';
import { useSelectedBranch } from '../../state/useSelection.ts';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import { BranchHeader } from './BranchHeader.tsx';
import { CommitList } from '../commits/index.ts';
import { ComparePanel } from '../compare/index.ts';
import { GraphView } from '../graph/index.ts';
import { StepLog } from '../log/index.ts';

export function BranchView() {
  const { name, summary, missing } = useSelectedBranch();
  const tab = useUrlValue((u) => u.tab);
  const travelling = useUrlValue((u) => Boolean(u.at));
  const setUrl = useSetUrl();
  const { data, error } = useQuery({ ...branchOptions(name ?? ''), enabled: name !== null });
  if (!name || !summary) return <div className="empty">No branch selected.</div>;
  const stepCount = summary.stepCount;
  const commitCount = data?.commits.length ?? summary.commitCount;
  return (
    <div className="branch-view">
      {missing ? (
        <div className="notice" role="status" data-testid="missing-branch">
          No branch <code>{missing}</code> {travelling ? 'at this moment' : 'in this workspace (deleted, or a typo in the link)'}: showing <code>{name}</code>.{' '}
          <button type="button" className="link" onClick={() => setUrl({ branch: name }, 'replace')}>
            OK
          </button>
        </div>
      ) : null}
      <BranchHeader summary={summary} />
      {error ? <div className="notice notice-error">Could not load {name}: {error.message}</div> : null}
      <div className="tabs" role="tablist" aria-label="Branch records">
        <button type="button" role="tab" id="tab-log" aria-selected={tab === 'log'} aria-controls="panel-log" onClick={() => setUrl({ tab: 'log' })}>
          OTA log <span className="count">{stepCount}</span>
        </button>
        <button type="button" role="tab" id="tab-commits" aria-selected={tab === 'commits'} aria-controls="panel-commits" onClick={() => setUrl({ tab: 'commits' })}>
          Commits <span className="count">{commitCount}</span>
        </button>
        <button type="button" role="tab" id="tab-compare" aria-selected={tab === 'compare'} aria-controls="panel-compare" onClick={() => setUrl({ tab: 'compare' })}>
          Compare &amp; merge
        </button>
        <button type="button" role="tab" id="tab-graph" aria-selected={tab === 'graph'} aria-controls="panel-graph" onClick={() => setUrl({ tab: 'graph' })}>
          Graph
        </button>
        <span className="tabs-hint muted">
          <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>/</kbd> search · <kbd>Esc</kbd> clear
        </span>
      </div>
      {tab === 'log' ? (
        <div className="tab-panel" role="tabpanel" id="panel-log" aria-labelledby="tab-log">
          <StepLog key={name} branch={name} count={stepCount} />
        </div>
      ) : tab === 'graph' ? (
        <div className="tab-panel" role="tabpanel" id="panel-graph" aria-labelledby="tab-graph">
          <GraphView />
        </div>
      ) : tab === 'compare' ? (
        <div className="tab-panel" role="tabpanel" id="panel-compare" aria-labelledby="tab-compare">
          <ComparePanel key={name} head={name} />
        </div>
      ) : (
        <div className="tab-panel" role="tabpanel" id="panel-commits" aria-labelledby="tab-commits">
          <CommitList branch={name} commits={data?.commits ?? null} />
        </div>
      )}
    </div>
  );
}
