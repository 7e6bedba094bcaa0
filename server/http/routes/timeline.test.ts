// The time-travel routes on a real store over the Python corpus workspace (auth-jwt merged into main at its
// merged_at): `?at=` on the read routes, /api/timeline, /api/timeline/adjacent, /api/context, and bad moments.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BranchResponse, ContextResponse, StepsPage } from '../../../shared/api.ts';
import type { AdjacentResponse, TimelineResponse, WorkspaceAtResponse } from '../../../shared/timeline-api.ts';
import { createApp } from '../app.ts';
import { createEventBus } from '../../live/event-bus.ts';
import { securityOptionsFor } from '../security.ts';
import { createStore } from '../../live/store.ts';

const PORT = 4782;
const HOST = `127.0.0.1:${PORT}`;
const TOKEN = 'timeline-test-token';
const corpus = join(CORPUS, 'python');
const merged = /merged_at: '([^']+)'/.exec(readFileSync(join(corpus, '.GCC/branches/auth-jwt/metadata.yaml'), 'utf8'))![1]!;
const beforeMerge = new Date(new Date(merged).getTime() - 1).toISOString();

let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const bus = createEventBus();
  const store = createStore({ gccDir: join(corpus, '.GCC'), root: corpus, readOnly: true, bus });
  await store.load();
  app = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), webDir: join(corpus, 'no-web'), gccDir: join(corpus, '.GCC') });
});

const get = (path: string) => app.request(`http://${HOST}/api/${path}`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
const json = async <T>(path: string): Promise<T> => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const q = encodeURIComponent;

describe('?at= on the read routes', () => {
  it('shows a merged branch active, and main without the merge, just before the merge', async () => {
    const ws = await json<WorkspaceAtResponse>(`workspace?at=${q(beforeMerge)}`);
    expect(ws.at).toMatchObject({ exact: true, reasons: [] });
    expect(ws.branches.map((b) => [b.name, b.status])).toEqual([['auth-jwt', 'active'], ['main', 'active']]);
    const main = await json<BranchResponse>(`branches/main?at=${q(beforeMerge)}`);
    expect(main.commits.some((c) => c.thisCommitContribution.startsWith('Merged branch'))).toBe(false);
    const steps = await json<StepsPage>(`branches/main/steps?at=${q(beforeMerge)}`);
    expect(steps.total).toBe(6);
    const after = await json<WorkspaceAtResponse>(`workspace?at=${q(merged)}`);
    expect(after.branches.find((b) => b.name === 'auth-jwt')!.status).toBe('merged');
    expect((await json<StepsPage>(`branches/main/steps?at=${q(merged)}`)).total).toBe(9);
  });

  it('answers now without at (or at=now), with no moment', async () => {
    const ws = await json<WorkspaceAtResponse>('workspace?at=now');
    expect(ws.at).toBeUndefined();
    expect(ws.branches).toHaveLength(3);
  });

  it('gives CONTEXT as it was, the same through both context routes', async () => {
    const a = await json<ContextResponse>(`branches/main/context?k=2&at=${q('main@commit:2')}`);
    const b = await json<ContextResponse>(`context?branch=main&k=2&at=${q('main@commit:2')}`);
    expect(a.text).toBe(b.text);
    expect(a.text).toContain('## Last 2 Commit(s)');
    expect(a.text).not.toContain('Merged branch');
    expect(a.tokens).toBeGreaterThan(0);
    const now = await json<ContextResponse>('context?branch=main&k=1');
    expect(now.text).toBe(readFileSync(join(corpus, 'context-main-k1.txt'), 'utf8'));
  });

  it.each([
    ['workspace?at=yesterday', /neither an ISO 8601 time/],
    ['workspace?at=2020-01-01T00:00:00Z', /before the workspace began/],
    ['branches/main?at=nope%40step%3A1', /no branch "nope"/],
    ['branches/main/steps?at=main%40step%3A99', /main has 9 steps/],
    ['context?branch=main&at=2026-12-02T13%3A58%3A05', /offset/],
    ['timeline/adjacent?at=main%40step%3A1&dir=up', /dir must be next or prev/],
  ])('refuses %s with a 400 saying why', async (path, reason) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(reason);
  });

  it('answers 404 for a branch that did not exist yet', async () => {
    expect((await get(`branches/auth-session?at=${q(beforeMerge)}`)).status).toBe(404);
  });
});

describe('GET /api/timeline', () => {
  it('counts every record in buckets and lists them exactly when few', async () => {
    const t = await json<TimelineResponse>('timeline?buckets=50');
    expect(t.buckets).toHaveLength(50);
    const records = t.buckets.reduce((n, b) => n + b.counts.step + b.counts.commit, 0);
    expect(records).toBe(9 + 3 + 3 + 2 + 2 + 1);
    expect(t.records!.length).toBe(records + 3 + 1 + 2);
    expect(t.records!.at(-1)!.moment).toBe('auth-session@commit:1');
    expect((await json<TimelineResponse>('timeline?limit=5')).records).toBeNull();
  });

  it('zooms to a range given as moments', async () => {
    const t = await json<TimelineResponse>(`timeline?from=${q('auth-jwt@step:1')}&to=${q('auth-jwt@step:3')}`);
    expect(t.records!.map((r) => r.moment)).toEqual(['auth-jwt@step:1', 'auth-jwt@step:2', 'auth-jwt@step:3']);
  });

  it('says what changed between two moments', async () => {
    const c = await json<{ branches: { branch: string; status: unknown }[]; roadmapAdded: string | null }>(`timeline/changes?from=${q(beforeMerge)}&to=${q(merged)}`);
    expect(c.branches.find((b) => b.branch === 'auth-jwt')!.status).toEqual({ before: 'active', after: 'merged' });
    expect(c.roadmapAdded).toContain('Merged `auth-jwt`');
    const toNow = await json<{ branches: { branch: string; added: boolean }[] }>(`timeline/changes?from=${q(beforeMerge)}&to=now`);
    expect(toNow.branches.find((b) => b.branch === 'auth-session')!.added).toBe(true);
    expect((await get(`timeline/changes?from=${q(beforeMerge)}`)).status).toBe(400);
  });

  it('steps to the next and previous event', async () => {
    const next = await json<AdjacentResponse>(`timeline/adjacent?at=${q('main@step:1')}&dir=next`);
    expect(next.record!.moment).toBe('main@step:2');
    const prev = await json<AdjacentResponse>(`timeline/adjacent?at=${q('main@step:2')}&dir=prev`);
    expect(prev.record!.moment).toBe('main@step:1');
    // From now: the newest event back, nothing ahead.
    expect((await json<AdjacentResponse>('timeline/adjacent?at=now&dir=prev')).record!.moment).toBe('auth-session@commit:1');
    expect((await json<AdjacentResponse>('timeline/adjacent?at=now&dir=next')).record).toBeNull();
  });
});
