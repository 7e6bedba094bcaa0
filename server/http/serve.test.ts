// What a start keeps for after its first answer (warming CONTEXT up, the demo's agent): the gate that says when, and the
// server that tells it and the kept work of each request.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceResponse } from '../../shared/api.ts';
import { KeptWork } from '../live/kept-work.ts';
import { MAX_QUIET_WAIT_MS, QUIET_MS, firstAnswerGate, gatedServer } from './first-answer.ts';
import { listen, startServer, stopListening, type RunningServer } from './serve.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function settledYet(gate: ReturnType<typeof firstAnswerGate>): Promise<boolean> {
  let settled = false;
  void gate.settled.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('firstAnswerGate', () => {
  it('settles once the first answer is written, a page has opened the event stream and the requests paused', async () => {
    vi.useFakeTimers();
    const gate = firstAnswerGate(() => Date.now());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await settledYet(gate)).toBe(false);
    gate.listening();
    gate.request();
    gate.answered();
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    // No stream yet: a page may still be loading its code.
    expect(await settledYet(gate)).toBe(false);
    gate.request(true);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 10);
    expect(await settledYet(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settledYet(gate)).toBe(true);
  });

  it('waits no longer than its limit, without a stream or when the requests keep coming', async () => {
    for (const stream of [false, true]) {
      vi.useFakeTimers();
      const gate = firstAnswerGate(() => Date.now());
      gate.listening();
      gate.request(stream);
      gate.answered();
      // A request every QUIET_MS / 4: never quiet, so only the limit settles it.
      let waited = 0;
      while (!(await settledYet(gate)) && waited < 3 * MAX_QUIET_WAIT_MS) {
        await vi.advanceTimersByTimeAsync(QUIET_MS / 4);
        waited += QUIET_MS / 4;
        gate.request();
      }
      expect(waited).toBeGreaterThanOrEqual(MAX_QUIET_WAIT_MS);
      expect(waited).toBeLessThanOrEqual(MAX_QUIET_WAIT_MS + QUIET_MS / 4);
      vi.useRealTimers();
    }
  });

  it('says a page has settled only once one opened the stream, however late, and its requests paused', async () => {
    vi.useFakeTimers();
    const gate = firstAnswerGate(() => Date.now());
    let page = false;
    void gate.pageSettled.then(() => (page = true));
    gate.listening();
    gate.request();
    gate.answered();
    await vi.advanceTimersByTimeAsync(MAX_QUIET_WAIT_MS * 5);
    // A client that never opens the stream (a script, an MCP client): the kept work began, CONTEXT is not warmed.
    expect(await settledYet(gate)).toBe(true);
    expect(page).toBe(false);
    gate.request(true);
    await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    gate.request();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 10);
    expect(page).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(page).toBe(true);
  });

  it('settles for a page at once with the rest when its stream opened early', async () => {
    vi.useFakeTimers();
    const gate = firstAnswerGate(() => Date.now());
    let page = false;
    void gate.pageSettled.then(() => (page = true));
    gate.listening();
    gate.request(true);
    gate.answered();
    await vi.advanceTimersByTimeAsync(QUIET_MS + 10);
    expect(await settledYet(gate)).toBe(true);
    expect(page).toBe(true);
  });

  it('settles a while after listening when no request comes', async () => {
    vi.useFakeTimers();
    const gate = firstAnswerGate(() => Date.now());
    gate.listening();
    expect(await settledYet(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settledYet(gate)).toBe(true);
  });
});

describe('the demo server', () => {
  it('starts its agent once it has answered: the workspace then grows', async () => {
    const server: RunningServer = await startServer({ demo: true, demoIntervalMs: 20, port: 0, open: false, token: 'serve-test-token', log: () => {}, warn: () => {} });
    cleanups.push(() => server.close());
    const revision = async () => {
      const res = await fetch(new URL('/api/workspace', server.url), { headers: { authorization: `Bearer ${server.token}` } });
      return ((await res.json()) as WorkspaceResponse).revision;
    };
    const first = await revision();
    await expect.poll(revision, { timeout: 20_000 }).toBeGreaterThan(first);
  });
});

