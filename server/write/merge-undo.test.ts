// Undoing a merge through the routes, on temp copies of corpus workspaces: the files back byte for byte, a refusal
// with the reason once anything was written after the merge, a server started again still able to undo, and an
// undo a crash cut short finished by recovery.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MergeHistoryResponse, MergeResponse, MergeUndoResponse } from '../../shared/compare-api.ts';
import { mergeTestApp } from '../test-support/merge-app.ts';
import { removeTempCorpusCopies } from '../test-support/temp-corpus.ts';
import { mergeHistory } from './merge-history.ts';
import { mergeJournal, type MergeIntent } from './merge-journal.ts';
import { judgeUndo } from './merge-undo.ts';
import { resolvePendingMerge } from './merge-recovery.ts';

afterEach(removeTempCorpusCopies);

const FILES = ['branches/main/log.md', 'branches/main/commit.md', 'main.md', 'branches/auth-session/metadata.yaml'];
const STEP = '### Step 3 — 2027-01-02T00:00:00+00:00\n**Observation:** o\n\n**Thought:** t\n\n**Action:** a\n\n---\n';

async function merged(corpus = 'python', at?: { dir: string; gccDir: string }) {
  const app = await mergeTestApp(corpus, at ? { at } : {});
  const before = new Map(FILES.map((f) => [f, existsSync(join(app.gccDir, f)) ? readFileSync(join(app.gccDir, f)) : null]));
  const res = await app.post({ branch: 'auth-session', target: 'main' });
  expect(res.status).toBe(200);
  const body = (await res.json()) as MergeResponse;
  expect(body.historyId).toMatch(/^[0-9a-f-]{36}$/);
  const undo = () => app.postTo(`/api/merge/${body.historyId}/undo`, {});
  const history = async () => ((await (await app.get('/api/merge/history?branch=auth-session')).json()) as MergeHistoryResponse).entries;
  const same = () => FILES.every((f) => {
    const was = before.get(f)!;
    const path = join(app.gccDir, f);
    return was === null ? !existsSync(path) : existsSync(path) && readFileSync(path).equals(was);
  });
  return { ...app, id: body.historyId!, undo, history, same };
}

describe('undoing a merge', () => {
  it('puts every file back byte for byte, and says so in the history', async () => {
    const m = await merged();
    expect(m.same()).toBe(false);
    expect(await m.history()).toMatchObject([{ id: m.id, branch: 'auth-session', target: 'main', commitId: 'feedbeef', undo: { possible: true } }]);
    const res = await m.undo();
    expect(res.status).toBe(200);
    expect((await res.json()) as MergeUndoResponse).toMatchObject({ ok: true, branch: 'auth-session', target: 'main', files: [...FILES].reverse() });
    expect(m.same()).toBe(true);
    const [entry] = await m.history();
    expect(entry!.undoneAt).toBeTruthy();
    expect(entry!.undo).toBeUndefined();
    // Undone once is undone: a second undo is refused and changes nothing.
    const again = await m.undo();
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/undone already/);
    expect(m.same()).toBe(true);
    // And the branch can be merged again.
    expect((await m.post({ branch: 'auth-session', target: 'main' })).status).toBe(200);
  });

  it('removes main.md again when the merge created it', async () => {
    const app = await mergeTestApp('python');
    rmSync(join(app.gccDir, 'main.md'));
    const m = await merged('python', { dir: app.dir, gccDir: app.gccDir });
    expect(existsSync(join(m.gccDir, 'main.md'))).toBe(true);
    expect((await m.undo()).status).toBe(200);
    expect(existsSync(join(m.gccDir, 'main.md'))).toBe(false);
    expect(m.same()).toBe(true);
  });

  it('refuses with the reason once a step was appended after the merge, and changes nothing', async () => {
    const m = await merged();
    appendFileSync(join(m.gccDir, 'branches/main/log.md'), STEP);
    const after = FILES.map((f) => readFileSync(join(m.gccDir, f)).toString('hex'));
    const [entry] = await m.history();
    expect(entry!.undo).toEqual({ possible: false, reason: expect.stringMatching(/^\d+ bytes were written to branches\/main\/log\.md after the merge/) });
    const res = await m.undo();
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/can no longer be undone: \d+ bytes were written to branches\/main\/log\.md after the merge.*Nothing was changed/);
    expect(FILES.map((f) => readFileSync(join(m.gccDir, f)).toString('hex'))).toEqual(after);
  });

  it('refuses when the merged metadata was changed since', async () => {
    const m = await merged();
    const meta = join(m.gccDir, 'branches/auth-session/metadata.yaml');
    writeFileSync(meta, readFileSync(meta, 'utf8').replace('merged', 'active'));
    const res = await m.undo();
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/metadata\.yaml changed after the merge wrote it/);
  });

  it('can still be undone by a server started again on the folder', async () => {
    const m = await merged();
    const again = await mergeTestApp('python', { at: { dir: m.dir, gccDir: m.gccDir } });
    const res = await again.postTo(`/api/merge/${m.id}/undo`, {});
    expect(res.status).toBe(200);
    expect(m.same()).toBe(true);
  });

  it('is refused under --read-only, and for an id the history does not hold', async () => {
    const m = await merged();
    const ro = await mergeTestApp('python', { at: { dir: m.dir, gccDir: m.gccDir }, readOnly: true });
    expect((await ro.postTo(`/api/merge/${m.id}/undo`, {})).status).toBe(403);
    expect((await m.postTo('/api/merge/00000000-0000-0000-0000-000000000000/undo', {})).status).toBe(404);
    expect((await m.postTo('/api/merge/nope/undo', {})).status).toBe(400);
    expect(m.same()).toBe(false);
  });

  it('is finished by recovery when a crash cut it short', async () => {
    const m = await merged();
    const { record } = (await mergeHistory(m.gccDir).find(m.id))!;
    const verdict = await judgeUndo(m.gccDir, record);
    if (!verdict.possible) throw new Error(verdict.reason);
    // The undo's record is written and the metadata put back, then the process dies.
    const journal = mergeJournal(m.gccDir);
    const intent: MergeIntent = { version: 1, id: 'u', at: new Date().toISOString(), source: record.source, target: record.target, dialect: record.dialect, commitId: record.commitId, writes: verdict.parts.map((p) => p.write), undoes: m.id };
    await journal.begin(intent);
    await journal.starting(intent.writes.length - 1);
    const meta = record.writes.find((w) => w.kind === 'metadata')!;
    writeFileSync(join(m.gccDir, meta.file), Buffer.from(meta.previous!, 'base64'));
    const recovered = await resolvePendingMerge(m.gccDir, journal, { readOnly: false });
    expect(recovered?.resolution).toBe('rolled-back');
    expect(recovered?.message).toMatch(/^The undo of the merge of `auth-session` into `main`.*the files are as they were before the merge/);
    expect(m.same()).toBe(true);
    expect(await journal.pending()).toBeNull();
    expect((await mergeHistory(m.gccDir).find(m.id))?.undoneAt).toBeTruthy();
  });
});
