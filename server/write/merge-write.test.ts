// Writing a planned merge, on its own, with a real plan of the python corpus's auth-session into main: the checks
// before any write, the writes in the plan's order, and the undoing of the appends when a later write fails.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { planMerge, type MergePlan } from '../../shared/gcc/write/merge-plan.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { readMergeFiles } from './merge-read.ts';
import { defaultMergeIo, execute, preflight } from './merge-write.ts';

afterEach(removeTempCorpusCopies);

async function planned(): Promise<{ gccDir: string; p: MergePlan; size: (file: string) => number }> {
  const { gccDir } = tempCorpusCopy('python');
  const files = await readMergeFiles(gccDir, () => 'python', { branch: 'auth-session', target: 'main' });
  const timestamps = { logHeader: '2027-01-01T00:00:00.000001+00:00', commit: '2027-01-01T00:00:00.000002+00:00', mergedAt: '2027-01-01T00:00:00.000003+00:00' };
  const p = planMerge({ ...files, summary: null, commitId: 'feedbeef', timestamps });
  return { gccDir, p, size: (file) => statSync(join(gccDir, file)).size };
}

describe('preflight', () => {
  it('passes a fresh plan, and refuses a file that grew since or is not a regular file', async () => {
    const { gccDir, p } = await planned();
    await preflight(gccDir, p);
    appendFileSync(join(gccDir, 'branches/main/log.md'), 'x');
    await expect(preflight(gccDir, p)).rejects.toMatchObject({ status: 409, message: 'branches/main/log.md changed while the merge was planned; nothing was written' });
    const again = await planned();
    rmSync(join(again.gccDir, 'branches/main/commit.md'));
    mkdirSync(join(again.gccDir, 'branches/main/commit.md'));
    await expect(preflight(again.gccDir, again.p)).rejects.toMatchObject({ message: 'branches/main/commit.md is a folder, not a file (EISDIR); nothing was written' });
  });
});

describe('execute', () => {
  it('writes every planned write in order: appends after the planned size, replacements whole', async () => {
    const { gccDir, p, size } = await planned();
    const report = await execute(gccDir, p, defaultMergeIo);
    expect(report.map((r) => [r.file, r.outcome])).toEqual(p.writes.map((w) => [w.file, 'written']));
    for (const w of p.writes) expect(size(w.file), w.file).toBe(w.mode === 'append' ? w.baseSize + w.bytes.length : w.bytes.length);
  });

  it('undoes the appends before a write that fails, and says nothing is left', async () => {
    const { gccDir, p, size } = await planned();
    expect(p.writes.at(-1)!.mode).toBe('replace');
    const io = { ...defaultMergeIo, replace: () => Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' })) };
    const err = await execute(gccDir, p, io).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'MergeWriteError' });
    const { report, message } = err as { report: { outcome: string }[]; message: string };
    // The first replacement (the metadata, last) fails: the appends before it are rolled back.
    const failedAt = p.writes.findIndex((w) => w.mode === 'replace');
    expect(failedAt).toBeGreaterThan(0);
    expect(report.map((r) => r.outcome)).toEqual(p.writes.map((w, i) => (i < failedAt ? 'rolled-back' : i === failedAt ? 'failed' : 'not-written')));
    expect(message).toContain('Nothing of it is left in the workspace.');
    for (const w of p.writes.filter((x) => x.mode === 'append')) expect(size(w.file), w.file).toBe(w.baseSize);
  });
});
