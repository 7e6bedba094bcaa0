// Finding a branch in the graph by name: the matches (the name itself first, then names starting with it, then the
// rest, each newest head first), the first one focused and scrolled to as the user types, Enter stepping on.
import { useCallback, useMemo, useState } from 'react';
import type { GraphModel } from './graphModel.ts';
import type { GraphSearch } from './GraphToolbar.tsx';
import { searchBranches } from './rowText.ts';

export function useGraphSearch(model: GraphModel, focusBranchAt: (branch: string) => number | null): GraphSearch {
  const [query, setQueryState] = useState('');
  // -1: no match visited yet (nothing matched as the query was typed), so Enter goes to the first match.
  const [at, setAt] = useState(-1);
  // A branch's head row, or its folded marker's.
  const rows = useMemo(() => {
    const out = new Map(model.headRow);
    for (const n of model.layout.nodes) if (n.kind === 'folded') out.set(n.branch, n.row);
    return out;
  }, [model]);
  const find = useCallback((q: string) => rankMatches(searchBranches(model.summaries.keys(), q), q, (name) => rows.get(name) ?? -1), [model.summaries, rows]);
  const matches = useMemo(() => find(query), [find, query]);
  const go = (list: readonly string[], i: number) => {
    if (list.length === 0) return;
    const k = ((i % list.length) + list.length) % list.length;
    setAt(k);
    focusBranchAt(list[k]!);
  };
  return {
    query,
    matches,
    at: Math.min(Math.max(at, 0), Math.max(0, matches.length - 1)),
    setQuery: (q) => {
      setQueryState(q);
      setAt(-1);
      const found = find(q);
      if (found.length > 0) go(found, 0);
    },
    next: (step) => go(matches, at === -1 ? 0 : at + step),
  };
}

/** The name itself first, then names that start with the query, then the rest; newest head first within each. */
export function rankMatches(names: readonly string[], query: string, rowOf: (name: string) => number): string[] {
  const q = query.trim().toLowerCase();
  const rank = (n: string) => (n.toLowerCase() === q ? 0 : n.toLowerCase().startsWith(q) ? 1 : 2);
  return [...names].sort((a, b) => rank(a) - rank(b) || rowOf(b) - rowOf(a));
}
