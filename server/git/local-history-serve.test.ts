// The single-workspace server on a folder whose repository tracks .GCC/: each commit that changed it is an exact
// moment on the timeline and at ?at=git:<sha>; a folder in no repository has none.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TimelineResponse, WorkspaceAtResponse } from '../../shared/timeline-api.ts';
import { startServer } from '../http/index.ts';
import { commitAll, initRepo, removeTempRepos, tempFolder } from '../test-support/git-repos.ts';
import { runRealPython } from '../test-support/real-contexa.ts';

afterAll(removeTempRepos);
const TOKEN = 'local-history-token-0123';

async function served(dir: string) {
  const server = await startServer({ dir, port: 0, open: false, token: TOKEN, log: () => {}, warn: () => {} });
  const get = async <T>(path: string) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return { status: res.status, body: (await res.json()) as T };
  };
  return { server, get };
}

describe('a served folder tracked by git', () => {
  it('has its commits as exact moments', async () => {
    const repo = initRepo();
    const project = join(repo, 'agent');
    mkdirSync(project);
    runRealPython(project, [{ op: 'init', roadmap: 'r' }, { op: 'log', o: 'one', t: 't', a: 'a' }]);
    const first = commitAll(repo, 'first');
    runRealPython(project, [{ op: 'load' }, { op: 'log', o: 'two', t: 't', a: 'a' }]);
    const second = commitAll(repo, 'second');
    runRealPython(project, [{ op: 'load' }, { op: 'log', o: 'three, not committed', t: 't', a: 'a' }]);
    const { server, get } = await served(project);
    try {
      const axis = await get<TimelineResponse>('/api/timeline');
      expect(axis.body.gitMoments?.map((m) => m.commit)).toEqual([second, first]);
      const at = await get<WorkspaceAtResponse>(`/api/workspace?at=git:${first.slice(0, 8)}`);
      expect(at.body.at).toMatchObject({ exact: true, commit: first });
      expect(at.body.branches.find((b) => b.name === 'main')?.stepCount).toBe(1);
      expect((await get<WorkspaceAtResponse>('/api/workspace')).body.branches.find((b) => b.name === 'main')?.stepCount).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('in no repository: no exact moments, and git:<sha> names nothing', async () => {
    const dir = tempFolder();
    runRealPython(dir, [{ op: 'init', roadmap: 'r' }, { op: 'log', o: 'one', t: 't', a: 'a' }]);
    const { server, get } = await served(dir);
    try {
      expect((await get<TimelineResponse>('/api/timeline')).body.gitMoments).toEqual([]);
      expect((await get<{ error: string }>('/api/workspace?at=git:abcd')).status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
