// Which two branches the compare tab shows, so that the first pair offered is one a user can merge (never an old
// merge offered backwards); a base the user picked wins.
import type { BranchSummary } from '../../../shared/api.ts';
import { parseTimestamp } from '../../ui/time.ts';

export interface ComparePair {
  head: string;
  base: string | null;
}

const parentOf = (b: BranchSummary) => b.createdFrom ?? b.metadata?.createdFrom ?? null;
const statusOf = (b: BranchSummary) => b.status ?? b.metadata?.status ?? null;
const mergedIntoOf = (b: BranchSummary) => b.mergedInto ?? b.metadata?.mergedInto ?? null;

export function comparePair(selected: string, branches: readonly BranchSummary[], wantedBase: string | null): ComparePair {
  const byName = new Map(branches.map((b) => [b.name, b]));
  const exists = (n: string | null): n is string => !!n && byName.has(n);
  const s = byName.get(selected);
  if (!s) return { head: selected, base: wantedBase };
  if (wantedBase && wantedBase !== selected && exists(wantedBase)) return { head: selected, base: wantedBase };
  const into = mergedIntoOf(s);
  if (statusOf(s) === 'merged' && exists(into) && into !== selected) return { head: selected, base: into };
  const parent = parentOf(s);
  if (exists(parent) && parent !== selected) return { head: selected, base: parent };
  const active = newest(branches, (b) => parentOf(b) === selected && statusOf(b) !== 'merged' && statusOf(b) !== 'abandoned', (b) => b.lastActivity ?? b.metadata?.createdAt);
  if (active) return { head: active, base: selected };
  const merged = newest(branches, (b) => statusOf(b) === 'merged' && mergedIntoOf(b) === selected, (b) => b.metadata?.mergedAt ?? b.lastActivity);
  if (merged) return { head: merged, base: selected };
  return { head: selected, base: branches.find((b) => b.name !== selected)?.name ?? null };
}

/** Of the branches `which` keeps, the one whose `when` is newest. */
function newest(branches: readonly BranchSummary[], which: (b: BranchSummary) => boolean, when: (b: BranchSummary) => string | null | undefined): string | null {
  let best: BranchSummary | null = null;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const b of branches) {
    if (!which(b)) continue;
    const t = parseTimestamp(when(b));
    const time = Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
    if (!best || time > bestTime) {
      best = b;
      bestTime = time;
    }
  }
  return best?.name ?? null;
}
