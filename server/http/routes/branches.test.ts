// GET /api/branches on a real store over the Python corpus workspace: every branch with its commits, each exactly what
// GET /api/branches/:name answers (record versions included), now and `?at=` a moment.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BranchesResponse, BranchResponse, WorkspaceResponse } from '../../../shared/api.ts';
import { createApp } from '../app.ts';
import { createEventBus } from '../../live/event-bus.ts';
import { securityOptionsFor } from '../security.ts';
import { createStore } from '../../live/store.ts';

const PORT = 4783;
const HOST = `127.0.0.1:${PORT}`;
const TOKEN = 'branches-test-token';
const corpus = join(CORPUS, 'python');
const merged = /merged_at: '([^']+)'/.exec(readFileSync(join(corpus, '.GCC/branches/auth-jwt/metadata.yaml'), 'utf8'))![1]!;
const beforeMerge = encodeURIComponent(new Date(new Date(merged).getTime() - 1).toISOString());

let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const bus = createEventBus();
  const store = createStore({ gccDir: join(corpus, '.GCC'), root: corpus, readOnly: true, bus });
  await store.load();
  app = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), webDir: join(corpus, 'no-web'), gccDir: join(corpus, '.GCC') });
});

const get = (path: string) => app.request(`http://${HOST}/api/${path}`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
async function json<T>(path: string): Promise<T> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('GET /api/branches', () => {
  it("answers every branch of the workspace, each as its own route answers it, in the workspace's order", async () => {
    const all = await json<BranchesResponse>('branches');
    const names = (await json<WorkspaceResponse>('workspace')).branches.map((b) => b.name);
    expect(all.branches.map((b) => b.branch.name)).toEqual(names);
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(all.branches.find((b) => b.branch.name === name)).toEqual(await json<BranchResponse>(`branches/${name}`));
    expect(all.branches.some((b) => b.commits.length > 0 && b.commits.every((c) => typeof (c as { version?: unknown }).version === 'string'))).toBe(true);
  });

  it('answers them as they were at a moment', async () => {
    const then = await json<BranchesResponse>(`branches?at=${beforeMerge}`);
    const main = then.branches.find((b) => b.branch.name === 'main')!;
    expect(main).toEqual(await json<BranchResponse>(`branches/main?at=${beforeMerge}`));
    expect(main.commits.some((c) => c.thisCommitContribution.startsWith('Merged branch'))).toBe(false);
    expect((await get('branches?at=not-a-time')).status).toBe(400);
  });

  it('needs the token', async () => {
    expect((await app.request(`http://${HOST}/api/branches`, { headers: { host: HOST } })).status).toBe(401);
  });
});
