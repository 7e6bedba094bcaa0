// Workspace ids that try to reach a folder outside the fleet's root, or another workspace, on every route.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from '../fixtures/corpus.ts';
import { startFleetServer } from '../server/fleet/fleet-serve.ts';
import { changedFiles, startAttackStudio, studioRequest, type RawRequest, type RawResponse } from './studio.ts';
import type { AttackPart } from './types.ts';

function craftedIds(root: string): string[] {
  return [
    '..', '../..', '../outside', '..%2Foutside', '%2e%2e', '%2e%2e%2foutside', '.', './one', 'one/..', 'one/../two', 'one%2F..%2F..%2Foutside', 'one/../../project',
    '/etc', '%2Fetc%2Fpasswd', encodeURIComponent(join(root, 'outside')), encodeURIComponent(join(root, 'project')), encodeURIComponent(join(root, 'fleet', 'one')),
    '%00', 'one%00', 'one%0A', 'ONE', 'one%20', '~', 'C:%5CWindows', '..%5C..%5Coutside', '%252e%252e', 'fleet/one', '*', 'one,two', '%E0%A4%A',
  ];
}

function requestsFor(ws: string, versions: { commit: string; step: string; metadata: string }): [string, RawRequest][] {
  const json = (method: string, body: unknown): RawRequest => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const q = `ws=${ws}`;
  return [
    [`/api/workspace?${q}`, {}],
    [`/api/branches/main?${q}`, {}],
    [`/api/branches/main/steps?from=0&limit=5&${q}`, {}],
    [`/api/branches/main/context?k=1&${q}`, {}],
    [`/api/search?q=auth&${q}`, {}],
    [`/api/compare?head=auth-jwt&${q}`, {}],
    [`/api/merge/preview?branch=auth-session&target=main&${q}`, {}],
    [`/api/roadmap?${q}`, {}],
    [`/api/edits?${q}`, {}],
    [`/api/events?${q}`, {}],
    [`/api/branches/main/commits/0?${q}`, json('PATCH', { commitId: 'c4a0a7ed', version: versions.commit, fields: { thisCommitContribution: 'pwned' } })],
    [`/api/branches/main/steps/0?${q}`, json('PATCH', { step: 1, version: versions.step, fields: { thought: 'pwned' } })],
    [`/api/branches/main/metadata?${q}`, json('PATCH', { version: versions.metadata, fields: { purpose: 'pwned' } })],
    [`/api/roadmap/parts/0?${q}`, json('PUT', { version: 'v0', text: 'pwned' })],
    [`/api/merge?${q}`, json('POST', { branch: 'auth-session', target: 'main' })],
  ];
}

/** Refused: a 4xx that echoes no payload. An event stream that opens (200) would be a workspace reached. */
function refusalProblem(res: RawResponse): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 120)}`;
  if (res.status < 400) return `answered ${res.status}: ${res.text.slice(0, 120)}`;
  if (res.text.includes('pwned')) return `echoed the payload: ${res.text.slice(0, 120)}`;
  return null;
}

/**
 * The fleet serves ROOT/fleet/{one,two}; ROOT/project and ROOT/outside hold byte-identical copies of `one`, so a write
 * misrouted there would carry valid versions and succeed. Each request must be refused (4xx) and no file anywhere under
 * the temp root may change.
 */
export const fleetTraversalPart: AttackPart = {
  kind: 'attack',
  name: 'fleet workspace-id traversal (every route, read and write)',
  async run() {
    const studio = await startAttackStudio('python', {
      noServer: true,
      prepare: ({ root }) => {
        for (const ws of ['one', 'two']) {
          mkdirSync(join(root, 'fleet', ws), { recursive: true });
          cpSync(join(CORPUS, 'python', '.GCC'), join(root, 'fleet', ws, '.GCC'), { recursive: true });
        }
      },
    });
    const server = await startFleetServer([join(studio.root, 'fleet')], 4, { port: 0, token: studio.token, open: false, log: () => {}, warn: () => {} });
    const failures: string[] = [];
    let tried = 0;
    try {
      const get = async (path: string) => JSON.parse((await studioRequest(server.port, studio.token, path)).text) as Record<string, unknown>;
      const branch = (await get('/api/branches/main?ws=one')) as { commits: { version: string }[] };
      const steps = (await get('/api/branches/main/steps?from=0&limit=1&ws=one')) as { steps: { version: string }[] };
      const ws = (await get('/api/workspace?ws=one')) as { branches: { name: string; metadataVersion?: string }[] };
      const versions = { commit: branch.commits[0]!.version, step: steps.steps[0]!.version, metadata: ws.branches.find((b) => b.name === 'main')?.metadataVersion ?? 'v0' };
      const before = studio.snapshot();
      for (const id of craftedIds(studio.root)) {
        for (const [path, init] of requestsFor(id, versions)) {
          tried++;
          const problem = refusalProblem(await studioRequest(server.port, studio.token, path, init));
          if (problem) failures.push(`${init.method ?? 'GET'} ${path} ${problem}`);
        }
      }
      const changed = changedFiles(before, studio.snapshot());
      if (changed.length) failures.push(`files changed: ${changed.join(', ')}`);
      // The control: the same write to a real workspace id succeeds, so the versions were good and a misrouted
      // request would have written.
      const [, control] = requestsFor('one', versions).find(([p]) => p.startsWith('/api/branches/main/commits/0'))!;
      const res = await studioRequest(server.port, studio.token, '/api/branches/main/commits/0?ws=one', control);
      if (res.status !== 200) failures.push(`control: the write to ws=one answered ${res.status}: ${res.text.slice(0, 120)}`);
    } finally {
      await server.close();
      await studio.stop();
    }
    return { tried, failures };
  },
};
