// An agent's MCP client (the built `gcc-studio mcp`, spawned over stdio as Claude Code spawns it) writes steps and a
// commit while the page is open: they appear live like any other writer's, each marked with the client's name.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, openStudio, stepCards, test } from './fixtures.ts';
import { expectAccessible } from './helpers/axe.ts';
import { REPO } from './helpers/studio.ts';

async function agent(dir: string, name: string): Promise<Client> {
  const bin = process.env.GCC_STUDIO_BIN ?? join(REPO, 'bin', 'gcc-studio.js');
  const client = new Client({ name, version: '2.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', dir], stderr: 'ignore' }));
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result;
}

test("an MCP client's steps and commit appear live, marked with the client's name", async ({ page, studio }) => {
  await openStudio(page, studio.url);
  const client = await agent(studio.dir, 'claude-code');
  try {
    await tool(client, 'gcc_log', { observation: 'Read the failing test through MCP', thought: 'The fixture is stale.', action: 'regenerate it' });
    const card = stepCards(page, 'Read the failing test through MCP');
    await expect(card).toBeVisible();
    const mark = card.getByTestId('author-mark');
    await expect(mark).toHaveText('via claude-code');
    await expect(mark).toHaveAttribute('title', /claude-code/);
    await expectAccessible(page, 'a step marked with its MCP client');

    // A step by another writer (Contexa's real Python writer) carries no mark.
    await studio.python().logStep('main', { observation: 'Written by Contexa itself', thought: 't', action: 'a' });
    await expect(stepCards(page, 'Written by Contexa itself')).toBeVisible();
    await expect(stepCards(page, 'Written by Contexa itself').getByTestId('author-mark')).toHaveCount(0);

    await tool(client, 'gcc_commit', { contribution: 'Regenerated the stale fixture through MCP' });
    await page.getByRole('tab', { name: /Commits/ }).click();
    const commit = page.getByTestId('commit-card').filter({ hasText: 'Regenerated the stale fixture through MCP' });
    await expect(commit.getByTestId('author-mark')).toHaveText('via claude-code');
  } finally {
    await client.close();
  }
});
