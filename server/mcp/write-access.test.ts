// A server that writes nothing does not offer its write tools, and says so: over stdio with --read-only, on a Contexa
// Zig workspace, and when a Zig workspace appears while the session runs (tools/list_changed).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CORPUS } from '../../fixtures/corpus.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { call, stdioClient, textOf, type TestClient } from './test-client.ts';

const WRITE_TOOLS = ['gcc_branch', 'gcc_commit', 'gcc_init', 'gcc_log', 'gcc_merge'];
const READ_TOOLS = ['gcc_context', 'gcc_diff', 'gcc_history', 'gcc_search', 'gcc_status', 'gcc_switch'];

async function toolNames(mcp: TestClient): Promise<string[]> {
  return (await mcp.client.listTools()).tools.map((t) => t.name).sort();
}

async function withClient(args: string[], check: (mcp: TestClient) => Promise<void>): Promise<void> {
  const mcp = await stdioClient(args);
  try {
    await check(mcp);
  } finally {
    await mcp.close();
  }
}

describe('write tools on a server that writes nothing', () => {
  afterAll(() => removeTempCorpusCopies());

  it('--read-only: lists only the read tools, its instructions say it only reads, a write call says why', async () => {
    const { dir } = tempCorpusCopy('python');
    await withClient([dir, '--read-only'], async (mcp) => {
      expect(await toolNames(mcp)).toEqual(READ_TOOLS);
      const instructions = mcp.client.getInstructions() ?? '';
      expect(instructions).toMatch(/only reads it: gcc-studio runs with --read-only/);
      expect(instructions).not.toMatch(/gcc_log/);
      const result = await call(mcp.client, 'gcc_log', { observation: 'o' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        'gcc-studio runs with --read-only: it writes nothing to the workspace; so gcc_log is not offered here, and the read tools (gcc_status, gcc_context, gcc_search, gcc_diff, gcc_history) still answer.',
      );
      const resume = await mcp.client.getPrompt({ name: 'resume', arguments: { branch: 'main' } });
      expect(resume.messages[0]!.content).toMatchObject({ text: expect.not.stringMatching(/gcc_log/) });
      // No prompt asks for a write the server does not offer; each says why.
      const commit = await mcp.client.getPrompt({ name: 'commit', arguments: { branch: 'main' } });
      const review = await mcp.client.getPrompt({ name: 'merge-review', arguments: { branch: 'auth-session' } });
      for (const prompt of [commit, review]) {
        const text = (prompt.messages[0]!.content as { text: string }).text;
        expect(text).not.toMatch(/gcc_commit|gcc_merge/);
        expect(text).toMatch(/This server only reads the memory here \(gcc-studio runs with --read-only: it writes nothing to the workspace\)/);
      }
    });
  });

  it('a Contexa Zig workspace: no write tools, instructions and a write call say gcc-studio does not write Zig', async () => {
    const { dir } = tempCorpusCopy('zig');
    await withClient([dir], async (mcp) => {
      expect(await toolNames(mcp)).toEqual(READ_TOOLS);
      expect(mcp.client.getInstructions()).toMatch(/only reads it: This workspace is written by Contexa Zig, and gcc-studio does not write agent records/);
      const result = await call(mcp.client, 'gcc_commit', { contribution: 'c' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^This workspace is written by Contexa Zig.*; so gcc_commit is not offered here/);
      expect((await call(mcp.client, 'gcc_status')).isError).toBeFalsy();
    });
  });

  it('a Zig workspace that appears while the session runs: the write tools go, with tools/list_changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-mcp-zig-later-'));
    try {
      await withClient([dir], async (mcp) => {
        expect(await toolNames(mcp)).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
        let changed = 0;
        mcp.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
        cpSync(join(CORPUS, 'zig', '.GCC'), join(dir, '.GCC'), { recursive: true });
        await expect.poll(() => changed, { timeout: 15_000 }).toBeGreaterThan(0);
        await expect.poll(() => toolNames(mcp), { timeout: 15_000 }).toEqual(READ_TOOLS);
        expect(textOf(await call(mcp.client, 'gcc_log', { observation: 'o' }))).toMatch(/Contexa Zig.*gcc_log is not offered/);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
