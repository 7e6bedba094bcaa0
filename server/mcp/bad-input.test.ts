// Every bad argument an agent can send answers a tool error of one sentence, writes nothing (the folder's bytes, the
// authors file included, are the same after) and leaves the server answering.
import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { BAD_INPUTS, STEP } from '../test-support/mcp-bad-inputs.ts';
import { call, stdioClient, textOf, type TestClient } from './test-client.ts';

/** Every file under `dir` with its bytes. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full).toString('base64'));
    }
  };
  walk(dir);
  return out;
}

describe('bad input to the MCP tools', () => {
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

  it.each(BAD_INPUTS)('%s: a tool error of one sentence, nothing written', async (_what, tool, args, says) => {
    const before = tree(dir);
    const result = await call(mcp.client, tool, args);
    expect(result.isError, textOf(result)).toBe(true);
    const sentence = textOf(result);
    expect(sentence).toMatch(says);
    expect(sentence.length).toBeLessThan(400);
    expect(sentence).not.toMatch(/\n|MCP error/);
    expect(tree(dir)).toEqual(before);
    // The server still answers.
    expect((await call(mcp.client, 'gcc_status')).isError).toBeFalsy();
  });

  it('a merged branch: shown merged, refused as a merge target (dry run), and the current branch stays', async () => {
    const status = (await call(mcp.client, 'gcc_status')).structuredContent as { branches: { name: string; merged: boolean }[] };
    expect(Object.fromEntries(status.branches.map((b) => [b.name, b.merged]))).toEqual({ main: false, 'auth-jwt': true, 'auth-session': false });
    const preview = (await call(mcp.client, 'gcc_merge', { branch: 'auth-session', target: 'auth-jwt', dry_run: true })).structuredContent as { blockers: string[] };
    expect(preview.blockers).toEqual([expect.stringMatching(/`auth-jwt` was merged into `main`/)]);
    await call(mcp.client, 'gcc_merge', { branch: 'auth-session', target: 'auth-jwt' });
    expect((await call(mcp.client, 'gcc_status')).structuredContent).toMatchObject({ currentBranch: 'main' });
    const switched = await call(mcp.client, 'gcc_switch', { name: 'auth-jwt' });
    expect(textOf(switched)).toMatch(/merged into "main": gcc_log and gcc_commit refuse/);
    const before = tree(dir);
    const logged = await call(mcp.client, 'gcc_log', { observation: 'after the merge' });
    expect(textOf(logged)).toMatch(/^`auth-jwt` was merged/);
    expect(tree(dir)).toEqual(before);
    await call(mcp.client, 'gcc_switch', { name: 'main' });
  });

  it('a read-only file: a tool error that starts with its path as written', async () => {
    const log = join(dir, '.GCC', 'branches', 'main', 'log.md');
    chmodSync(log, 0o444);
    try {
      const before = tree(dir);
      const result = await call(mcp.client, 'gcc_log', { ...STEP, branch: 'main' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^branches\/main\/log\.md is read-only \(mode /);
      expect(tree(dir)).toEqual(before);
    } finally {
      chmodSync(log, 0o644);
    }
  });

  it('a read-only server refuses every write tool', async () => {
    const ro = await stdioClient([dir, '--read-only']);
    try {
      const before = tree(dir);
      for (const [tool, args] of [['gcc_log', STEP], ['gcc_commit', { contribution: 'c' }], ['gcc_branch', { name: 'x', purpose: 'p' }], ['gcc_merge', { branch: 'auth-session' }]] as const) {
        const result = await call(ro.client, tool, args);
        expect(result.isError, tool).toBe(true);
        // The product's name keeps its case at the start of the sentence.
        expect(textOf(result)).toMatch(/^gcc-studio (runs|was started) with --read-only/);
      }
      expect(tree(dir)).toEqual(before);
    } finally {
      await ro.close();
    }
  });
});
