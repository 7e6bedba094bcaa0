// The drafts held outside the cards: keyed by record and field, typed text kept without a redraw, dropped on close.
import { afterEach, describe, expect, it } from 'vitest';
import { draftKey, drafts, type DraftTarget } from './drafts.ts';

const commit = (index: number, field: 'thisCommitContribution' | 'branchPurpose' = 'thisCommitContribution'): DraftTarget => ({ kind: 'commit', branch: 'main', index, commitId: `c${index}`, field });
const step: DraftTarget = { kind: 'step', branch: 'main', index: 1, step: 2, field: 'thought' };

afterEach(() => {
  for (const t of [commit(0), commit(1), commit(1, 'branchPurpose'), step]) drafts.drop(draftKey(t));
});

describe('drafts', () => {
  it('keys a draft by record and field, so two fields of one record are two drafts', () => {
    expect(draftKey(commit(1))).not.toBe(draftKey(commit(1, 'branchPurpose')));
    expect(draftKey(commit(1))).not.toBe(draftKey(commit(0)));
    expect(draftKey(step)).toBe('step:main:1:thought');
  });

  it('keeps the text typed and the version it began from until it is dropped', () => {
    drafts.open({ target: commit(1), label: 'x', base: 'v1', text: 'as on disk', opened: 'as on disk' });
    drafts.type(draftKey(commit(1)), 'typed');
    // Opened again (a card drawn again): the draft typed stays.
    drafts.open({ target: commit(1), label: 'x', base: 'v2', text: 'new on disk', opened: 'new on disk' });
    expect(drafts.get(draftKey(commit(1)))).toMatchObject({ text: 'typed', base: 'v1' });
    drafts.drop(draftKey(commit(1)));
    expect(drafts.get(draftKey(commit(1)))).toBeUndefined();
  });

  it('lists one branch and kind', () => {
    drafts.open({ target: commit(0), label: 'a', base: 'v', text: '', opened: '' });
    drafts.open({ target: step, label: 'b', base: 'v', text: '', opened: '' });
    expect(drafts.of('main', 'commit').map((d) => d.label)).toEqual(['a']);
    expect(drafts.of('main', 'step').map((d) => d.label)).toEqual(['b']);
    expect(drafts.of('other', 'step')).toEqual([]);
  });
});
