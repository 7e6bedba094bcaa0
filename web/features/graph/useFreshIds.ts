// Rows that arrived live: the dot ids new since the last layout (none on the first), marked for a moment so the
// eye finds them.
import { useEffect, useRef, useState } from 'react';
import type { GraphNode } from './layout.ts';

const FRESH_MS = 2_500;

export function useFreshIds(nodes: readonly GraphNode[]): ReadonlySet<string> {
  const known = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const before = known.current;
    known.current = ids;
    if (!before || before.size === 0) return;
    const added = [...ids].filter((id) => !before.has(id));
    if (added.length === 0) return;
    setFresh(new Set(added));
    const t = setTimeout(() => setFresh(new Set()), FRESH_MS);
    return () => clearTimeout(t);
  }, [nodes]);
  return fresh;
}
