// The corpus scenarios written through the MemoryWriter against the same scenarios written by Contexa's real Python and
// TypeScript writers: every file byte for byte (timestamps and commit ids aside), and the real readers' CONTEXT of ours
// equal to their CONTEXT of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { corpusOps, expectAsTheRealWriter, writeThroughLayer, type Op } from '../test-support/agent-scenario.ts';
import { LOOKALIKE_OPS } from '../test-support/lookalike-ops.ts';
import { runRealPython } from '../test-support/real-contexa.ts';
import { runRealTypeScript } from '../test-support/real-contexa-ts.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};


/** Values that look like structure, then a step after the action-only one (TypeScript's reader dropped it: its number). */
const LOOKALIKES: Op[] = [
  ...LOOKALIKE_OPS.filter((op): op is Op => op.op !== 'update_roadmap'),
  { op: 'log', o: 'after the action-only step and the merge', t: 'its number differs by reader', a: 'y' },
];

const SCENARIOS: [string, Op[]][] = [
  ['scenario.json', corpusOps('scenario.json')],
  ['edge.json', corpusOps('edge.json')],
  ['look-alike values', LOOKALIKES],
];

describe.each(['python', 'typescript'] as const)('the MemoryWriter writes what the real %s writer writes', (dialect) => {
  it.each(SCENARIOS)('%s: every file, byte for byte, and CONTEXT as the real reader returns it', async (_name, ops) => {
    const real = tempDir('gcc-real-writer-');
    const ours = tempDir('gcc-layer-writer-');
    if (dialect === 'python') runRealPython(real, ops);
    else runRealTypeScript(real, ops);
    await writeThroughLayer(ours, ops, dialect);

    await expectAsTheRealWriter(real, ours, ops, dialect);
  });
});
