// The corpus scenarios written through the MemoryWriter against the same scenarios written by Contexa's real Python and
// TypeScript writers: every file byte for byte (timestamps and commit ids aside), and the real readers' CONTEXT of ours
// equal to their CONTEXT of their own.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import type { AgentDialect } from '../../shared/gcc/write/agent-records.ts';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { peerContexts } from '../test-support/contexa-peers.ts';
import { runRealPython, type PythonOp } from '../test-support/real-contexa.ts';
import { runRealTypeScript } from '../test-support/real-contexa-ts.ts';
import { createMemoryWriter } from './agent-writes.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

type Op = Exclude<PythonOp, { op: 'update_roadmap' }>;

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

/** A corpus scenario's operations; Python's standalone update_roadmap is left out (no other writer has it). */
function corpusOps(file: string): Op[] {
  const ops = (JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as { ops: PythonOp[] }).ops;
  return ops.filter((op): op is Op => op.op !== 'update_roadmap');
}

const SCENARIOS: [string, Op[]][] = [
  ['scenario.json', corpusOps('scenario.json')],
  ['edge.json', corpusOps('edge.json')],
  ['look-alike values', LOOKALIKES],
];

/** The scenario through the MemoryWriter, with the current branch the real writers keep (branch switches to it). */
async function writeThroughLayer(dir: string, ops: readonly Op[], dialect: AgentDialect): Promise<void> {
  const gccDir = join(dir, '.GCC');
  const store = createStore({ gccDir, root: dir, readOnly: false, bus: createEventBus() });
  await store.load();
  const writer = createMemoryWriter({ gccDir, store, readOnly: false, newWorkspaceDialect: dialect });
  let current = 'main';
  for (const op of ops) {
    if (op.op === 'init') await writer.init({ goal: op.roadmap }, 'test');
    else if (op.op === 'log') await writer.log({ branch: current, observation: op.o, thought: op.t, action: op.a }, 'test');
    else if (op.op === 'commit') await writer.commit({ branch: current, contribution: op.c, roadmapUpdate: op.roadmap ?? null }, 'test');
    else if (op.op === 'branch') {
      await writer.branch({ name: op.name, purpose: op.purpose, from: current }, 'test');
      current = op.name;
    } else if (op.op === 'switch') current = op.name;
    else {
      await writer.merge({ branch: op.name, target: 'main' }, 'test');
      current = 'main';
    }
  }
}

const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|\+00:00)/g;
/** Timestamps and commit ids aside: the only bytes two runs of the same writer may differ in. */
const normalized = (text: string): string => text.replace(TIMESTAMP, '<ts>').replace(/## Commit `[0-9a-f]{8}`/g, '## Commit `<id>`');

function filesUnder(gccDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name !== '.lock') out.set(relative(gccDir, full), normalized(readFileSync(full, 'utf8')));
    }
  };
  walk(gccDir);
  return out;
}

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
