// A merge that did not finish, found from the files alone.
import { describe, expect, it } from 'vitest';
import { partialMergesInFiles, type MergeTraceBranch } from './partial-merge.ts';

const branch = (name: string, over: Partial<MergeTraceBranch> = {}): MergeTraceBranch => ({ name, metadata: { status: 'active', mergedInto: null }, steps: [], commits: [], ...over });
const mergeCommit = { commitId: 'feedbeef', previousProgressSummary: 'Merging branch `x` with purpose: p', thisCommitContribution: 'custom summary' };

describe('partial merges found in the files', () => {
  it('reports copied steps or a merge commit whose source is not marked merged into the target', () => {
    const logOnly = partialMergesInFiles([branch('main', { steps: [{ mergedFrom: 'x' }, { mergedFrom: 'x' }] }), branch('x')]);
    expect(logOnly).toHaveLength(1);
    expect(logOnly[0]).toMatchObject({ source: 'x', target: 'main', evidence: 'files', severity: 'warning' });
    expect(logOnly[0]!.message).toMatch(/2 steps copied under .*and no merge commit/);
    const commitToo = partialMergesInFiles([branch('main', { steps: [{ mergedFrom: 'x' }], commits: [mergeCommit] }), branch('x')]);
    expect(commitToo[0]!.message).toMatch(/the merge commit `feedbeef`/);
  });

  it('says nothing of a finished merge, a source without metadata, or one merged elsewhere and back', () => {
    expect(partialMergesInFiles([branch('main', { steps: [{ mergedFrom: 'x' }], commits: [mergeCommit] }), branch('x', { metadata: { status: 'merged', mergedInto: 'main' } })])).toEqual([]);
    expect(partialMergesInFiles([branch('main', { steps: [{ mergedFrom: 'x' }] }), branch('x', { metadata: null })])).toEqual([]);
    expect(partialMergesInFiles([branch('main', { steps: [{ mergedFrom: 'gone' }] })])).toEqual([]);
  });
});
