// `gcc-studio context` against the real Python Contexa's summary() on values that look like structure: Contexa's readers
// misread them, and CONTEXT must be exactly that misreading, byte for byte.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main, EXIT_OK } from './main.ts';
import { LOOKALIKE_OPS } from '../test-support/lookalike-ops.ts';
import { runRealPython } from '../test-support/real-contexa.ts';

const dir = mkdtempSync(join(tmpdir(), 'gcc-real-python-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPS = LOOKALIKE_OPS;
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
