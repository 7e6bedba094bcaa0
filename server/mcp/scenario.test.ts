// The corpus scenario (init, steps, commits, branch, switch, merge) through the MCP tools over stdio, as an agent's
// client calls them, against the same scenario written by Contexa's real Python and TypeScript writers: every file
// byte for byte (timestamps and commit ids aside), and each real reader's CONTEXT of ours equal to its own.
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { corpusOps, expectAsTheRealWriter, type Op } from '../test-support/agent-scenario.ts';
import { runRealPython } from '../test-support/real-contexa.ts';
import { runRealTypeScript } from '../test-support/real-contexa-ts.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { startServer } from '../http/index.ts';
import { call, httpClient, stdioClient, textOf } from './test-client.ts';

const TOKEN = 'mcp-scenario-token';

afterAll(removeTempCorpusCopies);
const tempDir = () => tempCorpusCopy(null).dir;

/**
 * One scenario operation as the agent's tool call; a tool error fails the test with its sentence, but for a value
 * Contexa's readers misread, which is refused as the page's hand edit refuses it: then false.
 */
async function perform(client: Client, op: Op): Promise<boolean> {
  const [name, args] = ((): [string, Record<string, unknown>] => {
    switch (op.op) {
      case 'init':
        return ['gcc_init', { goal: op.roadmap }];
      case 'log':
        return ['gcc_log', { observation: op.o, thought: op.t, action: op.a }];
      case 'commit':
        return ['gcc_commit', { contribution: op.c, ...(op.roadmap ? { roadmap_update: op.roadmap } : {}) }];
      case 'branch':
        return ['gcc_branch', { name: op.name, purpose: op.purpose }];
      case 'switch':
        return ['gcc_switch', { name: op.name }];
      case 'merge':
        return ['gcc_merge', { branch: op.name }];
    }
  })();
  const result = await call(client, name, args);
  if (result.isError && /readers take for .*Refused: put a backslash/.test(textOf(result))) return false;
  if (result.isError) throw new Error(`${name}: ${textOf(result)}`);
  return true;
}

describe.each(['python', 'typescript'] as const)('the corpus scenario through MCP tools in %s', (dialect) => {
  // edge.json's values the readers misread: `---` twice in a row, `Title---`, a `### Step 99` line, a last `---` line.
  it.each([
    ['scenario.json', []],
    ['edge.json', ['YAML front matter:', 'heading underline', 'fake header follows', 'trailing separator line']],
  ])('%s: the real writer’s bytes, read by the real reader as its own', async (file, refusedSteps) => {
    const ops = corpusOps(file);
    const real = tempDir();
    const ours = tempDir();
    const written: Op[] = [];
    const refused: Op[] = [];
    const mcp = await stdioClient([ours, '--dialect', dialect], 'scenario-agent');
    try {
      // No .GCC/ yet: every tool but gcc_init says to call it first.
      const before = await call(mcp.client, 'gcc_log', { observation: 'o', thought: 't', action: 'a' });
      expect(before.isError).toBe(true);
      expect(textOf(before)).toMatch(/gcc_init/);
      for (const op of ops) ((await perform(mcp.client, op)) ? written : refused).push(op);
    } finally {
      await mcp.close();
    }
    expect(refused.map((op) => (op.op === 'log' ? op.o.split('\n')[0] : op.op))).toEqual(refusedSteps);

    // The real writer is given what the tools wrote: the same bytes, and what its reader makes of them.
    if (dialect === 'python') runRealPython(real, written);
    else runRealTypeScript(real, written);
    await expectAsTheRealWriter(real, ours, written, dialect);
  }, 60_000);
});

describe('the corpus scenario through /api/mcp on a running dashboard', () => {
  it('scenario.json in python: the real writer’s bytes, read by the real reader as its own', async () => {
    const ops = corpusOps('scenario.json');
    const real = tempDir();
    const ours = tempDir();
    runRealPython(real, ops);
    // A dashboard started on a folder with no .GCC/ yet: the agent's gcc_init creates it.
    const server = await startServer({ dir: ours, port: 0, open: false, token: TOKEN, log: () => {}, warn: () => {} });
    try {
      const mcp = await httpClient(`http://127.0.0.1:${server.port}/api/mcp`, { authorization: `Bearer ${TOKEN}` }, 'scenario-agent');
      try {
        for (const op of ops) expect(await perform(mcp.client, op), JSON.stringify(op)).toBe(true);
      } finally {
        await mcp.close();
      }
    } finally {
      await server.close();
    }
    await expectAsTheRealWriter(real, ours, ops, 'python');
  }, 60_000);
});
