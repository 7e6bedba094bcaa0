// The edit routes against a real store on temp copies of corpus workspaces: versions, byte-exact splices, conflicts,
// the summary chain, history and undo, read-only, and body validation.
import { CORPUS } from '../../fixtures/corpus.ts';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BranchResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { StudioEvent } from '../../shared/events.ts';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import type { CommitEditResponse, EditConflictResponse, EditHistoryResponse, MetadataWriteCheckResponse, RoadmapResponse } from '../../shared/gcc/write/edit.ts';
import { editCommits } from '../../shared/gcc/write/edit-records.ts';
import { commitVersion } from '../../shared/gcc/write/edit-version.ts';
import type { Commit, OtaStep } from '../../shared/types.ts';
import { createApp } from '../http/app.ts';
import { historyPathFor } from './edit-history.ts';
import { createEventBus } from '../live/event-bus.ts';
import { securityOptionsFor } from '../http/security.ts';
import { createStore } from '../live/store.ts';

const TOKEN = 'edit-test-token-0123456789';
const PORT = 4782;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup(corpus = 'python', options: { readOnly?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-edit-'));
  temps.push(dir);
  const gccDir = join(dir, '.GCC');
  cpSync(join(CORPUS, corpus, '.GCC'), gccDir, { recursive: true });
  const bus = createEventBus(256);
  const events: StudioEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const store = createStore({ gccDir, root: dir, readOnly: options.readOnly ?? false, bus });
  await store.load();
  const app = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), gccDir, webDir: dir });
  const headers = { host: HOST, authorization: `Bearer ${TOKEN}` };
  const get = async <T>(path: string) => (await app.request(`${ORIGIN}${path}`, { headers })).json() as Promise<T>;
  const send = (method: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
    app.request(`${ORIGIN}${path}`, {
      method,
      headers: { ...headers, origin: ORIGIN, 'content-type': 'application/json', ...extra },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const file = (rel: string) => new Uint8Array(readFileSync(join(gccDir, rel)));
  return { dir, gccDir, store, events, app, get, send, file };
}

type VersionedCommit = Commit & { version: string };

describe('edit routes', () => {
  it('GET answers carry versions; a PATCH changes only that value, and the store shows it at once', async () => {
    const s = await setup();
    const before = s.file('branches/main/commit.md');
    const branch = await s.get<BranchResponse & { commits: VersionedCommit[] }>('/api/branches/main');
    const c = branch.commits[1]!;
    expect(c.version).toBe(commitVersion(c));
    const steps = await s.get<StepsPage & { steps: (OtaStep & { version: string })[] }>('/api/branches/main/steps?from=0&limit=3');
    expect(steps.steps[0]!.version).toMatch(/^v[0-9a-f]+$/);
    const ws = await s.get<{ branches: { metadataVersion: string | null }[] }>('/api/workspace');
    expect(ws.branches.every((b) => typeof b.metadataVersion === 'string')).toBe(true);

    const res = await s.send('PATCH', '/api/branches/main/commits/1', { commitId: c.commitId, version: c.version, fields: { thisCommitContribution: 'Fixed by hand — **really**.' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CommitEditResponse;
    expect(body.changed).toBe(true);
    expect(body.records[0]!.thisCommitContribution).toBe('Fixed by hand — **really**.');
    expect(body.entry!.changes[0]!.before).toEqual({ thisCommitContribution: c.thisCommitContribution });

    const after = s.file('branches/main/commit.md');
    const { start, end } = c.range;
    expect(Buffer.from(after.subarray(0, start)).equals(Buffer.from(before.subarray(0, start)))).toBe(true);
    expect(Buffer.from(after.subarray(after.length - (before.length - end))).equals(Buffer.from(before.subarray(end)))).toBe(true);
    const reread = (await s.get<BranchResponse>('/api/branches/main')).commits[1]!;
    expect(reread.thisCommitContribution).toBe('Fixed by hand — **really**.');
    expect(s.events.map((e) => e.type)).toEqual(expect.arrayContaining(['branch-reloaded', 'record-edited']));
    expect(existsSync(historyPathFor(s.gccDir))).toBe(true);
    expect(historyPathFor(s.gccDir).startsWith(join(s.dir, '.gcc-studio'))).toBe(true);
  });

  it('a record changed on disk since answers 409 with the new text; an append elsewhere is no conflict', async () => {
    const s = await setup();
    const c = (await s.get<BranchResponse & { commits: VersionedCommit[] }>('/api/branches/main')).commits[0]!;
    // The agent appends a commit: editing an earlier one still works.
    writeFileSync(join(s.gccDir, 'branches/main/commit.md'), readFileSync(join(s.gccDir, 'branches/main/commit.md'), 'utf8') + '## Commit `abcd1234`\n**Timestamp:** 2026-12-02T14:00:00.000000+00:00\n\n**Branch Purpose:** p\n\n**Previous Progress Summary:** q\n\n**This Commit\'s Contribution:** r\n\n---\n', { flag: 'w' });
    const ok = await s.send('PATCH', '/api/branches/main/commits/0', { commitId: c.commitId, version: c.version, fields: { branchPurpose: 'Purpose fixed' } });
    expect(ok.status).toBe(200);
    // Someone else rewrites the record; our stale version is refused with what is there now.
    const bytes = s.file('branches/main/commit.md');
    const now = parseCommits(bytes, { file: 'f', branch: 'main' }).commits[0]!;
    const other = editCommits(bytes, { file: 'f', branch: 'main', dialect: 'python' }, [{ index: 0, version: commitVersion(now), fields: { thisCommitContribution: 'Another tab' } }]);
    if (!other.ok) throw new Error(other.message);
    writeFileSync(join(s.gccDir, 'branches/main/commit.md'), other.bytes);
    const stale = await s.send('PATCH', '/api/branches/main/commits/0', { commitId: c.commitId, version: commitVersion(now), fields: { thisCommitContribution: 'Mine' } });
    expect(stale.status).toBe(409);
    const conflict = (await stale.json()) as EditConflictResponse;
    expect((conflict.conflict.current as Commit).thisCommitContribution).toBe('Another tab');
    expect(conflict.conflict.version).toBe(commitVersion(conflict.conflict.current as Commit));
    expect(s.file('branches/main/commit.md')).toEqual(other.bytes);
  });

  it('carries a new contribution into the next commit’s previous summary, and undo restores every byte', async () => {
    const s = await setup();
    const original = s.file('branches/main/commit.md');
    const commits = (await s.get<BranchResponse & { commits: VersionedCommit[] }>('/api/branches/main')).commits;
    const [a, b] = [commits[0]!, commits[1]!];
    const res = await s.send('PATCH', '/api/branches/main/commits/0', { commitId: a.commitId, version: a.version, fields: { thisCommitContribution: 'Chained text' }, carryToNext: { version: b.version } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CommitEditResponse;
    expect(body.records.map((r) => [r.thisCommitContribution === 'Chained text', r.previousProgressSummary === 'Chained text'])).toEqual([
      [true, false],
      [false, true],
    ]);
    const history = await s.get<EditHistoryResponse>('/api/edits');
    expect(history.entries).toHaveLength(1);
    expect(history.entries[0]!.changes).toHaveLength(2);
    const undo = await s.send('POST', `/api/edits/${history.entries[0]!.id}/undo`, {});
    expect(undo.status).toBe(200);
    expect(Buffer.from(s.file('branches/main/commit.md')).equals(Buffer.from(original))).toBe(true);
    const again = await s.send('POST', `/api/edits/${history.entries[0]!.id}/undo`, {});
    expect(again.status).toBe(409);
    expect((await s.get<EditHistoryResponse>('/api/edits')).entries.map((e) => e.undoes ?? null)).toEqual([null, history.entries[0]!.id]);
  });

  it('refuses an undo once the record changed since', async () => {
    const s = await setup();
    const c = (await s.get<BranchResponse & { commits: VersionedCommit[] }>('/api/branches/main')).commits[2]!;
    const first = (await (await s.send('PATCH', '/api/branches/main/commits/2', { commitId: c.commitId, version: c.version, fields: { thisCommitContribution: 'one' } })).json()) as CommitEditResponse;
    const v = first.records[0]!.version;
    expect((await s.send('PATCH', '/api/branches/main/commits/2', { commitId: c.commitId, version: v, fields: { thisCommitContribution: 'two' } })).status).toBe(200);
    const undo = await s.send('POST', `/api/edits/${first.entry!.id}/undo`, {});
    expect(undo.status).toBe(409);
  });

  it('edits a step, a branch purpose and status, and a roadmap part, each in its writer’s bytes', async () => {
    const s = await setup('typescript');
    const steps = await s.get<StepsPage & { steps: (OtaStep & { version: string })[] }>('/api/branches/main/steps?from=0&limit=50');
    const st = steps.steps[2]!;
    const r1 = await s.send('PATCH', '/api/branches/main/steps/2', { step: st.step, version: st.version, fields: { thought: 'Re-thought\n---\nwith a dash line' } });
    expect(r1.status).toBe(200);
    expect((await s.get<StepsPage>('/api/branches/main/steps?from=2&limit=1')).steps[0]!.thought).toBe('Re-thought\n---\nwith a dash line');
    expect(new TextDecoder().decode(s.file('branches/main/log.md'))).toContain('**Thought:** Re-thought\n\\---\nwith a dash line\n\n');

    const ws = await s.get<{ branches: { name: string; metadataVersion: string }[] }>('/api/workspace');
    const jwt = ws.branches.find((b) => b.name === 'auth-session')!;
    const r2 = await s.send('PATCH', '/api/branches/auth-session/metadata', { version: jwt.metadataVersion, fields: { status: 'abandoned', purpose: 'Sessions: kept only for comparison' } });
    expect(r2.status).toBe(200);
    const meta = new TextDecoder().decode(s.file('branches/auth-session/metadata.yaml'));
    expect(meta.split('\n')[0]).toBe('name: auth-session');
    expect(meta).toContain('status: abandoned\n');
    expect((await s.get<BranchResponse>('/api/branches/auth-session')).branch.status).toBe('abandoned');

    const rm = await s.get<RoadmapResponse>('/api/roadmap');
    const r3 = await s.send('PUT', '/api/roadmap/parts/1', { version: rm.parts[1]!.version, text: 'CRUD done (edited).' });
    expect(r3.status).toBe(200);
    expect(new TextDecoder().decode(s.file('main.md'))).toContain('## Update (2026-12-02T13:58:12.504Z)\nCRUD done (edited).\n\n## Update');
    expect((await s.get<WorkspaceResponse>('/api/workspace')).roadmap.text).toContain('CRUD done (edited).');
  });

  it('refuses text the dialect cannot hold (422) and leaves the file alone', async () => {
    const s = await setup('lua');
    const c = (await s.get<BranchResponse & { commits: VersionedCommit[] }>('/api/branches/main')).commits[0]!;
    const before = s.file('branches/main/commit.md');
    const res = await s.send('PATCH', '/api/branches/main/commits/0', { commitId: c.commitId, version: c.version, fields: { thisCommitContribution: 'a\n---\nb' } });
    expect(res.status).toBe(422);
    expect(s.file('branches/main/commit.md')).toEqual(before);
  });

  it('validates bodies, sizes, origin and --read-only', async () => {
    const s = await setup();
    const c = (await s.get<BranchResponse & { commits: VersionedCommit[] }>('/api/branches/main')).commits[0]!;
    const path = '/api/branches/main/commits/0';
    expect((await s.send('PATCH', path, '{not json')).status).toBe(400);
    expect((await s.send('PATCH', path, { commitId: c.commitId, version: c.version, fields: { timestamp: 'x' } })).status).toBe(400);
    expect((await s.send('PATCH', path, { commitId: c.commitId, version: 'nope', fields: { branchPurpose: 'x' } })).status).toBe(400);
    expect((await s.send('PATCH', path, { commitId: c.commitId, version: c.version, fields: { branchPurpose: 'x'.repeat(2_000_000) } })).status).toBe(413);
    expect((await s.send('PATCH', path, { commitId: c.commitId, version: c.version, fields: { branchPurpose: 'x' } }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await s.send('PATCH', '/api/branches/main/commits/99', { commitId: c.commitId, version: c.version, fields: { branchPurpose: 'x' } })).status).toBe(404);
    expect((await s.send('PATCH', '/api/branches/nope/commits/0', { commitId: c.commitId, version: c.version, fields: { branchPurpose: 'x' } })).status).toBe(404);

    const ro = await setup('python', { readOnly: true });
    const before = ro.file('branches/main/commit.md');
    const res = await ro.send('PATCH', path, { commitId: c.commitId, version: c.version, fields: { branchPurpose: 'x' } });
    expect(res.status).toBe(403);
    expect(ro.file('branches/main/commit.md')).toEqual(before);
  });

  it('says before a status change whether metadata.yaml can be saved, in the words the refusal would use', async () => {
    const s = await setup();
    const check = (branch: string) => s.get<MetadataWriteCheckResponse>(`/api/branches/${branch}/metadata/write-check`);
    expect(await check('main')).toEqual({ file: 'branches/main/metadata.yaml', problem: null });

    // Read-only to this server (root included: the guard respects the mode): said before, refused the same after.
    chmodSync(join(s.gccDir, 'branches/main/metadata.yaml'), 0o444);
    const { problem } = await check('main');
    expect(problem!.path).toBe('branches/main/metadata.yaml');
    expect(problem!.reason).toMatch(/^is read-only \(mode 0444\): gcc-studio respects a file's mode, also when it runs as root/);
    const meta = (await s.get<{ branches: { name: string; metadataVersion: string }[] }>('/api/workspace')).branches.find((b) => b.name === 'main')!;
    const before = s.file('branches/main/metadata.yaml');
    const refused = await s.send('PATCH', '/api/branches/main/metadata', { version: meta.metadataVersion, fields: { status: 'abandoned' } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(`${problem!.path} ${problem!.reason}; nothing was changed`);
    expect(s.file('branches/main/metadata.yaml')).toEqual(before);
    chmodSync(join(s.gccDir, 'branches/main/metadata.yaml'), 0o644);
    expect((await check('main')).problem).toBeNull();

    // A folder where the file should be; a branch folder that is a link; no such branch; --read-only.
    rmSync(join(s.gccDir, 'branches/auth-jwt/metadata.yaml'));
    mkdirSync(join(s.gccDir, 'branches/auth-jwt/metadata.yaml'));
    expect((await check('auth-jwt')).problem).toEqual({ path: 'branches/auth-jwt/metadata.yaml', reason: 'is a folder, not a file (EISDIR)' });
    symlinkSync(join(s.gccDir, 'branches/main'), join(s.gccDir, 'branches/linked'));
    expect((await check('linked')).problem).toMatchObject({ path: 'branches/linked', reason: expect.stringMatching(/^is a symbolic link/) });
    const headers = { host: HOST, authorization: `Bearer ${TOKEN}` };
    expect((await s.app.request(`${ORIGIN}/api/branches/nope/metadata/write-check`, { headers })).status).toBe(404);
    const ro = await setup('python', { readOnly: true });
    expect((await ro.app.request(`${ORIGIN}/api/branches/main/metadata/write-check`, { headers })).status).toBe(403);
  });
});
