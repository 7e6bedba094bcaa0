// Rows that arrived live: the dot ids new since the last complete layout (none before the first, and none while the
// branches' commits are still loading), marked for a moment so the eye finds them.
import { useEffect, useRef, useState } from 'react';
import type { GraphNode } from './layout.ts';

const FRESH_MS = 2_500;

/** `view`: what the rows are filtered by; a new one starts over (rows a filter brings back are not new). */
export function useFreshIds(nodes: readonly GraphNode[], complete: boolean, view: unknown): ReadonlySet<string> {
  const lastView = useRef(view);
  const known = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!complete) return;
    const ids = new Set(nodes.map((n) => n.id));
    const before = lastView.current === view ? known.current : null;
    lastView.current = view;
    known.current = ids;
    if (!before || before.size === 0) return;
    const added = [...ids].filter((id) => !before.has(id));
    if (added.length === 0) return;
    setFresh(new Set(added));
    const t = setTimeout(() => setFresh(new Set()), FRESH_MS);
    return () => clearTimeout(t);
  }, [nodes, complete, view]);
  return fresh;
}
