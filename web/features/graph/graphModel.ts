// What the full graph shows, as data: filters applied, lanes laid out, heads and the focus's lineage. Pure; the views
// draw what it returns.
import type { BranchSummary, CommitBrief } from '../../../shared/api.ts';
import { parseTimestamp } from '../../ui/time.ts';
import { statusClass } from '../../ui/status.ts';
import { layoutGraph, type FoldedBranch, type GraphLayout, type LayoutInput } from './layout.ts';

export interface GraphFilters {
  hideMerged: boolean;
  hideAbandoned: boolean;
  /** Only branches with activity in the last N hours (main always); null: all. */
  activeWithinHours: number | null;
}

export const NO_FILTERS: GraphFilters = { hideMerged: false, hideAbandoned: false, activeWithinHours: null };

export interface GraphModel {
  layout: GraphLayout;
  /** Every branch of the workspace (shown or folded), by name. */
  summaries: ReadonlyMap<string, BranchSummary>;
  /** The row of each shown branch's newest own dot (its head). */
  headRow: ReadonlyMap<string, number>;
  /** Branches created from each branch (all of the workspace, not only the shown ones). */
  children: ReadonlyMap<string, readonly string[]>;
  foldedCount: number;
}

const parentOf = (b: BranchSummary) => b.createdFrom ?? b.metadata?.createdFrom ?? null;

/** Newest activity of the branch: its summary's, else its last commit's, else its creation. */
function lastActive(b: BranchSummary, commits: readonly CommitBrief[] | undefined): number {
  const times = [parseTimestamp(b.lastActivity), parseTimestamp(commits?.at(-1)?.timestamp), parseTimestamp(b.metadata?.createdAt)];
  return Math.max(...times.map((t) => (Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY)));
}

export function isHidden(b: BranchSummary, commits: readonly CommitBrief[] | undefined, f: GraphFilters, now: number): boolean {
  if (b.name === 'main') return false;
  const status = statusClass(b.status ?? b.metadata?.status);
  if (f.hideMerged && status === 'merged') return true;
  if (f.hideAbandoned && status === 'abandoned') return true;
  return f.activeWithinHours !== null && lastActive(b, commits) < now - f.activeWithinHours * 3_600_000;
}

/** The nearest ancestor (by created_from) that `shown` holds; a cycle or a missing parent ends the walk. */
export function nearestShown(name: string | null, byName: ReadonlyMap<string, BranchSummary>, shown: ReadonlySet<string>): string | null {
  const seen = new Set<string>();
  let at = name;
  while (at !== null && !seen.has(at)) {
    if (shown.has(at)) return at;
    seen.add(at);
    const b = byName.get(at);
    at = b ? parentOf(b) : null;
  }
  return null;
}

/** A shown branch whose parent or merge target is hidden points at the nearest shown ancestor instead. */
function repoint(b: BranchSummary, byName: ReadonlyMap<string, BranchSummary>, shown: ReadonlySet<string>): BranchSummary {
  const parent = parentOf(b);
  const target = b.mergedInto ?? b.metadata?.mergedInto ?? null;
  const p = parent && !shown.has(parent) ? nearestShown(parent, byName, shown) : parent;
  const t = target && !shown.has(target) ? nearestShown(target, byName, shown) : target;
  if (p === parent && t === target) return b;
  return { ...b, createdFrom: p, mergedInto: t, metadata: b.metadata ? { ...b.metadata, createdFrom: p ?? '', mergedInto: t } : null };
}

function startTime(b: BranchSummary, commits: readonly CommitBrief[] | undefined): number {
  const created = parseTimestamp(b.metadata?.createdAt);
  return Number.isFinite(created) ? created : parseTimestamp(commits?.[0]?.timestamp);
}

export function buildGraphModel(input: LayoutInput, filters: GraphFilters, now: number): GraphModel {
  const summaries = new Map(input.branches.map((b) => [b.name, b]));
  const hidden = new Set(input.branches.filter((b) => isHidden(b, input.commits[b.name], filters, now)).map((b) => b.name));
  const shown = new Set(input.branches.filter((b) => !hidden.has(b.name)).map((b) => b.name));
  const branches = input.branches.filter((b) => shown.has(b.name)).map((b) => repoint(b, summaries, shown));
  const folded: FoldedBranch[] = [];
  for (const name of hidden) {
    const b = summaries.get(name)!;
    const onto = nearestShown(parentOf(b), summaries, shown) ?? (shown.has('main') ? 'main' : null);
    if (onto) folded.push({ summary: b, onto, time: startTime(b, input.commits[name]) });
  }
  const layout = layoutGraph({ branches, commits: input.commits, folded, ...(input.compact ? { compact: true } : {}) });
  const headRow = new Map<string, number>();
  for (const n of layout.nodes) if (n.kind === 'start' || n.kind === 'commit') headRow.set(n.branch, n.row);
  const children = new Map<string, string[]>();
  for (const b of input.branches) {
    const p = parentOf(b);
    if (!p || p === b.name) continue;
    const list = children.get(p);
    if (list) list.push(b.name);
    else children.set(p, [b.name]);
  }
  return { layout, summaries, headRow, children, foldedCount: folded.length };
}

/** The focus of `branch`: itself, its ancestry back to main (by created_from) and every branch forked from it. */
export function lineage(model: Pick<GraphModel, 'summaries' | 'children'>, branch: string): Set<string> {
  const out = new Set<string>([branch]);
  let at = model.summaries.get(branch);
  while (at) {
    const p = parentOf(at);
    if (!p || out.has(p)) break;
    out.add(p);
    at = model.summaries.get(p);
  }
  const queue = [branch];
  const below = new Set<string>([branch]);
  while (queue.length) {
    for (const c of model.children.get(queue.pop()!) ?? []) {
      if (below.has(c)) continue;
      below.add(c);
      out.add(c);
      queue.push(c);
    }
  }
  return out;
}
