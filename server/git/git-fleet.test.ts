// A fleet read from a bare remote the real Python writer's folders were pushed to: one row per ref, a push shows as an
// append on the row's bus, a deleted ref goes, a force-push is noted, an unreachable remote leaves rows stale and they
// come back when it does, a remote that cannot be read at all is said as such, and a write through a git row's app is refused.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../shared/events.ts';
import type { AgentCompareResponse } from '../../shared/fleet/agent-compare.ts';
import { securityOptionsFor } from '../http/index.ts';
import { Fleet } from '../fleet/fleet.ts';
import { createFleetApp } from '../fleet/fleet-app.ts';
import { commitAll, fileUrl, gitIn, initBare, initRepo, removeTempRepos, tempFolder } from '../test-support/git-repos.ts';
import { runRealPython } from '../test-support/real-contexa.ts';
import { gitFleetScan } from './git-fleet.ts';
import { pushMemory } from './push.ts';

const env = { ...process.env, XDG_CACHE_HOME: tempFolder('gcc-cache-') };
const fleets: Fleet[] = [];
afterEach(async () => {
  for (const f of fleets.splice(0)) await f.close();
});
afterAll(removeTempRepos);

function agent(name: string, steps: number): string {
  const dir = tempFolder(`gcc-agent-${name}-`);
  runRealPython(dir, [{ op: 'init', roadmap: `Agent ${name}` }, ...Array.from({ length: steps }, (_, i) => ({ op: 'log' as const, o: `${name} o${i}`, t: 't', a: 'a' })), { op: 'commit', c: 'saved' }]);
  return dir;
}
const push = (dir: string, remote: string, ref: string) => pushMemory({ projectDir: dir, gccDir: join(dir, '.GCC'), remote: fileUrl(remote), ref, env });

async function gitFleet(remote: string, refreshMs = 100) {
  const scan = gitFleetScan({ repo: fileUrl(remote), refreshMs, env, maxBackoffMs: 400 });
  const fleet = new Fleet({ roots: [fileUrl(remote)], maxDepth: 0, flushMs: 5, readOnly: true, scan: scan.start, warn: () => {} });
  fleets.push(fleet);
  await fleet.start();
  return fleet;
}
const row = (fleet: Fleet, id: string) => fleet.rows().find((r) => r.id === id);

