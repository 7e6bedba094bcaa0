// j/k move through the selected branch's steps (or commits on the commits tab), `/` focuses search, Esc clears the
// search, else the selected step or commit.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BranchResponse, WorkspaceResponse } from '../../shared/api.ts';
import { keys } from '../api/queries.ts';
import { pickBranch } from './useSelection.ts';
import { updateUrlState } from './useUrlState.ts';
import { parseUrlState } from './urlState.ts';

export const SEARCH_INPUT_ID = 'search-input';

function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** Next position when moving by `delta` from `current` (null: nothing selected yet) in a list of `count`. */
export function stepTo(current: number | null, delta: number, count: number): number | null {
  if (count <= 0) return null;
  if (current === null) return delta > 0 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + delta));
}

export function useKeyboardShortcuts(): void {
  const client = useQueryClient();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const search = document.getElementById(SEARCH_INPUT_ID) as HTMLInputElement | null;
      if (e.key === 'Escape') {
        const url = parseUrlState(location.search);
        if (url.q || document.activeElement === search) {
          updateUrlState({ q: '' });
          search?.blur();
        } else if (!e.defaultPrevented && !typingInto(e.target) && (url.step !== null || url.commit !== null)) {
          updateUrlState({ step: null, commit: null });
        }
        return;
      }
      if (typingInto(e.target)) return;
      if (e.key === '/') {
        e.preventDefault();
        search?.focus();
        search?.select();
        return;
      }
      if (e.key !== 'j' && e.key !== 'k') return;
      const url = parseUrlState(location.search);
      // The graph tab moves its own cursor with j/k (features/graph/useGraphCursor.ts).
      if (url.tab === 'graph') return;
      const ws = client.getQueryData<WorkspaceResponse>(keys.workspace());
      const name = pickBranch(ws?.branches ?? [], url.branch);
      if (!name) return;
      const summary = ws?.branches.find((b) => b.name === name);
      e.preventDefault();
      if (url.tab === 'commits') {
        const commits = client.getQueryData<BranchResponse>(keys.branch(name))?.commits ?? [];
        // Newest first on screen: j goes down the list, to older commits.
        const at = url.commit ? commits.findIndex((c) => c.commitId === url.commit) : null;
        const next = stepTo(at === -1 ? null : at, e.key === 'j' ? -1 : 1, commits.length);
        if (next !== null) updateUrlState({ branch: name, commit: commits[next]!.commitId });
      } else {
        const next = stepTo(url.step, e.key === 'j' ? 1 : -1, summary?.stepCount ?? 0);
        if (next !== null) updateUrlState({ branch: name, step: next });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [client]);
}
