// `gcc-studio context` against the real Python Contexa's summary() on values that look like structure: Contexa's readers
// misread them, and CONTEXT must be exactly that misreading, byte for byte.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main, EXIT_OK } from './main.ts';
import { runRealPython, type PythonOp } from '../test-support/real-contexa.ts';

const dir = mkdtempSync(join(tmpdir(), 'gcc-real-python-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPS: PythonOp[] = [
  { op: 'init', roadmap: 'Roadmap\n## Commit `cafebabe`\nnot a commit' },
  { op: 'log', o: 'plain', t: 'plan:\n### Steps taken\n1. read', a: 'run' },
  { op: 'log', o: 'label inside\n**Action:** not the action', t: 'a `---` line:\n---\nafter', a: 'x' },
  { op: 'commit', c: 'did it\n## Commit `deadbeef`\nthe rest is cut' },
  { op: 'log', o: '', t: '', a: 'action only' },
  { op: 'commit', c: 'second\n## Commit notes\nPython drops this commit' },
  { op: 'branch', name: 'side', purpose: 'try: a purpose with a colon' },
  { op: 'log', o: 'side step\n### Step 7 — fake', t: 't', a: 'a' },
  { op: 'commit', c: 'side work' },
  { op: 'switch', name: 'main' },
  { op: 'merge', name: 'side' },
];
const CONTEXTS: [string, number][] = [['main', 1], ['main', 2], ['main', 9], ['side', 1]];

async function context(branch: string, k: number): Promise<{ code: number; bytes: Buffer; err: string[] }> {
  const chunks: Buffer[] = [];
  const err: string[] = [];
  const code = await main(['context', dir, '--branch', branch, '--k', String(k), '--dialect', 'python'], { out: (t) => chunks.push(Buffer.from(t)), err: (l) => err.push(l) }, {});
  return { code, bytes: Buffer.concat(chunks), err };
}

describe('context against the real Python reader, values that look like structure', () => {
  const real = runRealPython(dir, OPS, CONTEXTS);
  it.each(CONTEXTS)('%s K=%i: byte for byte', async (branch, k) => {
    const want = real.contexts[`${branch}@${k}`]!;
    if (!('bytes' in want)) throw new Error(want.error);
    const got = await context(branch, k);
    expect(got.code).toBe(EXIT_OK);
    if (!got.bytes.equals(want.bytes)) expect(got.bytes.toString('utf8')).toBe(want.bytes.toString('utf8'));
    // The misreading is there: the values did change the parse (otherwise this test proves nothing).
    if (branch === 'main' && k === 9) expect(want.bytes.toString('utf8')).toContain('### Step 0');
  });
});
