// What each row of the full view says, as pure functions of its dot: the text beside the branch chip, the
// accessible name, and a branch's counts line for the lane card.
import type { BranchSummary } from '../../../shared/api.ts';
import type { GraphNode } from './layout.ts';

export function rowText(n: GraphNode, summary: BranchSummary | undefined): string {
  const parent = summary?.createdFrom ?? summary?.metadata?.createdFrom ?? '';
  switch (n.kind) {
    case 'commit':
      return n.label || '(no contribution text)';
    case 'start':
      return `${parent ? `forked from ${parent}` : 'created'}${n.purpose ? ` — ${n.purpose}` : ''}`;
    case 'merge':
      return n.label;
    case 'folded':
      return `${n.label}${n.purpose ? ` — ${n.purpose}` : ''}`;
  }
}

export function rowAriaLabel(n: GraphNode, summary: BranchSummary | undefined, isHead: boolean): string {
  const what = n.kind === 'commit' ? `commit ${n.commitId}` : n.kind === 'start' ? 'fork point' : n.kind === 'merge' ? 'merge' : 'folded branch';
  return `${n.branch}, ${what}${isHead ? ', head' : ''}: ${rowText(n, summary)}`;
}

export function countsLine(b: BranchSummary): string {
  const parts = [`${b.commitCount} commit${b.commitCount === 1 ? '' : 's'}`, `${b.stepCount} step${b.stepCount === 1 ? '' : 's'}`];
  const from = b.createdFrom ?? b.metadata?.createdFrom;
  if (from) parts.push(`from ${from}`);
  if (b.mergedInto) parts.push(`merged → ${b.mergedInto}`);
  return parts.join(' · ');
}

/** Branch names matching the graph's search (case-insensitive substring), in the given order. */
export function searchBranches(names: Iterable<string>, query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return [...names].filter((n) => n.toLowerCase().includes(q));
}
