// /api/mcp on a real dashboard on a port, driven by the SDK's own Client over Streamable HTTP: the same tools as over
// stdio, a session per client, the guards every route has (token, Host, Origin), and no session left when it stops.
import { request } from 'node:http';
import { appendFileSync, cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { StepsPage } from '../../shared/api.ts';
import type { MergePreviewResponse } from '../../shared/compare-api.ts';
import { CORPUS } from '../../fixtures/corpus.ts';
import { startServer, type RunningServer } from '../http/index.ts';
import { startFleetServer } from '../fleet/fleet-serve.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { call, httpClient, textOf } from './test-client.ts';
import { RESOURCE_TAIL_BYTES } from './resources.ts';
import { normalized } from '../test-support/agent-scenario.ts';
import { stepVersion } from '../../shared/gcc/write/edit-version.ts';

const TOKEN = 'mcp-http-test-token';
const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

/** A raw POST, with any Host header (fetch will not send a foreign one). */
function rawPost(port: number, headers: Record<string, string>, path = '/api/mcp'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

describe('/api/mcp on a running dashboard', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    ({ dir } = tempCorpusCopy('python'));
    server = await startServer({ dir, port: 0, open: false, token: TOKEN, log: () => {}, warn: () => {} });
  });
  afterAll(async () => {
    await server?.close();
    removeTempCorpusCopies();
  });

  const endpoint = () => `http://127.0.0.1:${server.port}/api/mcp`;
  const auth = { authorization: `Bearer ${TOKEN}` };

  it('answers the SDK client: tools, resources, prompts, CONTEXT', async () => {
    const mcp = await httpClient(endpoint(), auth);
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['gcc_context', 'gcc_status', 'gcc_search', 'gcc_diff', 'gcc_history', 'gcc_switch']));
      expect((await mcp.client.listResources()).resources.map((r) => r.uri)).toContain('gcc://branches/auth-jwt/log.md');
      expect((await mcp.client.listPrompts()).prompts).toHaveLength(3);
      const context = await call(mcp.client, 'gcc_context', { branch: 'main' });
      expect(textOf(context)).toBe(server.live.store.contextText('main', 1, null)!.text);
    } finally {
      await mcp.close();
    }
  });

  it('keeps a current branch per session', async () => {
    const a = await httpClient(endpoint(), auth, 'a');
    const b = await httpClient(endpoint(), auth, 'b');
    try {
      expect((await call(a.client, 'gcc_switch', { name: 'auth-jwt' })).isError).toBeFalsy();
      expect((await call(a.client, 'gcc_status')).structuredContent).toMatchObject({ currentBranch: 'auth-jwt' });
      expect((await call(b.client, 'gcc_status')).structuredContent).toMatchObject({ currentBranch: 'main' });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('gives the steps since the last commit as history, with the step just logged', async () => {
    const mcp = await httpClient(endpoint(), auth);
    try {
      const logged = (await call(mcp.client, 'gcc_log', { observation: 'history probe', thought: 't', action: 'a', branch: 'main' })).structuredContent as { step: number };
      const history = (await call(mcp.client, 'gcc_history', { branch: 'main' })).structuredContent as { since: null; branches: { steps: { step: number; observation: string }[]; stepsTotal: number }[] };
      expect(history.since).toBeNull();
      expect(history.branches[0]!.steps.at(-1)).toMatchObject({ step: logged.step, observation: 'history probe' });
      expect(history.branches[0]!.stepsTotal).toBe(history.branches[0]!.steps.length);
      expect(server.live.store.workspace().branches.find((b) => b.name === 'main')!.stepCount).toBeGreaterThan(history.branches[0]!.stepsTotal);
    } finally {
      await mcp.close();
    }
  });

  it("refuses a step Contexa's readers misread (`---` cuts it) in the words of the page's hand edit", async () => {
    const mcp = await httpClient(endpoint(), auth);
    const log = join(dir, '.GCC', 'branches', 'main', 'log.md');
    try {
      const before = readFileSync(log, 'utf8');
      const fields = { observation: 'o', thought: '---', action: 'a' };
      const result = await call(mcp.client, 'gcc_log', { ...fields, branch: 'main' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/holds a line `---` that Contexa's Python, TypeScript, Rust and Go readers take for the end of a record: Python reads 2 steps \(step \d+, step 0\)/);
      expect(readFileSync(log, 'utf8')).toBe(before);
      const headers = { ...auth, origin: `http://127.0.0.1:${server.port}`, 'content-type': 'application/json' };
      const first = ((await (await fetch(`http://127.0.0.1:${server.port}/api/branches/main/steps?from=0&limit=1`, { headers })).json()) as StepsPage).steps[0]!;
      const edit = await fetch(`http://127.0.0.1:${server.port}/api/branches/main/steps/0`, { method: 'PATCH', headers, body: JSON.stringify({ step: first.step, version: stepVersion(first), fields }) });
      expect(edit.status).toBe(422);
      // The same explanation, the step's own number aside.
      const words = (text: string) => text.replace(/\b([Ss])tep \d+/g, '$1tep N');
      expect(words(textOf(result))).toBe(words(((await edit.json()) as { error: string }).error));
      expect(readFileSync(log, 'utf8')).toBe(before);
    } finally {
      await mcp.close();
    }
  });

  it("answers a merge's dry run with the page's own preview, writing nothing", async () => {
    const mcp = await httpClient(endpoint(), auth);
    try {
      const before = readFileSync(join(dir, '.GCC', 'branches', 'main', 'log.md'), 'utf8');
      const dry = (await call(mcp.client, 'gcc_merge', { branch: 'auth-session', dry_run: true })).structuredContent as { writes: { file: string; text: string }[]; commitId: string; blockers: string[] };
      const page = (await (await fetch(`http://127.0.0.1:${server.port}/api/merge/preview?branch=auth-session&target=main`, { headers: auth })).json()) as MergePreviewResponse;
      // Each preview is made at its own moment: the same bytes, timestamps and the new commit's id aside.
      const same = (w: { file: string; mode?: string; text: string }) => ({ file: w.file, mode: w.mode, text: normalized(w.text) });
      expect(dry.writes.map(same)).toEqual(page.writes.map(same));
      expect(dry.blockers).toEqual(page.blockers);
      expect(readFileSync(join(dir, '.GCC', 'branches', 'main', 'log.md'), 'utf8')).toBe(before);
    } finally {
      await mcp.close();
    }
  });

  it('tells a subscriber of a hand edit saved in the page', async () => {
    const mcp = await httpClient(endpoint(), auth);
    try {
      const updated: string[] = [];
      mcp.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
      await mcp.client.subscribeResource({ uri: 'gcc://branches/auth-session/log.md' });
      const origin = `http://127.0.0.1:${server.port}`;
      const page = (await (await fetch(`${origin}/api/branches/auth-session/steps?from=0&limit=1`, { headers: auth })).json()) as StepsPage & { steps: { version: string }[] };
      const first = page.steps[0]!;
      const saved = await fetch(`${origin}/api/branches/auth-session/steps/0`, {
        method: 'PATCH',
        headers: { ...auth, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ step: first.step, version: first.version, fields: { thought: 'Edited by hand in the page.' } }),
      });
      expect(saved.status).toBe(200);
      await expect.poll(() => updated, { timeout: 10_000 }).toContain('gcc://branches/auth-session/log.md');
    } finally {
      await mcp.close();
    }
  });

  it('refuses the write tools on a read-only server', async () => {
    const { dir: other } = tempCorpusCopy('python');
    const readOnly = await startServer({ dir: other, port: 0, open: false, token: TOKEN, readOnly: true, log: () => {}, warn: () => {} });
    const mcp = await httpClient(`http://127.0.0.1:${readOnly.port}/api/mcp`, auth);
    try {
      const result = await call(mcp.client, 'gcc_log', { observation: 'o', thought: 't', action: 'a' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/read-only/);
    } finally {
      await mcp.close();
      await readOnly.close();
    }
  });

  it('refuses a missing or wrong token, a foreign Origin and a rebinding Host', async () => {
    const port = server.port;
    const host = `127.0.0.1:${port}`;
    expect(await rawPost(port, { host })).toBe(401);
    expect(await rawPost(port, { host, authorization: 'Bearer wrong-token-123' })).toBe(401);
    expect(await rawPost(port, { host, ...auth, origin: 'http://evil.example' })).toBe(403);
    expect(await rawPost(port, { host: `evil.example:${port}`, ...auth })).toBe(403);
    expect(await rawPost(port, { host: `rebind.127.0.0.1.nip.io:${port}`, ...auth })).toBe(403);
    // The same request with the token, our Host and no Origin is served.
    expect(await rawPost(port, { host, ...auth })).toBe(200);
  });

  it('serves the same endpoint at /mcp, behind the same guards', async () => {
    const port = server.port;
    const host = `127.0.0.1:${port}`;
    expect(await rawPost(port, { host }, '/mcp')).toBe(401);
    expect(await rawPost(port, { host, ...auth, origin: 'http://evil.example' }, '/mcp')).toBe(403);
    expect(await rawPost(port, { host: `evil.example:${port}`, ...auth }, '/mcp')).toBe(403);
    const mcp = await httpClient(`http://127.0.0.1:${port}/mcp`, auth);
    try {
      expect(textOf(await call(mcp.client, 'gcc_context', { branch: 'main' }))).toBe(server.live.store.contextText('main', 1, null)!.text);
    } finally {
      await mcp.close();
    }
  });

  it("serves a log over 1 MiB as its last MiB, from a line start", async () => {
    const log = join(dir, '.GCC', 'branches', 'auth-session', 'log.md');
    const step = (i: number) => `### Step ${i} — 2026-12-04T10:00:00+00:00\n**Observation:** ${'filler '.repeat(40)}${i}\n\n**Thought:** t\n\n**Action:** a\n\n---\n`;
    appendFileSync(log, Array.from({ length: 5000 }, (_, i) => step(1000 + i)).join(''));
    const whole = readFileSync(log, 'utf8');
    const mcp = await httpClient(endpoint(), auth);
    try {
      const read = await mcp.client.readResource({ uri: 'gcc://branches/auth-session/log.md' });
      const tail = (read.contents[0] as { text: string }).text;
      expect(whole.length).toBeGreaterThan(RESOURCE_TAIL_BYTES);
      expect(tail.length).toBeLessThanOrEqual(RESOURCE_TAIL_BYTES);
      expect(whole.endsWith(tail)).toBe(true);
      expect(whole[whole.length - tail.length - 1]).toBe('\n');
    } finally {
      await mcp.close();
    }
  });

  it('closes every session when the server stops', async () => {
    const { dir: other } = tempCorpusCopy('typescript');
    const stopping = await startServer({ dir: other, port: 0, open: false, token: TOKEN, log: () => {}, warn: () => {} });
    const mcp = await httpClient(`http://127.0.0.1:${stopping.port}/api/mcp`, auth);
    expect((await call(mcp.client, 'gcc_status')).isError).toBeFalsy();
    await stopping.close();
    await expect(call(mcp.client, 'gcc_status')).rejects.toThrow();
    await mcp.client.close();
  });
});

describe('/api/mcp on a fleet', () => {
  it('serves the workspace ?ws= names, at /api/mcp and /mcp', async () => {
    const { dir: root } = tempCorpusCopy(null);
    for (const name of ['python', 'typescript']) {
      mkdirSync(join(root, name));
      cpSync(join(CORPUS, name, '.GCC'), join(root, name, '.GCC'), { recursive: true });
    }
    const fleet = await startFleetServer([root], 2, { port: 0, open: false, token: TOKEN, log: () => {}, warn: () => {} });
    try {
      const ids = [...fleet.fleet.members.keys()];
      expect(ids).toHaveLength(2);
      for (const id of ids) {
        const path = id === ids[0] ? '/api/mcp' : '/mcp';
        const mcp = await httpClient(`http://127.0.0.1:${fleet.port}${path}?ws=${encodeURIComponent(id)}`, { authorization: `Bearer ${TOKEN}` });
        const status = (await call(mcp.client, 'gcc_status')).structuredContent as { root: string };
        expect(status.root).toBe(fleet.fleet.members.get(id)!.found.projectDir);
        await mcp.close();
      }
    } finally {
      await fleet.close();
    }
  });
});
