// Small pieces of the layout's dots: a commit's first line as its label, and the marker a folded branch leaves on
// the lane of its nearest shown ancestor.
import { countOf } from '../../ui/count.ts';
import { statusClass } from '../../ui/status.ts';
import type { FoldedBranch, GraphNode } from './layout.ts';

export function firstLine(text: string, max = 90): string {
  // Scans to the first non-blank line only: merge commits can carry every contribution of the branch after it.
  let from = 0;
  let line = '';
  while (from <= text.length) {
    const end = text.indexOf('\n', from);
    line = text.slice(from, end === -1 ? text.length : end).trim();
    if (line !== '' || end === -1) break;
    from = end + 1;
  }
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}

/** The marker of a hidden branch on the lane it forked from. */
export function foldedNode(f: FoldedBranch, lane: number, row: number): GraphNode {
  const s = f.summary;
  const status = s.status ?? s.metadata?.status ?? null;
  return {
    id: `${s.name}~`,
    kind: 'folded',
    branch: s.name,
    lane,
    row,
    status: statusClass(status),
    commitIndex: null,
    commitId: null,
    timestamp: s.metadata?.createdAt ?? null,
    label: `${s.name} (${status ?? 'no metadata'}${s.mergedInto ? ` → ${s.mergedInto}` : ''}, ${countOf(s.commitCount, 'commit')}) folded`,
    purpose: s.purpose ?? s.metadata?.purpose ?? '',
  };
}
