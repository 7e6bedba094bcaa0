// The corpus scenarios written through the MemoryWriter against the same scenarios written by Contexa's real Python and
// TypeScript writers: every file byte for byte (timestamps and commit ids aside), and the real readers' CONTEXT of ours
// equal to their CONTEXT of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusOps, filesUnder, normalized, writeThroughLayer, type Op } from '../test-support/agent-scenario.ts';
import { peerContexts } from '../test-support/contexa-peers.ts';
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

const branchesOf = (ops: readonly Op[]): string[] => ['main', ...ops.flatMap((op) => (op.op === 'branch' ? [op.name] : []))];

describe.each(['python', 'typescript'] as const)('the MemoryWriter writes what the real %s writer writes', (dialect) => {
  it.each(SCENARIOS)('%s: every file, byte for byte, and CONTEXT as the real reader returns it', async (_name, ops) => {
    const real = tempDir('gcc-real-writer-');
    const ours = tempDir('gcc-layer-writer-');
    if (dialect === 'python') runRealPython(real, ops);
    else runRealTypeScript(real, ops);
    await writeThroughLayer(ours, ops, dialect);

    const want = filesUnder(join(real, '.GCC'));
    const got = filesUnder(join(ours, '.GCC'));
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [path, text] of want) expect(got.get(path), path).toBe(text);

    // The real reader reads ours as its own: the same CONTEXT, for every branch.
    const jobs = branchesOf(ops).flatMap((branch) => [real, ours].map((dir) => ({ dir, branch, k: 2 })));
    const answers = await peerContexts(dialect, jobs);
    for (let i = 0; i < answers.length; i += 2) {
      const [theirs, mine] = [answers[i]!, answers[i + 1]!];
      if ('error' in theirs || 'error' in mine) throw new Error(JSON.stringify({ theirs, mine }));
      expect(normalized(mine.text), jobs[i]!.branch).toBe(normalized(theirs.text));
      expect(mine.steps).toBe(theirs.steps);
    }
  });
});
