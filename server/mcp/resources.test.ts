// Which resources a change on the live bus touches: a subscriber is told of every resource an event may have changed,
// and of none it cannot have.
import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../shared/api.ts';
import { urisChangedBy } from './resources.ts';

const summary = { name: 'fix/x' } as BranchSummary;

describe('urisChangedBy', () => {
  it("names the file an append touched and the branch's CONTEXT, with the name encoded as the list gives it", () => {
    expect(urisChangedBy({ type: 'steps-appended', id: 1, branch: 'a b', from: 0, steps: [] })).toEqual(['gcc://branches/a%20b/log.md', 'gcc://context/a%20b']);
    expect(urisChangedBy({ type: 'commits-appended', id: 1, branch: 'main', from: 0, commits: [] })).toEqual(['gcc://branches/main/commit.md', 'gcc://context/main']);
    expect(urisChangedBy({ type: 'metadata-changed', id: 1, branch: 'main', summary })).toEqual(['gcc://branches/main/metadata.yaml', 'gcc://context/main']);
  });

  it('names every file of a branch rewritten, added or removed; the roadmap and every CONTEXT for main.md; all after a gap', () => {
    expect(urisChangedBy({ type: 'branch-reloaded', id: 1, branch: 'main', summary })).toHaveLength(4);
    expect(urisChangedBy({ type: 'branch-removed', id: 1, branch: 'main' })).toHaveLength(4);
    expect(urisChangedBy({ type: 'roadmap-changed', id: 1, text: '' })).toBe('roadmap');
    expect(urisChangedBy({ type: 'resync', id: 1 })).toBe('all');
    expect(urisChangedBy({ type: 'workspace-reset', id: 1, present: true })).toBe('all');
    expect(urisChangedBy({ type: 'authors-changed', id: 1 })).toEqual([]);
  });
});