describe('a fleet from git', () => {
  it('lists one row per pushed agent; a push shows as an append on its row; a deleted ref goes', async () => {
    const remote = initBare();
    const dirs = { a: agent('a', 2), b: agent('b', 3), c: agent('c', 4) };
    for (const [n, d] of Object.entries(dirs)) await push(d, remote, `gcc/${n}`);
    const fleet = await gitFleet(remote);
    expect(fleet.rows().map((r) => [r.id, r.state, r.steps])).toEqual([
      ['gcc/a', 'live', 2],
      ['gcc/b', 'live', 3],
      ['gcc/c', 'live', 4],
    ]);
    const b = row(fleet, 'gcc/b')!;
    expect(b.git).toMatchObject({ url: fileUrl(remote), ref: 'refs/heads/gcc/b', commit: gitIn(remote, ['rev-parse', 'refs/heads/gcc/b']), stale: null, rewrittenFrom: null });
    expect(b.git!.pushedAt).toBeGreaterThan(0);

    const events: StudioEvent[] = [];
    fleet.members.get('gcc/b')!.bus!.subscribe((e) => events.push(e));
    runRealPython(dirs.b, [{ op: 'load' }, { op: 'log', o: 'pushed later', t: 't', a: 'a' }]);
    const pushed = await push(dirs.b, remote, 'gcc/b');
    await expect.poll(() => row(fleet, 'gcc/b')?.git?.commit, { timeout: 5_000 }).toBe(pushed.commit);
    expect(row(fleet, 'gcc/b')!.steps).toBe(4);
    expect(events.filter((e) => e.type === 'steps-appended')).toMatchObject([{ branch: 'main', from: 3, steps: [{ observation: 'pushed later' }] }]);

    gitIn(remote, ['update-ref', '-d', 'refs/heads/gcc/c']);
    await expect.poll(() => row(fleet, 'gcc/c')?.state, { timeout: 5_000 }).toBe('gone');
    await push(agent('d', 1), remote, 'gcc/d');
    await expect.poll(() => row(fleet, 'gcc/d')?.steps, { timeout: 5_000 }).toBe(1);
  });

  it('notes a ref rewritten by a force-push, and shows the history as it now is', async () => {
    const remote = initBare();
    const dir = agent('f', 3);
    await push(dir, remote, 'gcc/f');
    const fleet = await gitFleet(remote);
    const before = row(fleet, 'gcc/f')!.git!.commit;
    const other = agent('g', 1);
    const theirs = await pushMemory({ projectDir: other, gccDir: join(other, '.GCC'), remote: fileUrl(initBare()), ref: 'gcc/x', env });
    gitIn(remote, ['fetch', '-q', theirs.url, `refs/heads/gcc/x:refs/heads/gcc/f`, '--force']);
    await expect.poll(() => row(fleet, 'gcc/f')?.git?.rewrittenFrom, { timeout: 5_000 }).toBe(before);
    expect(row(fleet, 'gcc/f')!.steps).toBe(1);
  });

  it('keeps rows as they were, marked stale, while the remote is unreachable; recovers when it is back', async () => {
    const remote = initBare();
    await push(agent('s', 2), remote, 'gcc/s');
    const fleet = await gitFleet(remote);
    renameSync(remote, `${remote}-away`);
    await expect.poll(() => row(fleet, 'gcc/s')?.git?.stale ?? null, { timeout: 5_000 }).toMatch(/^cannot fetch file:\/\//);
    expect(row(fleet, 'gcc/s')).toMatchObject({ state: 'live', steps: 2 });
    expect(fleet.notices.join('\n')).toContain('retrying');
    renameSync(`${remote}-away`, remote);
    await expect.poll(() => row(fleet, 'gcc/s')?.git?.stale, { timeout: 5_000 }).toBeNull();
    // Its notice goes with it: the page's banner no longer says the remote fails.
    expect(fleet.notices).toEqual([]);
  });

  it('a mistyped remote: no row, and a notice that no ref could be read, with git\'s reason', async () => {
    const missing = join(tempFolder('gcc-nowhere-'), 'nowhere.git');
    const fleet = await gitFleet(missing);
    expect(fleet.rows()).toEqual([]);
    expect(fleet.notices).toEqual([`no ref could be read from ${fileUrl(missing)}: '${missing}' does not appear to be a git repository (retrying, less often while it fails)`]);
  });

  it('compares two agents\' memories like two branches: CONTEXT of each, what each lacks', async () => {
    const remote = initBare();
    const one = agent('one', 2);
    const two = tempFolder('gcc-agent-two-');
    cpSync(join(one, '.GCC'), join(two, '.GCC'), { recursive: true });
    runRealPython(one, [{ op: 'load' }, { op: 'log', o: 'only one saw this', t: 't', a: 'a' }]);
    runRealPython(two, [{ op: 'load' }, { op: 'log', o: 'only two saw this', t: 't', a: 'a' }, { op: 'commit', c: 'two saved' }]);
    await push(one, remote, 'gcc/one');
    await push(two, remote, 'gcc/two');
    const fleet = await gitFleet(remote, 60_000);
    const host = '127.0.0.1:4780';
    const token = 'git-fleet-token-0123456789';
    const app = createFleetApp({ fleet, security: securityOptionsFor('127.0.0.1', 4780, token) });
    const res = await app.request(`http://${host}/api/fleet/compare?a=gcc%2Fone&b=gcc%2Ftwo&k=1`, { headers: { host, authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AgentCompareResponse;
    expect(body.onlyA.steps.map((s) => s.observation)).toEqual(['only one saw this']);
    expect(body.onlyB.steps.map((s) => s.observation)).toEqual(['only two saw this']);
    expect(body.onlyA.commits).toEqual([]);
    expect(body.onlyB.commits.map((c) => c.thisCommitContribution)).toEqual(['two saved']);
    expect(body.a.context?.text).toContain('only one saw this');
    expect(body.b.context?.text).toContain('only two saw this');
    const missing = await app.request(`http://${host}/api/fleet/compare?a=gcc%2Fone&b=gcc%2Fnone`, { headers: { host, authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(404);
  });

  it('with --refs gcc/*, fetches the memory refs only: a repository\'s code never reaches the mirror', async () => {
    const remote = initBare();
    await push(agent('m', 1), remote, 'gcc/m');
    const code = initRepo();
    writeFileSync(join(code, 'big.bin'), Buffer.alloc(2 ** 20, 7));
    commitAll(code, 'code');
    gitIn(code, ['push', '-q', fileUrl(remote), 'HEAD:refs/heads/main']);
    const codeBlob = gitIn(code, ['rev-parse', 'HEAD:big.bin']);
    const scan = gitFleetScan({ repo: fileUrl(remote), refs: 'gcc/*', refreshMs: 60_000, env });
    const fleet = new Fleet({ roots: [fileUrl(remote)], maxDepth: 0, readOnly: true, scan: scan.start, warn: () => {} });
    fleets.push(fleet);
    await fleet.start();
    expect(fleet.rows().map((r) => r.id)).toEqual(['gcc/m']);
    const mirror = join(env.XDG_CACHE_HOME, 'gcc-studio', 'git', 'mirror');
    const held = readdirSync(mirror).map((d) => spawnSync('git', ['--git-dir', join(mirror, d), 'cat-file', '-e', codeBlob]).status);
    expect(held.every((status) => status !== 0)).toBe(true);
  });

  it('serves each row as a read-only workspace by ?ws=', async () => {
    const remote = initBare();
    await push(agent('r', 2), remote, 'gcc/r');
    const fleet = await gitFleet(remote, 60_000);
    const host = '127.0.0.1:4780';
    const token = 'git-fleet-token-0123456789';
    const app = createFleetApp({ fleet, security: securityOptionsFor('127.0.0.1', 4780, token) });
    const call = (path: string, init: RequestInit = {}) => app.request(`http://${host}${path}`, { ...init, headers: { host, authorization: `Bearer ${token}`, origin: `http://${host}`, 'content-type': 'application/json', ...(init.headers as object) } });
    const ws = (await (await call('/api/workspace?ws=gcc%2Fr')).json()) as { readOnly: boolean; branches: { name: string; stepCount: number }[] };
    // It says it is a git ref's: the page then asks none of gcc-studio's records of edits and merges.
    expect(ws).toMatchObject({ readOnly: true, source: 'git', branches: [{ name: 'main', stepCount: 2 }] });
    const edit = await call('/api/branches/main/roadmap?ws=gcc%2Fr', { method: 'PUT', body: JSON.stringify({ text: 'x' }) });
    expect(edit.status).toBeGreaterThanOrEqual(400);
  });
});
