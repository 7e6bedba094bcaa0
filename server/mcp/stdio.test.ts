// `gcc-studio mcp DIR` driven by the SDK's own Client over stdio, as an agent's client spawns it: what it lists, what
// its read tools and resources answer (CONTEXT byte for byte as `gcc-studio context`), and a resource update when
// another writer appends a step.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { main } from '../cli/main.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { call, stdioClient, textOf, type TestClient } from './test-client.ts';

const ENTRY = join(import.meta.dirname, '..', 'test-support', 'cli-entry.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const TOOLS = ['gcc_commit', 'gcc_context', 'gcc_diff', 'gcc_history', 'gcc_init', 'gcc_log', 'gcc_merge', 'gcc_search', 'gcc_status', 'gcc_switch'];

async function contextCommand(args: string[]): Promise<string> {
  const out: Uint8Array[] = [];
  const code = await main(['context', ...args], { out: (t) => out.push(typeof t === 'string' ? new TextEncoder().encode(t) : t), err: () => {} });
  expect(code).toBe(0);
  return new TextDecoder().decode(Buffer.concat(out));
}

describe('gcc-studio mcp over stdio', () => {
  let dir: string;
  let mcp: TestClient;
  beforeAll(async () => {
    ({ dir } = tempCorpusCopy('python'));
    mcp = await stdioClient([dir]);
  });
  afterAll(async () => {
    await mcp?.close();
    removeTempCorpusCopies();
  });

  it('lists its tools, each with a title, a description and its annotations', async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name).sort();
    for (const name of names.filter((n) => TOOLS.includes(n))) expect(TOOLS).toContain(name);
    for (const tool of tools) {
      expect(tool.title ?? tool.annotations?.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
    }
    expect(names).toEqual(expect.arrayContaining(['gcc_context', 'gcc_diff', 'gcc_history', 'gcc_search', 'gcc_status', 'gcc_switch']));
  });

  it('lists main.md, every branch file and every CONTEXT as resources, and its three prompts', async () => {
    const { resources } = await mcp.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('gcc://main.md');
    for (const branch of ['main', 'auth-jwt', 'auth-session']) {
      for (const file of ['log.md', 'commit.md', 'metadata.yaml']) expect(uris).toContain(`gcc://branches/${branch}/${file}`);
      expect(uris).toContain(`gcc://context/${branch}`);
    }
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['commit', 'merge-review', 'resume']);
  });

  it('gives CONTEXT exactly as `gcc-studio context` prints it, now and at a moment', async () => {
    const now = await call(mcp.client, 'gcc_context', { branch: 'auth-jwt', k: 2 });
    expect(now.isError).toBeFalsy();
    expect(textOf(now)).toBe(await contextCommand([dir, '--branch', 'auth-jwt', '--k', '2']));
    const then = await call(mcp.client, 'gcc_context', { branch: 'main', at: 'main@step:2' });
    expect(textOf(then)).toBe(await contextCommand([dir, '--branch', 'main', '--at', 'main@step:2']));
    const resource = await mcp.client.readResource({ uri: 'gcc://context/main' });
    expect((resource.contents[0] as { text: string }).text).toBe(await contextCommand([dir, '--branch', 'main']));
  });

  it('reads a branch file byte for byte, and says the status, search, diff and history as shapes', async () => {
    const log = await mcp.client.readResource({ uri: 'gcc://branches/auth-jwt/log.md' });
    expect((log.contents[0] as { text: string }).text).toBe(readFileSync(join(dir, '.GCC', 'branches', 'auth-jwt', 'log.md'), 'utf8'));
    const status = await call(mcp.client, 'gcc_status');
    const shape = status.structuredContent as { present: boolean; currentBranch: string; branches: { name: string; steps: number }[] };
    expect(shape.present).toBe(true);
    expect(shape.currentBranch).toBe('main');
    expect(shape.branches.map((b) => b.name).sort()).toEqual(['auth-jwt', 'auth-session', 'main']);
    const search = (await call(mcp.client, 'gcc_search', { query: 'jwt' })).structuredContent as { matches: { branch: string }[] };
    expect(search.matches.length).toBeGreaterThan(0);
    const diff = (await call(mcp.client, 'gcc_diff', { branch: 'auth-jwt' })).structuredContent as { head: string; base: string };
    expect(diff).toMatchObject({ head: 'auth-jwt', base: 'main' });
    const history = (await call(mcp.client, 'gcc_history', { branch: 'main', since: 'main@step:1' })).structuredContent as { branches: { name: string; stepsTotal: number }[] };
    const main_ = shape.branches.find((b) => b.name === 'main')!;
    expect(history.branches).toEqual([expect.objectContaining({ name: 'main', stepsTotal: main_.steps - 1 })]);
  });

  it("sends resources/updated for a subscribed log when another writer appends a step", async () => {
    const updated: string[] = [];
    mcp.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await mcp.client.subscribeResource({ uri: 'gcc://branches/main/log.md' });
    const log = join(dir, '.GCC', 'branches', 'main', 'log.md');
    const text = readFileSync(log, 'utf8');
    const last = Number([...text.matchAll(/^### Step (\d+)/gm)].at(-1)?.[1] ?? 0);
    appendFileSync(log, `### Step ${last + 1} — 2026-12-04T10:00:00+00:00\n**Observation:** hand\n\n**Thought:** written\n\n**Action:** by a test\n\n---\n`);
    await expect.poll(() => updated, { timeout: 10_000 }).toContain('gcc://branches/main/log.md');
  });

  it('refuses an unknown resource once, and a subscription to one, naming the branch', async () => {
    const read = mcp.client.readResource({ uri: 'gcc://branches/nope/log.md' });
    await expect(read).rejects.toThrow(/^MCP error -32602: there is no branch "nope" \(branches: .*main.*\)$/);
    await expect(mcp.client.readResource({ uri: 'gcc://nothing' })).rejects.toThrow(/^MCP error -32602: Resource gcc:\/\/nothing not found$/);
    await expect(mcp.client.subscribeResource({ uri: 'gcc://branches/nope/log.md' })).rejects.toThrow(/^MCP error -32602: there is no branch "nope"/);
    await expect(mcp.client.subscribeResource({ uri: 'gcc://branches/main/notes.md' })).rejects.toThrow(/not "notes\.md"/);
    await expect(mcp.client.subscribeResource({ uri: 'gcc://context/nope' })).rejects.toThrow(/no branch "nope"/);
    await expect(mcp.client.subscribeResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/no resource "file:\/\/\/etc\/passwd"/);
    await expect(mcp.client.subscribeResource({ uri: 'gcc://context/auth-jwt' })).resolves.toEqual({});
    await expect(mcp.client.getPrompt({ name: 'merge-review', arguments: { branch: 'nope' } })).rejects.toThrow(/^MCP error -32602: (?!MCP error)/);
  });

  it('fills its prompts from the memory: resume, commit, merge-review', async () => {
    const resume = await mcp.client.getPrompt({ name: 'resume', arguments: { branch: 'auth-jwt', k: '2' } });
    const text = (m: (typeof resume.messages)[number]) => (m.content.type === 'text' ? m.content.text : '');
    expect(text(resume.messages[0]!)).toContain(await contextCommand([dir, '--branch', 'auth-jwt', '--k', '2']));
    expect(text(resume.messages[0]!)).toMatch(/gcc_log/);
    const commit = await mcp.client.getPrompt({ name: 'commit', arguments: { branch: 'main' } });
    expect(text(commit.messages[0]!)).toMatch(/gcc_commit/);
    const review = await mcp.client.getPrompt({ name: 'merge-review', arguments: { branch: 'auth-session' } });
    expect(text(review.messages[0]!)).toMatch(/Branch "auth-session" compared with "main"/);
    await expect(mcp.client.getPrompt({ name: 'merge-review', arguments: { branch: 'nope' } })).rejects.toThrow(/no branch "nope"/);
  });

  it('answers a bad argument with a tool error of one sentence', async () => {
    const unknown = await call(mcp.client, 'gcc_context', { branch: 'no-such' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^There is no branch "no-such" \(branches: .*\)\.$/);
    const slash = await call(mcp.client, 'gcc_diff', { branch: 'a/b' });
    expect(textOf(slash)).toMatch(/path separator/);
    const badK = await call(mcp.client, 'gcc_context', { k: 0 });
    expect(badK.isError).toBe(true);
    expect(textOf(badK)).toMatch(/k must be at least 1/);
  });

  it('logs a step given only an observation, the other fields empty, and opens a branch named in ASCII', async () => {
    const logged = await call(mcp.client, 'gcc_log', { observation: 'only an observation', branch: 'auth-session' });
    expect(logged.isError, textOf(logged)).toBeFalsy();
    const log = readFileSync(join(dir, '.GCC', 'branches', 'auth-session', 'log.md'), 'utf8');
    expect(log).toMatch(/\*\*Observation:\*\* only an observation\n\n\*\*Thought:\*\* \n\n\*\*Action:\*\* \n\n---\n$/);
    const opened = await call(mcp.client, 'gcc_branch', { name: 'try_v1.2-b', purpose: 'a dotted name', from: 'main' });
    expect(opened.isError, textOf(opened)).toBeFalsy();
    expect((await call(mcp.client, 'gcc_switch', { name: 'main' })).isError).toBeFalsy();
  });

  it('writes nothing but MCP frames on stdout (logs go to stderr)', async () => {
    expect(mcp.stderr()).toContain('serving');
    // A raw process, its stdout read as it is: every line one JSON-RPC message.
    const child = spawn(process.execPath, ['--import', TSX, ENTRY, 'mcp', dir], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'gcc_context', arguments: { branch: 'main' } } });
    send({ id: 3, method: 'tools/call', params: { name: 'gcc_log', arguments: { observation: 'raw', thought: 'raw', action: 'raw' } } });
    send({ id: 4, method: 'resources/read', params: { uri: 'gcc://main.md' } });
    await expect.poll(() => out.split('\n').filter(Boolean).length, { timeout: 15_000 }).toBe(4);
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    const lines = out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { jsonrpc: string; id: number });
    expect(lines.map((m) => [m.jsonrpc, m.id]).sort((x, y) => Number(x[1]) - Number(y[1]))).toEqual([['2.0', 1], ['2.0', 2], ['2.0', 3], ['2.0', 4]]);
  });
});
