// GET /api/search through the app, on a real workspace.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/api.ts';
import { createApp } from '../app.ts';
import { createEventBus } from '../../live/event-bus.ts';
import { securityOptionsFor } from '../security.ts';
import { createStore } from '../../live/store.ts';
import { nativeFind } from '../../live/index.ts';

const PORT = 4781;
const HOST = `127.0.0.1:${PORT}`;
const TOKEN = 'search-test-token';
const corpus = join(CORPUS, 'python');

let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const bus = createEventBus();
  const store = createStore({ gccDir: join(corpus, '.GCC'), root: corpus, readOnly: true, bus });
  await store.load();
  app = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), webDir: join(corpus, 'no-web') });
});

const get = (query: string) => app.request(`http://${HOST}/api/search?${query}`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });

describe('GET /api/search', () => {
  it('finds steps and commits on every branch of a real workspace, newest first', async () => {
    const res = await get('q=redis');
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchResponse;
    expect(body.truncated).toBe(false);
    expect(body.matches.map((m) => [m.branch, m.kind, m.index, m.field])).toEqual([
      ['auth-session', 'commit', 0, 'thisCommitContribution'],
      ['auth-session', 'step', 0, 'observation'],
    ]);
    expect(body.matches[1]).toMatchObject({ step: 1, snippet: expect.stringContaining('Redis 7') });
  });

  it('says when the limit cut the answer', async () => {
    const body = (await (await get('q=auth&limit=2')).json()) as SearchResponse;
    expect(body.matches).toHaveLength(2);
    expect(body.truncated).toBe(true);
  });

  it('refuses bad parameters with a clear 400 and needs the token', async () => {
    expect(await (await get('q=x&limit=zero')).json()).toEqual({ error: 'limit must be a whole number (got "zero")' });
    expect((await get(`q=${'x'.repeat(501)}`)).status).toBe(400);
    const anonymous = await app.request(`http://${HOST}/api/search?q=x`, { headers: { host: HOST } });
    expect(anonymous.status).toBe(401);
  });

  it("nativeFind is Buffer.indexOf on a view's own bytes: offsets within the view, from where it is told", () => {
    const backing = new TextEncoder().encode('xx ab #12 ab #12 yy');
    const view = backing.subarray(2, 17);
    const needle = new TextEncoder().encode('#12');
    expect(nativeFind(view, needle, 0)).toBe(4);
    expect(nativeFind(view, needle, 5)).toBe(11);
    expect(nativeFind(view, needle, 12)).toBe(-1);
    expect(nativeFind(view, new TextEncoder().encode('yy'), 0)).toBe(-1);
  });
});
