// The compare tab: a branch against the branch it goes into (comparePair.ts picks the pair; a base picked stays in
// the URL). The merge bar on top says what a merge would do and does it; the detail below is there to read first.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { compareOptions, workspaceOptions } from '../../api/queries.ts';
import { isExportedPage } from '../../api/snapshot.ts';
import { useSettledRevision } from '../../state/useSettledRevision.ts';
import { useUrlValue } from '../../state/useUrlState.ts';
import { keepsStudioRecords } from '../edit/index.ts';
import { comparePair } from './comparePair.ts';
import { CompareRecords } from './CompareRecords.tsx';
import { CompareSides } from './CompareSides.tsx';
import { CompareWarnings } from './CompareWarnings.tsx';
import { MergeBar } from './MergeBar.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { MergePreview } from './MergePreview.tsx';
import { MergeResult } from './MergeResult.tsx';
import { PartialMergeNotices } from './PartialMergeNotices.tsx';
import type { DiffMode } from './TextDiff.tsx';
import { useMergeFlow } from './useMergeFlow.ts';
import './compare.css';

export function ComparePanel({ head: selected }: { head: string }) {
  const base = useUrlValue((u) => u.base ?? null);
  const ws = useQuery(workspaceOptions()).data;
  const branches = ws?.branches ?? NO_BRANCHES;
  const pair = useMemo(() => comparePair(selected, branches, base), [selected, branches, base]);
  const head = branches.find((b) => b.name === pair.head);
  if (!ws) return <p className="muted compare-pad">Comparing…</p>;
  if (!head || pair.base === null) {
    return (
      <div className="compare" data-testid="compare-view">
        <p className="muted compare-pad">{head ? `${head.name} is the only branch: there is nothing to compare it with.` : `There is no branch "${pair.head}".`}</p>
      </div>
    );
  }
  // A new pair starts afresh: its own summary, its own outcome.
  return <ComparePairView key={`${pair.head}\u0000${pair.base}`} head={head} base={pair.base} branches={branches} revision={ws.revision} readOnly={ws.readOnly} keepsRecords={keepsStudioRecords(ws)} roadmap={ws.roadmap.text} />;
}

const NO_BRANCHES: readonly BranchSummary[] = [];

interface PairProps {
  head: BranchSummary;
  base: string;
  branches: readonly BranchSummary[];
  revision: number;
  readOnly: boolean;
  /** gcc-studio's record of merges may be asked for (not of a git ref). */
  keepsRecords: boolean;
  roadmap: string;
}

function ComparePairView({ head, base, branches, revision: live, readOnly, keepsRecords, roadmap }: PairProps) {
  const revision = useSettledRevision(live);
  const { data, error, isPending } = useQuery(compareOptions(head.name, base, revision));
  const flow = useMergeFlow(head, base, revision, { readOnly, keepsRecords });
  const [mode, setMode] = useState<DiffMode>('unified');
  const [asking, setAsking] = useState(false);
  const current = data && data.head.name === head.name && data.base.name === base ? data : undefined;
  // What a merge or an undo did shows at the top of the detail: brought into view, wherever the user had scrolled.
  const pane = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (flow.outcome) pane.current?.scrollTo({ top: 0 });
  }, [flow.outcome]);
  return (
    <div className="compare" data-testid="compare-view" ref={pane}>
      <MergeBar flow={flow} compare={current} branches={branches} readOnly={readOnly} mode={mode} setMode={setMode} onAskMerge={() => setAsking(true)} />
      {asking && flow.plan ? <MergeDialog plan={flow.plan} onConfirm={flow.merge} onClose={() => setAsking(false)} /> : null}
      <div className="compare-body">
        <MergeResult flow={flow} />
        {error ? <div className="notice notice-error">Could not compare: {error.message}</div> : null}
        {isPending && !current ? <p className="muted">Comparing…</p> : null}
        {current ? (
          <>
            <PartialMergeNotices notices={current.partialMerges ?? []} />
            {/* What deserves a look before merging; once merged there is nothing to merge. */}
            {flow.merged ? null : <CompareWarnings warnings={current.comparison.warnings} />}
            <CompareSides head={current.head} base={current.base} headLast={current.comparison.headLastCommit} baseLast={current.comparison.baseLastCommit} mode={mode} />
            <CompareRecords head={head.name} base={base} commits={current.comparison.commitsAhead} steps={current.comparison.stepsSinceCreated} stepsTotal={current.stepsSinceCreatedTotal} />
          </>
        ) : null}
        {/* An exported file compares (the same pure code, over the records it holds) but cannot merge. */}
        {flow.merged || isExportedPage ? null : <MergePreview flow={flow} mode={mode} roadmap={roadmap} />}
      </div>
    </div>
  );
}
