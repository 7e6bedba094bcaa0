// Every bad argument an agent can send answers a tool error of one sentence, writes nothing (the folder's bytes, the
// authors file included, are the same after) and leaves the server answering.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
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

const FIFTY_MB = 'x'.repeat(50 * 1024 * 1024);
const STEP = { observation: 'o', thought: 't', action: 'a' };

/** [what, tool, arguments, what the sentence says] */
export const BAD_INPUTS: [string, string, Record<string, unknown>, RegExp][] = [
  ['a branch name with /', 'gcc_branch', { name: 'a/b', purpose: 'p' }, /separator/],
  ['a branch name ..', 'gcc_branch', { name: '..', purpose: 'p' }, /\.\./],
  ['a branch name with .. inside', 'gcc_branch', { name: 'a..b', purpose: 'p' }, /\.\./],
  ['a control character', 'gcc_branch', { name: 'a\u0007b', purpose: 'p' }, /control character/],
  ['a branch that exists', 'gcc_branch', { name: 'auth-jwt', purpose: 'p' }, /exists/],
  ['an empty step', 'gcc_log', { observation: ' ', thought: '', action: '\n' }, /empty/],
  ['a 50 MB field', 'gcc_log', { ...STEP, observation: FIFTY_MB }, /1 MiB/],
  ['an unknown branch', 'gcc_log', { ...STEP, branch: 'no-such-branch' }, /no-such-branch/],
  ['a step on a branch name with /', 'gcc_log', { ...STEP, branch: '../main' }, /separator|\.\./],
  ['an empty commit', 'gcc_commit', { contribution: '   ' }, /empty/],
  ['a merge of a merged branch', 'gcc_merge', { branch: 'auth-jwt' }, /merged/],
  ['a merge into an unknown branch', 'gcc_merge', { branch: 'auth-session', target: 'nowhere' }, /nowhere/],
  ['a second init', 'gcc_init', { goal: 'again' }, /exists|already/],
  ['a field of the wrong type', 'gcc_log', { observation: 42, thought: 't', action: 'a' }, /observation must be a string/],
  ['a missing field', 'gcc_commit', {}, /contribution must be a string/],
  ['a k of 0', 'gcc_context', { k: 0 }, /k must be at least 1/],
  ['a moment that names nothing', 'gcc_context', { at: 'main@step:9999' }, /step/],
  ['a switch to an unknown branch', 'gcc_switch', { name: 'nope' }, /no branch "nope"/],
  ['a diff of an unknown branch', 'gcc_diff', { branch: 'nope' }, /no branch "nope"/],
];

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
    expect(tree(dir)).toEqual(before);
    // The server still answers.
    expect((await call(mcp.client, 'gcc_status')).isError).toBeFalsy();
  });

  it('a read-only server refuses every write tool', async () => {
    const ro = await stdioClient([dir, '--read-only']);
    try {
      const before = tree(dir);
      for (const [tool, args] of [['gcc_log', STEP], ['gcc_commit', { contribution: 'c' }], ['gcc_branch', { name: 'x', purpose: 'p' }], ['gcc_merge', { branch: 'auth-session' }]] as const) {
        const result = await call(ro.client, tool, args);
        expect(result.isError, tool).toBe(true);
        expect(textOf(result)).toMatch(/read-only/);
      }
      expect(tree(dir)).toEqual(before);
    } finally {
      await ro.close();
    }
  });
});
