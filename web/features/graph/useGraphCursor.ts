// The full graph's cursor and focus, and the keys that move them; the cursor is kept by its dot's id so rows arriving
// above it do not move it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSetUrl, useUrlValue } from '../../state/useUrlState.ts';
import type { GraphModel } from './graphModel.ts';
import type { GraphNode } from './layout.ts';
import { branchBeside, displayRow, nearestRowOf, type RowOrder } from './geometry.ts';
import { GRAPH_SEARCH_ID } from './GraphToolbar.tsx';

function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.tagName && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** A dot's row by its id, the index made on the first look: no cursor on the first screen, no index of 33,000 dots. */
function rowIndex(layout: GraphModel['layout']): (id: string) => number | undefined {
  let byId: Map<string, number> | null = null;
  return (id) => (byId ??= new Map(layout.nodes.map((n) => [n.id, n.row]))).get(id);
}

export interface GraphCursor {
  /** Display row of the cursor, or null. */
  at: number | null;
  node: GraphNode | null;
  focusBranch: string | null;
  /** Put the cursor on a display row and focus its branch. */
  pick(display: number): void;
  open(n: GraphNode): void;
  /** Focus a branch and put the cursor on its head (or its folded marker). */
  focusBranchAt(branch: string): number | null;
}

export function useGraphCursor(model: GraphModel, order: RowOrder, reveal: (display: number) => void): GraphCursor {
  const urlBranch = useUrlValue((u) => u.branch);
  const setUrl = useSetUrl();
  const [cursorId, setCursorId] = useState<string | null>(null);
  const { layout } = model;
  const rowOf = useMemo(() => rowIndex(layout), [layout]);
  const row = cursorId !== null ? rowOf(cursorId) : undefined;
  const node = row !== undefined ? layout.nodes[row]! : null;
  const at = row !== undefined ? displayRow(row, order) : null;
  const focusBranch = urlBranch && model.summaries.has(urlBranch) ? urlBranch : null;

  const pick = (display: number) => {
    const n = layout.nodes[displayRow(display, order)];
    if (!n) return;
    setCursorId(n.id);
    if (n.branch !== urlBranch) setUrl({ branch: n.branch, step: null, commit: null });
    reveal(display);
  };
  const headOf = (branch: string): number | null => model.headRow.get(branch) ?? layout.nodes.find((n) => n.id === `${branch}~`)?.row ?? null;
  const focusBranchAt = (branch: string): number | null => {
    const r = headOf(branch);
    if (r === null) return null;
    setCursorId(layout.nodes[r]!.id);
    if (branch !== urlBranch) setUrl({ branch, step: null, commit: null });
    reveal(displayRow(r, order));
    return r;
  };
  const open = (n: GraphNode) => {
    if (n.kind === 'commit' && n.commitId) setUrl({ branch: n.branch, tab: 'commits', commit: n.commitId, step: null }, 'push');
    else setUrl({ branch: n.branch, tab: 'log', step: null, commit: null }, 'push');
  };

  // A branch picked elsewhere (the list, a link): the cursor goes to its head. Picking a row here focuses the row's
  // own branch, so this moves nothing then; a live update moves nothing either, unless the focus had no row yet.
  const nodeBranch = node?.branch ?? null;
  useEffect(() => {
    if (!focusBranch || nodeBranch === focusBranch) return;
    focusBranchAt(focusBranch);
    // focusBranchAt reads the current model and order; it must run only when the focus or its row changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusBranch, nodeBranch, model.headRow.has(focusBranch ?? '')]);

  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.metaKey || e.ctrlKey || e.altKey || typingInto(e.target) || layout.rowCount === 0) return;
    const last = layout.rowCount - 1;
    const move = (d: number) => pick(Math.min(last, Math.max(0, (at ?? (d > 0 ? -1 : last + 1)) + d)));
    if (e.key === 'ArrowDown' || e.key === 'j') move(1);
    else if (e.key === 'ArrowUp' || e.key === 'k') move(-1);
    else if (e.key === 'PageDown') move(10);
    else if (e.key === 'PageUp') move(-10);
    else if (e.key === 'Home') pick(0);
    else if (e.key === 'End') pick(last);
    else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && node) {
      const beside = branchBeside(layout, node.row, node.lane, e.key === 'ArrowLeft' ? -1 : 1);
      const r = beside ? nearestRowOf(layout, beside, node.row) : null;
      if (r !== null) pick(displayRow(r, order));
    } else if (e.key === 'Enter' && node) open(node);
    else if (e.key === 'Escape' && (focusBranch || cursorId)) {
      setCursorId(null);
      setUrl({ branch: null, step: null, commit: null });
    } else if (e.key === 'f') {
      document.getElementById(GRAPH_SEARCH_ID)?.focus();
    } else return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    // Capture: the graph's keys win over the page's j/k (steps) while the graph tab is open.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  return { at, node, focusBranch, pick, open, focusBranchAt };
}
