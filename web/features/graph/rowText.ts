// What each row of the full view says, as pure functions of its dot: the text beside the branch chip, a name fitted
// to the name column, counts in words, and a branch's counts line for the lane card.
import type { BranchSummary } from '../../../shared/api.ts';
import { countOf } from '../../ui/count.ts';
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

export function countsLine(b: BranchSummary): string {
  const parts = [countOf(b.commitCount, 'commit'), countOf(b.stepCount, 'step')];
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

/**
 * A branch name in at most `max` characters: whole when it fits, else its start and its end around an ellipsis, so
 * `cursor-pagination-2` and `cursor-pagination-3` stay told apart.
 */
export function fitName(name: string, max: number): string {
  if (name.length <= max) return name;
  if (max < 3) return name.slice(0, Math.max(0, max));
  const tail = Math.ceil((max - 1) / 2);
  return `${name.slice(0, max - 1 - tail)}…${name.slice(name.length - tail)}`;
}
