// Routes and guards through app.request(): no port, no files.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BranchSummary, WorkspaceResponse } from '../../shared/api.ts';
import type { OtaStep } from '../../shared/types.ts';
import { createApp } from './app.ts';
import { createEventBus } from '../live/event-bus.ts';
import { securityOptionsFor } from './security.ts';
import type { WorkspaceView } from '../live/store.ts';
import { arrayStepList } from '../../shared/gcc/read/step-list.ts';

const TOKEN = 'test-token-0123456789';
const PORT = 4780;
const HOST = `127.0.0.1:${PORT}`;

function summary(name: string, stepCount: number): BranchSummary {
  return {
    name,
    metadata: null,
    purpose: null,
    createdFrom: null,
    status: null,
    mergedInto: null,
    dialect: 'python',
    commitCount: 0,
    stepCount,
    lastActivity: null,
  };
}

function step(i: number): OtaStep {
  return { step: i + 1, timestamp: 't', observation: 'o', thought: 't', action: 'a', range: { start: i, end: i + 1 } };
}

/** A store of one branch `main` with `n` steps; records calls so tests can see what reached it. */
function fakeStore(n: number) {
  const calls: string[] = [];
  const steps = Array.from({ length: n }, (_, i) => step(i));
  const view: WorkspaceView = {
    workspace: (): WorkspaceResponse => ({
      present: true,
      root: '/x',
      readOnly: false,
      revision: 0,
      roadmap: { text: 'r' },
      branches: [summary('main', n)],
      diagnostics: [],
    }),
    branch: (name) => (calls.push(`branch:${name}`), name === 'main' ? { branch: summary('main', n), commits: [] } : null),
    steps: (name, from, limit) => {
      calls.push(`steps:${name}:${from}:${limit}`);
      return name === 'main' ? { branch: name, from, total: n, steps: steps.slice(from, from + limit) } : null;
    },
    context: async (name, k, dialect) => {
      calls.push(`context:${name}:${k}:${dialect}`);
      return name === 'main' ? { branch: name, k, dialect: dialect ?? 'python', text: 'ctx', tokens: 1 } : null;
    },
    contextText: (name, k, dialect) => (name === 'main' ? { branch: name, k, dialect: dialect ?? 'python', text: 'ctx', roadmapUsed: '' } : null),
    stepList: (name) => (calls.push(`stepList:${name}`), name === 'main' ? arrayStepList(steps) : null),
  };
  return { view, calls };
}

function setup(n = 10, webDir?: string) {
  const { view, calls } = fakeStore(n);
  const bus = createEventBus(8);
  const app = createApp({ store: view, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), webDir: webDir ?? join(tmpdir(), 'no-such-web-dir'), events: { heartbeatMs: 50 } });
  const get = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    app.request(`http://${HOST}${path}`, { ...init, headers: { host: HOST, authorization: `Bearer ${TOKEN}`, ...headers } });
  return { app, bus, calls, get };
}

