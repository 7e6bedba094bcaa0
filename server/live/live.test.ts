// The whole chain on real files and a real port: writer process → chokidar → store → bus → SSE → client.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StudioEvent } from '../../shared/events.ts';
import { parseBurstObservation, startBurstWriter } from '../test-support/burst.ts';
import { PythonGccWriter } from '../demo/python-writer.ts';
import { startServer, type RunningServer } from '../http/serve.ts';
import { connectEvents, type EventsClient } from '../test-support/sse-client.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-live-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function serve(dir: string): Promise<RunningServer> {
  const server = await startServer({ dir, port: 0, open: false, token: 'live-test-token', log: () => {}, warn: () => {} });
  cleanups.push(() => server.close());
  return server;
}

function listen(server: RunningServer, options: { lastEventId?: number } = {}) {
  const events: StudioEvent[] = [];
  const client: EventsClient = connectEvents(server.url, server.token, (e) => events.push(e), options);
  cleanups.push(() => client.close());
  return { events, client };
}

const appendedSteps = (events: StudioEvent[], branch: string) =>
  events.flatMap((e) => (e.type === 'steps-appended' && e.branch === branch ? e.steps.map((s, i) => ({ index: e.from + i, step: s })) : []));

const api = async (server: RunningServer, path: string) => {
  const res = await fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${server.token}` } });
  return res.json();
};

describe('live updates over SSE', () => {
  it('delivers every one of 2,500 steps appended at 500/s by another process, in order, none twice', async () => {
    const dir = tempProject();
    PythonGccWriter.init(join(dir, '.GCC'), 'Burst test.');
    const server = await serve(dir);
    const { events, client } = listen(server);
    await client.opened;

    const writer = startBurstWriter(join(dir, '.GCC'), 'main', 2500, 500);
    expect(await writer.done).toBe(2500);
    await expect.poll(() => appendedSteps(events, 'main').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2500);

    const got = appendedSteps(events, 'main');
    expect(got).toHaveLength(2500);
    expect(got.map((g) => g.index)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
    expect(got.map((g) => parseBurstObservation(g.step.observation)?.seq)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.some((e) => e.type === 'branch-reloaded')).toBe(false);
    const page = (await api(server, '/api/branches/main/steps?from=2400&limit=1000')) as { total: number; steps: unknown[] };
    expect(page.total).toBe(2500);
    expect(page.steps).toHaveLength(100);
  }, 60_000);

  it('replays what a reconnecting client missed, and drops a closed client’s subscription', async () => {
    const dir = tempProject();
    const writer = PythonGccWriter.init(join(dir, '.GCC'), 'Replay test.');
    const server = await serve(dir);
    // The server's own listeners (time travel's change record) stay; a client's must go with it.
    const own = server.live.bus.listenerCount;
    const first = listen(server);
    await first.client.opened;
    writer.logStep('main', { observation: 'one', thought: 't', action: 'a' });
    await expect.poll(() => appendedSteps(first.events, 'main').length).toBe(1);
    const lastSeen = first.events.at(-1)!.id;
    first.client.close();
    await expect.poll(() => server.live.bus.listenerCount).toBe(own);

    writer.logStep('main', { observation: 'two', thought: 't', action: 'a' });
    writer.commit('main', 'first commit');
    await expect.poll(async () => ((await api(server, '/api/workspace')) as { revision: number }).revision).toBeGreaterThanOrEqual(lastSeen + 2);

    const second = listen(server, { lastEventId: lastSeen });
    await expect.poll(() => second.events.map((e) => e.type)).toEqual(expect.arrayContaining(['steps-appended', 'commits-appended']));
    expect(appendedSteps(second.events, 'main').map((s) => s.step.observation)).toEqual(['two']);
    expect(second.events[0]!.id).toBe(lastSeen + 1);
  });

  it('follows branches appearing and going, and a .GCC/ that appears late, vanishes and returns', async () => {
    const dir = tempProject();
    const server = await serve(dir);
    expect(((await api(server, '/api/workspace')) as { present: boolean }).present).toBe(false);
    const { events, client } = listen(server);
    await client.opened;

    const gcc = join(dir, '.GCC');
    const writer = PythonGccWriter.init(gcc, 'Appears late.');
    await expect.poll(() => events.some((e) => e.type === 'workspace-reset' && e.present)).toBe(true);
    await expect.poll(async () => ((await api(server, '/api/workspace')) as { branches: unknown[] }).branches.length).toBe(1);

    writer.createBranch('side', 'A side quest', 'main');
    await expect.poll(() => events.some((e) => e.type === 'branch-added' && e.branch === 'side')).toBe(true);
    writeFileSync(join(gcc, '.lock'), '');
    writeFileSync(join(gcc, 'branches', 'side', 'log.md~'), 'editor backup');
    rmSync(join(gcc, 'branches', 'side'), { recursive: true });
    await expect.poll(() => events.some((e) => e.type === 'branch-removed' && e.branch === 'side')).toBe(true);

    renameSync(gcc, `${gcc}.away`);
    await expect.poll(() => events.some((e) => e.type === 'workspace-reset' && !e.present)).toBe(true);
    expect(((await api(server, '/api/workspace')) as { present: boolean }).present).toBe(false);
    renameSync(`${gcc}.away`, gcc);
    await expect.poll(() => events.filter((e) => e.type === 'workspace-reset' && e.present).length).toBe(2);
    expect(((await api(server, '/api/workspace')) as { present: boolean }).present).toBe(true);
  });

  it('falls back to a free port when the one asked for is taken, and says so', async () => {
    const dir = tempProject();
    mkdirSync(join(dir, '.GCC'));
    const first = await serve(dir);
    const warnings: string[] = [];
    const second = await startServer({ dir, port: first.port, open: false, log: () => {}, warn: (w) => warnings.push(w) });
    cleanups.push(() => second.close());
    expect(second.port).not.toBe(first.port);
    expect(warnings.join('\n')).toContain(`port ${first.port} is taken`);
    expect(second.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${second.port}/\\?token=.+`));
  });
});
