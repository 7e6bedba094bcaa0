// Finding a branch in the graph by name: the matches, newest head first, and Enter stepping through them (each one
// focused and scrolled to).
import { useMemo, useState } from 'react';
import type { GraphModel } from './graphModel.ts';
import type { GraphSearch } from './GraphToolbar.tsx';
import { searchBranches } from './rowText.ts';

export function useGraphSearch(model: GraphModel, focusBranchAt: (branch: string) => number | null): GraphSearch {
  const [query, setQueryState] = useState('');
  // -1: no match visited yet, so the first Enter goes to the first match.
  const [at, setAt] = useState(-1);
  const matches = useMemo(() => {
    const rowOf = (name: string) => model.headRow.get(name) ?? model.layout.nodes.find((n) => n.id === `${name}~`)?.row ?? -1;
    return searchBranches(model.summaries.keys(), query).sort((a, b) => rowOf(b) - rowOf(a));
  }, [model, query]);
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
      const found = searchBranches(model.summaries.keys(), q);
      if (found.length === 1) go(found, 0);
    },
    next: (step) => go(matches, at === -1 ? 0 : at + step),
  };
}
