// The corpus scenarios written through the MemoryWriter against the same scenarios written by Contexa's real Python and
// TypeScript writers: every file byte for byte (timestamps and commit ids aside), and the real readers' CONTEXT of ours
// equal to their CONTEXT of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusOps, expectAsTheRealWriter, writeThroughLayer, type Op } from '../test-support/agent-scenario.ts';
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


/** Values that look like structure (a `---` line, a `### Step` line, an action-only step): they decide the numbers. */
const LOOKALIKES: Op[] = [
  { op: 'init', roadmap: 'Roadmap\n## Commit `cafebabe`\nnot a commit' },
  { op: 'log', o: 'plain', t: 'plan:\n### Steps taken\n1. read', a: 'run' },
  { op: 'log', o: 'label inside\n**Action:** not the action', t: 'a `---` line:\n---\nafter', a: 'x' },
  { op: 'commit', c: 'did it\n## Commit `deadbeef`\nthe rest is cut' },
  { op: 'log', o: '', t: '', a: 'action only' },
  { op: 'log', o: 'after the action-only step', t: 'its number differs by reader', a: 'y' },
  { op: 'commit', c: 'second\n## Commit notes\nPython drops this commit' },
  { op: 'branch', name: 'side', purpose: 'try: a purpose with a colon' },
  { op: 'log', o: 'side step\n### Step 7 — fake', t: 't', a: 'a' },
  { op: 'commit', c: 'side work' },
  { op: 'switch', name: 'main' },
  { op: 'merge', name: 'side' },
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