describe('the token', () => {
  it('is required on /api: none or a wrong one gets 401 JSON', async () => {
    const { app } = setup();
    const none = await app.request(`http://${HOST}/api/workspace`, { headers: { host: HOST } });
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatch(/token/);
    const wrong = await app.request(`http://${HOST}/api/workspace`, { headers: { host: HOST, authorization: 'Bearer nope-nope-nope' } });
    expect(wrong.status).toBe(401);
    const right = await app.request(`http://${HOST}/api/workspace`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is never a cookie: a `?token=` page URL sets none, and a cookie holding the token opens nothing', async () => {
    const { app } = setup();
    // The page itself keeps the token (per origin, port included); the server only serves the page.
    const landing = await app.request(`http://${HOST}/?token=${TOKEN}&branch=main`, { headers: { host: HOST } });
    expect(landing.headers.get('set-cookie')).toBeNull();
    for (const name of [`gcc_studio_token_${PORT}`, 'gcc_studio_token', 'token']) {
      const res = await app.request(`http://${HOST}/api/workspace`, { headers: { host: HOST, cookie: `${name}=${TOKEN}` } });
      expect(res.status, name).toBe(401);
    }
  });

  it('says why it refused (missing or wrong) and when this server started', async () => {
    const { app } = setup();
    const none = await (await app.request(`http://${HOST}/api/workspace`, { headers: { host: HOST } })).json();
    expect(none).toMatchObject({ code: 'token-missing', startedAt: expect.stringMatching(/^\d{4}-/) });
    const wrong = await (await app.request(`http://${HOST}/api/workspace`, { headers: { host: HOST, authorization: 'Bearer another-token-1' } })).json();
    expect(wrong).toMatchObject({ code: 'token-wrong' });
    expect(wrong.error).toMatch(/another one/);
  });

  it('is taken from `?token=` on the event stream only (EventSource cannot send headers)', async () => {
    const { app } = setup();
    const stream = await app.request(`http://${HOST}/api/events?token=${TOKEN}`, { headers: { host: HOST } });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    expect((await app.request(`http://${HOST}/api/events?token=wrong-token-xx`, { headers: { host: HOST } })).status).toBe(401);
    expect((await app.request(`http://${HOST}/api/workspace?token=${TOKEN}`, { headers: { host: HOST } })).status).toBe(401);
  });
});

describe('security headers', () => {
  it('every answer forbids framing and carries the strict policy, refusals included', async () => {
    const { app, get } = setup();
    const answers = [
      await get('/'),
      await get('/api/workspace'),
      await app.request(`http://${HOST}/api/workspace`, { headers: { host: HOST } }),
      await get('/api/nope'),
      await get('/', { host: 'evil.example:4780' }),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});

describe('Host and Origin', () => {
  it('refuses a Host that is not ours (DNS rebinding), even with the token', async () => {
    const { get } = setup();
    for (const host of ['evil.example:4780', '127.0.0.1:9999', 'localhost', 'rebind.127.0.0.1.nip.io:4780']) {
      const res = await get('/api/workspace', { host });
      expect(res.status, host).toBe(403);
    }
    for (const host of ['localhost:4780', '[::1]:4780', 'LOCALHOST:4780']) {
      expect((await get('/api/workspace', { host })).status, host).toBe(200);
    }
    expect((await get('/', { host: 'evil.example:4780' })).status).toBe(403);
  });

  it('refuses a write from another Origin, even with the token', async () => {
    const { app, get } = setup();
    const post = (headers: Record<string, string>) => app.request(`http://${HOST}/api/workspace`, { method: 'POST', headers: { host: HOST, ...headers }, body: '{}' });
    expect((await post({ authorization: `Bearer ${TOKEN}`, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ authorization: `Bearer ${TOKEN}`, origin: `http://${HOST}` })).status).toBe(404);
    expect((await post({ authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    expect((await get('/api/workspace', { origin: 'http://evil.example' })).status).toBe(200);
  });
});

describe('branch routes', () => {
  it('validates names before they reach the store', async () => {
    const { get, calls } = setup();
    for (const path of ['/api/branches/..%2F..%2Fetc', '/api/branches/a%5Cb/steps', '/api/branches/a%00b', '/api/branches/%2E%2E%2Fx']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(typeof (await res.json()).error).toBe('string');
    }
    // URL parsing turns an encoded `..` segment into a real one: the path leaves /api/branches/ altogether.
    expect((await get('/api/branches/%2E%2E')).status).toBe(404);
    expect(calls).toEqual([]);
    expect((await get('/api/branches/nope')).status).toBe(404);
    expect((await get('/api/branches/main')).status).toBe(200);
  });

  it('pages steps: default 200, limit capped at 1000, bad numbers are 400', async () => {
    const { get, calls } = setup(1500);
    const first = await get('/api/branches/main/steps');
    expect(((await first.json()) as { steps: unknown[] }).steps).toHaveLength(200);
    const capped = await get('/api/branches/main/steps?from=100&limit=5000');
    const page = (await capped.json()) as { from: number; total: number; steps: OtaStep[] };
    expect(page.steps).toHaveLength(1000);
    expect(page.steps[0]!.step).toBe(101);
    expect(page.total).toBe(1500);
    expect(calls).toEqual(['steps:main:0:200', 'steps:main:100:1000']);
    for (const q of ['from=-1', 'from=abc', 'limit=0', 'limit=1.5']) {
      expect((await get(`/api/branches/main/steps?${q}`)).status, q).toBe(400);
    }
  });

  it('checks k and dialect of the context route', async () => {
    const { get, calls } = setup();
    expect((await get('/api/branches/main/context?k=2&dialect=go')).status).toBe(200);
    expect((await get('/api/branches/main/context')).status).toBe(200);
    expect((await get('/api/branches/main/context?k=0')).status).toBe(400);
    expect((await get('/api/branches/main/context?dialect=cobol')).status).toBe(400);
    expect(calls).toEqual(['context:main:2:go', 'context:main:1:null']);
  });

  it('answers unknown /api paths with JSON 404', async () => {
    const { get } = setup();
    const res = await get('/api/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'no such API route' });
  });
});

describe('the page', () => {
  it('says to run npm run build when dist/web is missing', async () => {
    const { get } = setup();
    const res = await get('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });

  it('serves files of the build, and index.html for the page’s own paths', async () => {
    const web = mkdtempSync(join(tmpdir(), 'gcc-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>studio</title>');
    writeFileSync(join(web, 'app.js'), 'console.log(1)');
    const { get } = setup(1, web);
    expect(await (await get('/')).text()).toContain('studio');
    expect(await (await get('/app.js')).text()).toBe('console.log(1)');
    expect(await (await get('/branches/main')).text()).toContain('studio');
  });
});

describe('GET /api/events', () => {
  async function readFrames(body: ReadableStream<Uint8Array>, until: (text: string) => boolean) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!until(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    return text;
  }
  const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

  it('streams events with ids, and stops listening when the client goes away', async () => {
    const { get, bus } = setup();
    const res = await get('/api/events');
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await expect.poll(() => bus.listenerCount).toBe(1);
    bus.publish({ type: 'roadmap-changed', text: 'one' });
    bus.publish({ type: 'branch-removed', branch: 'x' });
    const text = await readFrames(res.body!, (t) => ids(t).length >= 2);
    expect(ids(text)).toEqual([1, 2]);
    const data = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
    expect(data[0]).toEqual({ type: 'roadmap-changed', text: 'one', id: 1 });
    await expect.poll(() => bus.listenerCount).toBe(0);
  });

  it('replays what a client missed after Last-Event-ID, or sends resync when the ring lost it', async () => {
    const { get, bus } = setup();
    for (let i = 0; i < 5; i++) bus.publish({ type: 'roadmap-changed', text: String(i) });
    const resumed = await get('/api/events', { 'last-event-id': '3' });
    expect(ids(await readFrames(resumed.body!, (t) => ids(t).length >= 2))).toEqual([4, 5]);
    const byQuery = await get('/api/events?lastEventId=4');
    expect(ids(await readFrames(byQuery.body!, (t) => ids(t).length >= 1))).toEqual([5]);
    for (let i = 0; i < 10; i++) bus.publish({ type: 'roadmap-changed', text: String(i) });
    const late = await get('/api/events', { 'last-event-id': '2' });
    const text = await readFrames(late.body!, (t) => ids(t).length >= 1);
    expect(text).toContain('"type":"resync"');
    expect(ids(text)).toEqual([15]);
    await expect.poll(() => bus.listenerCount).toBe(0);
  });

  it('sends a heartbeat comment on an idle stream', async () => {
    const { get } = setup();
    const res = await get('/api/events');
    const text = await readFrames(res.body!, (t) => t.includes(': heartbeat'));
    expect(text).toContain(': heartbeat');
  });
});
