// The fleet's routes through app.request(), over real folders copied from the corpus: rows, dispatch by ?ws=, writes
// per workspace, crafted workspace ids, a workspace created and one deleted while running, and the inotify fallback.
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BranchResponse, WorkspaceResponse } from '../../shared/api.ts';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { CORPUS } from '../../fixtures/corpus.ts';
import { securityOptionsFor } from '../http/security.ts';
import { createFleetApp } from './fleet-app.ts';
import { Fleet, INOTIFY_NOTICE } from './fleet.ts';
import { catchUp } from './fleet-events.ts';

const TOKEN = 'fleet-token-0123456789';
const HOST = '127.0.0.1:4780';
const made: { dir: string; fleet: Fleet }[] = [];
afterEach(async () => {
  for (const { dir, fleet } of made.splice(0)) {
    await fleet.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function fleetOf(layout: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-fleet-app-'));
  for (const [at, corpus] of Object.entries(layout)) cpSync(join(CORPUS, corpus, '.GCC'), join(dir, at, '.GCC'), { recursive: true, verbatimSymlinks: true });
  const warnings: string[] = [];
  const fleet = new Fleet({ roots: [dir], maxDepth: 4, scanIntervalMs: 60_000, flushMs: 5, warn: (l) => warnings.push(l) });
  made.push({ dir, fleet });
  await fleet.start();
  const app = createFleetApp({ fleet, security: securityOptionsFor('127.0.0.1', 4780, TOKEN), edits: { lockTimeoutMs: 2_000 } });
  const call = (path: string, init: RequestInit = {}) =>
    app.request(`http://${HOST}${path}`, { ...init, headers: { host: HOST, authorization: `Bearer ${TOKEN}`, origin: `http://${HOST}`, ...(init.headers as object) } });
  return { dir, fleet, call, warnings };
}

describe('the fleet app', () => {
  it('lists one row per workspace and answers each one\'s routes by ?ws=', async () => {
    const { call } = await fleetOf({ 'a/py': 'python', ts: 'typescript', 'deep/x/y': 'rust' });
    const fleet = (await (await call('/api/fleet')).json()) as FleetResponse;
    expect(fleet.rows.map((r) => r.id)).toEqual(['a/py', 'deep/x/y', 'ts']);
    const py = fleet.rows[0]!;
    expect(py).toMatchObject({ state: 'live', dialects: ['python'], branches: { active: 2, merged: 1, abandoned: 0 } });
    expect(py.steps).toBeGreaterThan(0);
    const ws = (await (await call('/api/workspace?ws=ts')).json()) as WorkspaceResponse;
    expect(ws.root.endsWith('/ts')).toBe(true);
    expect(ws.branches.every((b) => b.dialect === 'typescript')).toBe(true);
    expect((await call('/api/branches/main?ws=a%2Fpy')).status).toBe(200);
    // Which one? (not an error: the page asks before it knows it is a fleet's)
    const which = await call('/api/workspace');
    expect(which.status).toBe(300);
    expect(await which.json()).toEqual({ error: 'this server serves 3 workspaces: add ?ws=<id> (GET /api/fleet lists them)' });
  });

  it('counts doctor errors in a damaged workspace\'s row, none in a healthy one', async () => {
    const { call } = await fleetOf({ ok: 'python', bad: 'bad/invalid-yaml' });
    const rows = ((await (await call('/api/fleet')).json()) as FleetResponse).rows;
    expect(rows.find((r) => r.id === 'bad')!.errors.count).toBeGreaterThan(0);
    expect(rows.find((r) => r.id === 'bad')!.errors.messages[0]).toMatch(/metadata\.yaml/);
    expect(rows.find((r) => r.id === 'ok')!.errors).toEqual({ count: 0, messages: [] });
  });

  it('removes what a killed gcc-studio left in a member (its temp files) once watching may start, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-fleet-app-'));
    cpSync(join(CORPUS, 'python', '.GCC'), join(dir, 'a', '.GCC'), { recursive: true });
    // A replace of log.md by a process that is gone (no pid reaches 2^22 + 17 on Linux).
    const temp = join(dir, 'a', '.GCC', 'branches', 'main', `.log.md.gcc-studio-${2 ** 22 + 17}-0123abcd.tmp`);
    writeFileSync(temp, 'half a replace');
    let open = () => {};
    const warnings: string[] = [];
    const fleet = new Fleet({ roots: [dir], maxDepth: 4, scanIntervalMs: 60_000, warn: (l) => warnings.push(l), watchAfter: new Promise<void>((r) => (open = r)) });
    made.push({ dir, fleet });
    await fleet.start();
    expect(fleet.rows().map((r) => r.state)).toEqual(['live']);
    expect(existsSync(temp)).toBe(true);
    open();
    await expect.poll(() => existsSync(temp)).toBe(false);
    expect(warnings).toEqual([`gcc-studio: a: removed what a killed gcc-studio left: .GCC/branches/main/${temp.split('/').pop()}`]);
  });

  it('refuses crafted workspace ids without touching any folder', async () => {
    const { call } = await fleetOf({ one: 'python', two: 'go' });
    const crafted = ['..', '../..', '..%2F..', '%2e%2e', '/etc', '%2Fetc%2Fpasswd', 'one%2F..%2F..', 'one/../two', '.', './one', 'one%00', '%00', 'C:%5CWindows', '~', 'one%0Atwo', 'ONE', '%252e%252e'];
    for (const id of crafted) {
      for (const path of [`/api/workspace?ws=${id}`, `/api/branches/main?ws=${id}`, `/api/edits?ws=${id}`]) {
        const res = await call(path);
        expect([400, 404], `${path} → ${res.status}`).toContain(res.status);
      }
      const patch = await call(`/api/branches/main/metadata?ws=${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: 'v1', fields: { purpose: 'pwned' } }) });
      expect([400, 404]).toContain(patch.status);
    }
  });

  it('edits a commit in the workspace named, with that workspace\'s history', async () => {
    const { call, dir } = await fleetOf({ one: 'python', two: 'python' });
    const branch = (await (await call('/api/branches/main?ws=two')).json()) as BranchResponse & { commits: { version: string }[] };
    const c = branch.commits[0]!;
    const res = await call('/api/branches/main/commits/0?ws=two', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ commitId: c.commitId, version: c.version, fields: { thisCommitContribution: 'edited in two' } }),
    });
    expect(res.status).toBe(200);
    expect(readFileSync(join(dir, 'two', '.GCC', 'branches', 'main', 'commit.md'), 'utf8')).toContain('edited in two');
    expect(readFileSync(join(dir, 'one', '.GCC', 'branches', 'main', 'commit.md'), 'utf8')).not.toContain('edited in two');
    expect(readFileSync(join(dir, 'two', '.gcc-studio', 'edits.jsonl'), 'utf8')).toContain('edited in two');
    expect(((await (await call('/api/edits?ws=one')).json()) as { entries: unknown[] }).entries).toEqual([]);
    expect(((await (await call('/api/edits?ws=two')).json()) as { entries: unknown[] }).entries).toHaveLength(1);
  });

  it('serves a .GCC/ created while running and shows a deleted one as gone', async () => {
    const { call, dir, fleet } = await fleetOf({ one: 'python' });
    cpSync(join(CORPUS, 'go', '.GCC'), join(dir, 'later', '.GCC'), { recursive: true });
    await fleet.rescan();
    expect((await call('/api/workspace?ws=later')).status).toBe(200);
    rmSync(join(dir, 'one'), { recursive: true });
    await fleet.rescan();
    const rows = ((await (await call('/api/fleet')).json()) as FleetResponse).rows;
    expect(rows.map((r) => [r.id, r.state])).toEqual([['later', 'live'], ['one', 'gone']]);
    expect((await call('/api/workspace?ws=one')).status).toBe(410);
  });

  it('keeps a workspace whose .GCC/ went and came back: waiting, then live again on the same member, its appends seen', async () => {
    const { call, dir, fleet } = await fleetOf({ one: 'python' });
    const member = fleet.members.get('one')!;
    const gcc = join(dir, 'one', '.GCC');
    const workspace = async () => (await call('/api/workspace?ws=one')).json() as Promise<WorkspaceResponse>;
    rmSync(gcc, { recursive: true });
    await fleet.rescan();
    await expect.poll(async () => fleet.rows().map((r) => [r.id, r.state])).toEqual([['one', 'waiting']]);
    // Its page is not cut off (no 410): it waits with the workspace.
    await expect.poll(async () => (await workspace()).present).toBe(false);
    cpSync(join(CORPUS, 'python', '.GCC'), gcc, { recursive: true });
    await fleet.rescan();
    expect(fleet.members.get('one')).toBe(member);
    await expect.poll(async () => (await workspace()).branches.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(async () => fleet.rows().map((r) => [r.id, r.state])).toEqual([['one', 'live']]);
    const steps = async () => (await workspace()).branches.find((b) => b.name === 'main')!.stepCount;
    const before = await steps();
    appendFileSync(join(gcc, 'branches', 'main', 'log.md'), `### Step ${before + 1} — 2026-12-05T10:00:00.000000\n**Observation:** o\n\n**Thought:** t\n\n**Action:** a\n\n---\n\n`);
    await expect.poll(steps, { timeout: 10_000 }).toBe(before + 1);
    // Its folder gone too: gone.
    rmSync(join(dir, 'one'), { recursive: true });
    await fleet.rescan();
    await expect.poll(async () => fleet.rows().map((r) => [r.id, r.state])).toEqual([['one', 'gone']]);
  });

  it('resumes per workspace: only rows whose version changed are sent again', async () => {
    const { fleet } = await fleetOf({ one: 'python', two: 'go' });
    const all = catchUp(fleet, undefined, undefined).filter((e) => e.type === 'fleet-row');
    expect(all).toHaveLength(2);
    const since = fleet.rows().map((r) => `${r.id}:${r.version}`).join(',');
    expect(catchUp(fleet, fleet.epoch, since).filter((e) => e.type === 'fleet-row')).toHaveLength(0);
    expect(catchUp(fleet, 'other-process', since).filter((e) => e.type === 'fleet-row')).toHaveLength(2);
    const stale = since.replace(/two:\d+/, 'two:0');
    expect(catchUp(fleet, fleet.epoch, stale).flatMap((e) => (e.type === 'fleet-row' ? [e.ws] : []))).toEqual(['two']);
  });

  it('says once that the inotify limit is reached and polls from then on', async () => {
    const { fleet, warnings, dir } = await fleetOf({ one: 'python', two: 'go' });
    const limit = Object.assign(new Error('ENOSPC: System limit for number of file watchers reached, watch'), { code: 'ENOSPC' });
    const [one, two] = [...fleet.members.values()];
    (fleet as unknown as { onMemberError(m: unknown, e: unknown): void }).onMemberError(one, limit);
    (fleet as unknown as { onMemberError(m: unknown, e: unknown): void }).onMemberError(two, limit);
    expect(warnings.filter((w) => w.includes('inotify'))).toHaveLength(1);
    expect(fleet.notices).toEqual([INOTIFY_NOTICE]);
    mkdirSync(join(dir, 'three'));
    cpSync(join(CORPUS, 'rust', '.GCC'), join(dir, 'three', '.GCC'), { recursive: true });
    await fleet.rescan();
    await expect.poll(() => one!.polling && two!.polling).toBe(true);
    expect(fleet.members.get('three')!.live).not.toBeNull();
  });
});
