// The edit jobs on their own: each kind's job run on the bytes of the python corpus's files, as the locked write
// would run it — the new bytes, the history's record changes, the versions, and each refusal.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import { parseLog } from '../../shared/gcc/read/log.ts';
import { commitVersion, metadataVersion, stepVersion } from '../../shared/gcc/write/edit.ts';
import { parseMetadata } from '../../shared/gcc/read/metadata.ts';
import { roadmapParts } from '../../shared/gcc/write/edit-roadmap.ts';
import { loadedStore } from '../test-support/loaded-store.ts';
import { removeTempCorpusCopies } from '../test-support/temp-corpus.ts';
import { EditError } from './refusals.ts';
import { editJobs } from './edit-jobs.ts';

afterEach(removeTempCorpusCopies);

async function python() {
  const { gccDir, store } = await loadedStore('python');
  const bytes = (rel: string) => new Uint8Array(readFileSync(join(gccDir, rel)));
  return { jobs: editJobs(store), bytes, store };
}

describe('editJobs', () => {
  it('a commit job changes one field and says what changed, with the versions on both sides', async () => {
    const { jobs, bytes } = await python();
    const before = bytes('branches/main/commit.md');
    const c = parseCommits(before, { file: 'f', branch: 'main' }).commits[1]!;
    const job = jobs.commit('main', [{ index: 1, version: commitVersion(c), fields: { thisCommitContribution: 'By hand.' } }]);
    expect([job.file, job.dialect]).toEqual(['branches/main/commit.md', 'python']);
    const out = job.run(before);
    if (!out.ok) throw new Error(out.message);
    const after = parseCommits(out.bytes, { file: 'f', branch: 'main' }).commits[1]!;
    expect(after.thisCommitContribution).toBe('By hand.');
    expect(out.changes).toEqual([
      {
        target: { kind: 'commit', branch: 'main', index: 1, commitId: c.commitId },
        before: { thisCommitContribution: c.thisCommitContribution },
        after: { thisCommitContribution: 'By hand.' },
        versionBefore: commitVersion(c),
        versionAfter: commitVersion(after),
      },
    ]);
    expect(out.records.map((r) => r.version)).toEqual([commitVersion(after)]);
    // Run again on the new bytes, the job is stale: the commit is no longer at the version it was made from.
    const again = job.run(out.bytes);
    expect(!again.ok && [again.code, again.target]).toEqual(['conflict', { kind: 'commit', branch: 'main', index: 1, commitId: c.commitId }]);
  });

  it('a step job refuses a stale version with the step as it is now, and a missing file as not found', async () => {
    const { jobs, bytes } = await python();
    const log = bytes('branches/main/log.md');
    const s = parseLog(log, { file: 'f' }).steps[2]!;
    const unchanged = jobs.step('main', [{ index: 2, version: stepVersion(s), fields: { thought: s.thought } }]).run(log);
    expect(unchanged.ok && [unchanged.changed, unchanged.changes]).toEqual([false, []]);
    const stale = jobs.step('main', [{ index: 2, version: 'v0', fields: { thought: 'new' } }]).run(log);
    expect(!stale.ok && [stale.code, stale.target]).toEqual(['conflict', { kind: 'step', branch: 'main', index: 2, step: s.step }]);
    const missing = jobs.step('main', [{ index: 2, version: stepVersion(s), fields: { thought: 'new' } }]).run(null);
    expect(!missing.ok && [missing.code, missing.message]).toEqual(['not-found', 'branches/main/log.md does not exist']);
  });

  it('a roadmap job edits one part, locked as the main branch’s writer', async () => {
    const { jobs, bytes } = await python();
    const main = bytes('main.md');
    const part = roadmapParts(main)[1]!;
    const job = jobs.roadmap(1, { version: part.version, text: 'Edited.' });
    expect([job.file, job.dialect]).toEqual(['main.md', 'python']);
    const out = job.run(main);
    if (!out.ok) throw new Error(out.message);
    expect(roadmapParts(out.bytes)[1]!.text).toBe('Edited.');
    expect(out.changes.map((c) => [c.target, c.before, c.after])).toEqual([[{ kind: 'roadmap', index: 1 }, { text: part.text }, { text: 'Edited.' }]]);
  });

  it('refuses to set a merged branch active or abandoned (the merge would read as cut short), and edits its purpose', async () => {
    const { jobs, bytes } = await python();
    const file = 'branches/auth-jwt/metadata.yaml';
    const before = bytes(file);
    const meta = parseMetadata(before, file).metadata!;
    expect([meta.status, meta.mergedInto]).toEqual(['merged', 'main']);
    for (const status of ['active', 'abandoned']) {
      const out = jobs.metadata('auth-jwt', { version: metadataVersion(meta), fields: { status } }).run(before);
      expect(!out.ok && [out.code, out.message]).toEqual([
        'unrepresentable',
        'auth-jwt was merged into main: its status stays merged. To take the merge back, use Undo merge in Compare & merge.',
      ]);
    }
    const purpose = jobs.metadata('auth-jwt', { version: metadataVersion(meta), fields: { purpose: 'Renamed.' } }).run(before);
    expect(purpose.ok && parseMetadata(purpose.bytes, file).metadata).toMatchObject({ purpose: 'Renamed.', status: 'merged', mergedInto: 'main' });
  });

  it('refuses to build a job for a branch the store does not list, or a name that is no branch name', async () => {
    const { jobs } = await python();
    expect(() => jobs.metadata('nope', { version: 'v', fields: { status: 'abandoned' } })).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => jobs.commit('../main', [])).toThrow(EditError);
    expect(() => jobs.commit('../main', [])).toThrow(expect.objectContaining({ status: 400 }));
  });
});
