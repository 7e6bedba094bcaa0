// One pair's merge, from preview to undo, as one state: the bar, the dialog, the result and the preview all read it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MergeHistoryEntry, MergePreviewResponse, MergeResponse, MergeUndoResponse } from '../../../shared/compare-api.ts';
import type { BranchSummary } from '../../../shared/api.ts';
import { mergeHistoryOptions, mergeMutationOptions, mergePreviewOptions, undoMergeMutationOptions } from '../../api/queries.ts';
import { isExportedPage } from '../../api/snapshot.ts';
import { useSettledValue } from '../../state/useSettledRevision.ts';

export interface MergeFlow {
  head: string;
  base: string;
  summary: string;
  setSummary(text: string): void;
  /** The preview for the summary as typed (undefined while the first one loads or when it failed). */
  plan: MergePreviewResponse | undefined;
  previewError: Error | null;
  /** The summary changed and its preview is not in yet: merging now would write the older one. */
  typing: boolean;
  /** The head is merged into the base already (by anyone). */
  merged: boolean;
  /** gcc-studio's record of that merge, the newest standing one for this pair; null: none (a writer merged it). */
  recorded: MergeHistoryEntry | null;
  /** Whether the records of merges were asked for (a git ref keeps none): else `recorded` tells nothing. */
  recordsKnown: boolean;
  merge(): void;
  undo(id: string): void;
  merging: boolean;
  undoing: boolean;
  /** What the last merge or undo on this pair did, or why it failed. */
  outcome: { kind: 'merged'; result: MergeResponse } | { kind: 'undone'; result: MergeUndoResponse } | { kind: 'failed'; doing: 'merge' | 'undo'; message: string } | null;
}

/**
 * `readOnly`: nothing is merged here, so no preview is asked. `keepsRecords`: gcc-studio's record of merges may be asked
 * for (a read-only folder keeps one; a git ref has none to give).
 */
export function useMergeFlow(head: BranchSummary, base: string, revision: number, access: { readOnly: boolean; keepsRecords: boolean }): MergeFlow {
  const { readOnly, keepsRecords } = access;
  const client = useQueryClient();
  const [summary, setSummary] = useState('');
  const settled = useSettledValue(summary);
  const merged = (head.status ?? head.metadata?.status) === 'merged' && (head.mergedInto ?? head.metadata?.mergedInto) === base;
  // A merged pair has nothing to preview (the bar says when it was merged instead); an exported file has no server.
  const preview = useQuery({ ...mergePreviewOptions(head.name, base, settled.trim(), revision), enabled: !merged && !isExportedPage && !readOnly });
  const history = useQuery({ ...mergeHistoryOptions(head.name, revision), enabled: keepsRecords });
  const [outcome, setOutcome] = useState<MergeFlow['outcome']>(null);
  const merge = useMutation({
    ...mergeMutationOptions(client),
    onSuccess: (result) => setOutcome({ kind: 'merged', result }),
    onError: (err) => setOutcome({ kind: 'failed', doing: 'merge', message: err.message }),
  });
  const undo = useMutation({
    ...undoMergeMutationOptions(client),
    onSuccess: (result) => setOutcome({ kind: 'undone', result }),
    onError: (err) => setOutcome({ kind: 'failed', doing: 'undo', message: err.message }),
  });
  const p = preview.data;
  const plan = p && p.branch === head.name && p.target === base ? p : undefined;
  const recorded = [...(history.data?.entries ?? [])].reverse().find((e) => e.branch === head.name && e.target === base && !e.undoneAt) ?? null;
  return {
    head: head.name,
    base,
    summary,
    setSummary,
    plan,
    previewError: preview.error,
    typing: !merged && (summary.trim() !== settled.trim() || preview.isFetching),
    merged,
    recorded,
    recordsKnown: keepsRecords,
    merge: () => {
      if (!plan) return;
      merge.mutate({ branch: head.name, target: base, summary: plan.customSummary ? plan.summary : null, expect: plan.fingerprint });
    },
    undo: (id) => undo.mutate(id),
    merging: merge.isPending,
    undoing: undo.isPending,
    outcome,
  };
}