describe('gatedServer', () => {
  it('tells the kept work of each request until its last byte, and of the event stream only as it opens', async () => {
    const kept = new KeptWork();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const app = {
      fetch: async (req: Request) => {
        if (new URL(req.url).pathname === '/api/events') {
          const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('data: open\n\n')) });
          return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
        }
        await held;
        return new Response('done');
      },
    };
    const server = gatedServer(() => app, firstAnswerGate(), /^\/api\/events$/, kept);
    const port = await listen(server, 0, '127.0.0.1');
    cleanups.push(() => stopListening(server));
    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await expect.poll(() => kept.requestsInFlight).toBe(1);
    release();
    expect(await (await slow).text()).toBe('done');
    await expect.poll(() => kept.requestsInFlight).toBe(0);
    const stream = new AbortController();
    const events = await fetch(`http://127.0.0.1:${port}/api/events`, { signal: stream.signal });
    await events.body!.getReader().read();
    expect(kept.requestsInFlight).toBe(0);
    stream.abort();
  });

  it('holds a request made before the app is there until it comes, and answers 503 when none does', async () => {
    let app: { fetch(req: Request): Response } | null = null;
    let came = () => {};
    const coming = new Promise<void>((resolve) => (came = resolve));
    const server = gatedServer(() => app, firstAnswerGate(), /^\/api\/events$/, new KeptWork(), coming);
    const port = await listen(server, 0, '127.0.0.1');
    cleanups.push(() => stopListening(server));
    let answered = false;
    const early = fetch(`http://127.0.0.1:${port}/early`).then(async (res) => {
      answered = true;
      return `${res.status} ${await res.text()}`;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    app = { fetch: (req) => new Response(`app saw ${new URL(req.url).pathname}`) };
    came();
    expect(await early).toBe('200 app saw /early');

    const none = gatedServer(() => null, firstAnswerGate(), /^\/api\/events$/, new KeptWork(), Promise.resolve());
    const nonePort = await listen(none, 0, '127.0.0.1');
    cleanups.push(() => stopListening(none));
    expect((await fetch(`http://127.0.0.1:${nonePort}/x`)).status).toBe(503);
  });
});

describe('startServer', () => {
  it('puts the workspace right, prints its URL, then reads it: a step written at the URL line is in the first answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-early-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(join(import.meta.dirname, '../../fixtures/corpus/python/.GCC'), join(dir, '.GCC'), { recursive: true });
    // A lock folder with no record in it (a writer mid-way): start-up's recovery names it.
    mkdirSync(join(dir, '.GCC', '.lock_dir'));
    const log = join(dir, '.GCC', 'branches', 'main', 'log.md');
    const stepsBefore = (readFileSync(log, 'utf8').match(/^### Step /gm) ?? []).length;
    const said: string[] = [];
    let early: Promise<WorkspaceResponse> | null = null;
    const onUrl = (line: string) => {
      said.push('url');
      // Written as the URL is printed: only a read that comes after it counts this step.
      appendFileSync(log, `### Step ${stepsBefore + 1} — 2026-12-05T10:00:00.000000+00:00\n**Observation:** o\n\n**Thought:** t\n\n**Action:** a\n\n---\n\n`);
      const url = /(http:\/\/\S+)/.exec(line)![1]!;
      early = fetch(new URL('/api/workspace', url), { headers: { authorization: 'Bearer serve-test-token' } }).then((r) => r.json() as Promise<WorkspaceResponse>);
    };
    const warn = (line: string) => said.push(line.includes('.lock_dir') ? 'lock' : line);
    const server = await startServer({ dir, port: 0, open: false, token: 'serve-test-token', log: onUrl, warn });
    cleanups.push(() => server.close());
    expect(said).toEqual(['lock', 'url']);
    const answer = await early!;
    expect(answer.branches.find((b) => b.name === 'main')!.stepCount).toBe(stepsBefore + 1);
    expect(answer.branches.map((b) => [b.name, b.stepCount, b.commitCount])).toEqual(server.live.store.workspace().branches.map((b) => [b.name, b.stepCount, b.commitCount]));
  });
});
