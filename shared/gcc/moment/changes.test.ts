// What changed between two moments: merges, new branches, hand edits.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../test-support/corpus.ts';
import { readFolder } from '../test-support/read-folder.ts';
import { workspaceNow } from '../test-support/workspace-now.ts';
import type { EditEntry } from '../write/edit.ts';
import { momentChanges } from './changes.ts';
import { WorkspaceTimeline } from './memory-at.ts';

describe('what changed between two moments', () => {
  const now = workspaceNow(readFolder(join(CORPUS, 'python', '.GCC')), 'python');
  const merged = now.branches.find((b) => b.name === 'auth-jwt')!.metadata!.mergedAt!;
  const jwtStep = now.branches.find((b) => b.name === 'auth-jwt')!.steps.at(1)!;
  // A hand edit saved just after the merge: before it, step 2 of auth-jwt read as written.
  const edit: EditEntry = {
    id: 'e1',
    at: '2026-12-02T13:58:19.500Z',
    file: 'branches/auth-jwt/log.md',
    changes: [{ target: { kind: 'step', branch: 'auth-jwt', index: 1, step: 2 }, before: { thought: 'as the agent wrote it' }, after: { thought: jwtStep.thought }, versionBefore: 'a', versionAfter: 'b' }],
  };
  const tl = new WorkspaceTimeline();
  tl.sync({ ...now, edits: [edit] });

  it('lists the merge: status, the copied steps and the merge commit, the roadmap update', () => {
    const c = momentChanges(tl.at('auth-jwt@commit:2'), tl.at(merged));
    expect(c.branches).toEqual([
      expect.objectContaining({ branch: 'auth-jwt', status: { before: 'active', after: 'merged' }, steps: { before: 3, after: 3 } }),
      expect.objectContaining({ branch: 'main', status: null, steps: { before: 6, after: 9 }, commits: { before: 2, after: 3 } }),
    ]);
    expect(c.roadmapAdded).toMatch(/^\n## Update \([^)]+\)\nMerged `auth-jwt`/);
    expect(c.fields).toEqual([]);
  });

  it('lists a branch that appeared, and a field a hand edit changed', () => {
    const c = momentChanges(tl.at(merged), tl.at('auth-session@commit:1'));
    expect(c.branches.find((b) => b.branch === 'auth-session')).toMatchObject({ added: true, steps: { before: 0, after: 2 } });
    expect(c.fields).toEqual([{ branch: 'auth-jwt', kind: 'step', index: 1, field: 'thought', before: 'as the agent wrote it', after: jwtStep.thought }]);
  });
});
