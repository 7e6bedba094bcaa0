// A merged branch is closed: its merge copied what it held then, and nothing written to it afterwards is carried
// (the doctor's `appended-after-merge`, after-merge.ts). Every write path asks here: the page's status edit, an
// agent's step or commit, a merge into it.
import type { BranchMetadata } from '../../shared/types.ts';

type MergeMarks = Pick<BranchMetadata, 'status' | 'mergedInto' | 'mergedAt'>;

/** "`x` was merged into `main` (2026-…)", or null when the branch is not merged. */
function mergedWords(branch: string, meta: MergeMarks | null | undefined): string | null {
  if (!meta || meta.status !== 'merged') return null;
  return `\`${branch}\` was merged${meta.mergedInto ? ` into \`${meta.mergedInto}\`` : ''}${meta.mergedAt ? ` (${meta.mergedAt})` : ''}`;
}

/**
 * A merged branch's status goes with its merged_into and merged_at: set active or abandoned, the merge would read as one
 * cut short (and be offered again, copying its steps twice). Only undoing the merge takes it back.
 */
export function mergedStatusRefusal(branch: string, before: BranchMetadata, after: BranchMetadata): string | null {
  if (!before.mergedInto || after.status === before.status || after.status === 'merged') return null;
  return `${branch} was merged into ${before.mergedInto}: its status stays merged. To take the merge back, use Undo merge in Compare & merge.`;
}

/** Why a step or a commit may not be written to this branch (it is merged), with where to write instead; or null. */
export function mergedRecordRefusal(branch: string, meta: MergeMarks | null | undefined, record: 'step' | 'commit'): string | null {
  const merged = mergedWords(branch, meta);
  if (!merged) return null;
  const branchOff = 'open a new branch (gcc_branch)';
  const instead = meta!.mergedInto ? `write it on \`${meta!.mergedInto}\`, where the merge went, or ${branchOff}` : branchOff;
  return `${merged}: a ${record} written to it now would stay there, since the merge does not carry it. To go on, ${instead}.`;
}

/** Why a branch may not be merged into this target (it is merged itself), or null. */
export function mergedTargetRefusal(target: string, meta: MergeMarks | null | undefined): string | null {
  const merged = mergedWords(target, meta);
  if (!merged) return null;
  return `${merged}, so a merge into it would stay there: merge into ${meta!.mergedInto ? `\`${meta!.mergedInto}\`` : 'an active branch'} instead.`;
}
