// GET /api/commits on a real store over the Python corpus workspace: every branch's commits in brief, each exactly the
// id, time and contribution GET /api/branches/:name answers, now and `?at=` a moment.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchResponse, CommitsResponse, WorkspaceResponse } from '../../../shared/api.ts';
import { createApp } from '../app.ts';
import { createEventBus } from '../../live/event-bus.ts';
import { securityOptionsFor } from '../security.ts';
import { createStore } from '../../live/store.ts';

const PORT = 4783;
const HOST = `127.0.0.1:${PORT}`;
const TOKEN = 'commits-test-token';
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
const brief = (b: BranchResponse) => b.commits.map((c) => ({ commitId: c.commitId, timestamp: c.timestamp, thisCommitContribution: c.thisCommitContribution }));

describe('GET /api/commits', () => {
  it("answers every branch of the workspace in its order, each branch's commits as its own route has them", async () => {
    const all = await json<CommitsResponse>('commits');
    const names = (await json<WorkspaceResponse>('workspace')).branches.map((b) => b.name);
    expect(all.branches.map((b) => b.name)).toEqual(names);
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(all.branches.find((b) => b.name === name)!.commits).toEqual(brief(await json<BranchResponse>(`branches/${name}`)));
    expect(all.branches.some((b) => b.commits.length > 0)).toBe(true);
  });

  it('answers them as they were at a moment', async () => {
    const then = await json<CommitsResponse>(`commits?at=${beforeMerge}`);
    const main = then.branches.find((b) => b.name === 'main')!;
    expect(main.commits).toEqual(brief(await json<BranchResponse>(`branches/main?at=${beforeMerge}`)));
    expect(main.commits.some((c) => c.thisCommitContribution.startsWith('Merged branch'))).toBe(false);
    expect((await get('commits?at=not-a-time')).status).toBe(400);
  });

  it('needs the token', async () => {
    expect((await app.request(`http://${HOST}/api/commits`, { headers: { host: HOST } })).status).toBe(401);
  });
});

describe('GET /api/commits, kept between changes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-commits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the same until the workspace changes, then the change', async () => {
    cpSync(join(corpus, '.GCC'), join(dir, '.GCC'), { recursive: true });
    const bus = createEventBus();
    const store = createStore({ gccDir: join(dir, '.GCC'), root: dir, readOnly: false, bus });
    await store.load();
    const live = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), webDir: join(dir, 'no-web'), gccDir: join(dir, '.GCC') });
    const commitsNow = async () => {
      const res = await live.request(`http://${HOST}/api/commits`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
      return ((await res.json()) as CommitsResponse).branches.find((b) => b.name === 'main')!.commits;
    };
    const first = await commitsNow();
    expect(await commitsNow()).toEqual(first);
    // As the Python writer appends a commit: the file ends in `---\n`, the block ends in one too.
    const block = '## Commit `0badc0de`\n**Timestamp:** 2026-12-02T14:00:00.000000+00:00\n\n**Branch Purpose:** Primary reasoning trajectory\n\n**Previous Progress Summary:** all auth tests pass.\n\n**This Commit\'s Contribution:** Kept between changes.\n\n---\n';
    appendFileSync(join(dir, '.GCC/branches/main/commit.md'), block);
    await store.apply(['branches/main/commit.md']);
    const after = await commitsNow();
    expect(after.length).toBe(first.length + 1);
    expect(after.at(-1)).toMatchObject({ commitId: '0badc0de', thisCommitContribution: 'Kept between changes.' });
  });
});
