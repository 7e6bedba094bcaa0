// Test support only: a scenario of agent operations (the corpus's, or a list) written through the MemoryWriter, and the
// files of a .GCC/ with timestamps and commit ids aside, to compare with what a real writer left.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { expect } from 'vitest';
import { join, relative } from 'node:path';
import { CORPUS } from '../../fixtures/corpus.ts';
import type { AgentDialect } from '../../shared/gcc/write/agent-records.ts';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { createMemoryWriter } from '../write/agent-writes.ts';
import type { PythonOp } from './real-contexa.ts';
import { peerContexts } from './contexa-peers.ts';

export type Op = Exclude<PythonOp, { op: 'update_roadmap' }>;

/** A corpus scenario's operations; Python's standalone update_roadmap is left out (no other writer has it). */
export function corpusOps(file: string): Op[] {
  const ops = (JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as { ops: PythonOp[] }).ops;
  return ops.filter((op): op is Op => op.op !== 'update_roadmap');
}

/** The scenario through the MemoryWriter, with the current branch the real writers keep (branch switches to it). */
export async function writeThroughLayer(dir: string, ops: readonly Op[], dialect: AgentDialect): Promise<void> {
  const gccDir = join(dir, '.GCC');
  const store = createStore({ gccDir, root: dir, readOnly: false, bus: createEventBus() });
  await store.load();
  // The scenarios hold values the readers misread on purpose: written as Contexa writes them, to compare the bytes.
  const writer = createMemoryWriter({ gccDir, store, readOnly: false, newWorkspaceDialect: dialect, writeMisreadValues: true });
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

export const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|\+00:00)/g;
/** Timestamps and commit ids aside: the only bytes two runs of the same writer may differ in. */
export const normalized = (text: string): string => text.replace(TIMESTAMP, '<ts>').replace(/## Commit `[0-9a-f]{8}`/g, '## Commit `<id>`');

/** Each file's bytes (as latin1, so bytes that are not UTF-8 compare exactly), timestamps and commit ids aside. */
export function filesUnder(gccDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name !== '.lock') out.set(relative(gccDir, full), normalized(readFileSync(full, 'latin1')));
    }
  };
  walk(gccDir);
  return out;
}

const branchesOf = (ops: readonly Op[]): string[] => ['main', ...ops.flatMap((op) => (op.op === 'branch' ? [op.name] : []))];

/** `ours` holds what `real` holds, file by file (timestamps and commit ids aside), and the real reader reads ours as its own. */
export async function expectAsTheRealWriter(real: string, ours: string, ops: readonly Op[], dialect: 'python' | 'typescript'): Promise<void> {
  const want = filesUnder(join(real, '.GCC'));
  const got = filesUnder(join(ours, '.GCC'));
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [path, text] of want) expect(got.get(path), path).toBe(text);
  const jobs = branchesOf(ops).flatMap((branch) => [real, ours].map((dir) => ({ dir, branch, k: 2 })));
  const answers = await peerContexts(dialect, jobs);
  for (let i = 0; i < answers.length; i += 2) {
    const [theirs, mine] = [answers[i]!, answers[i + 1]!];
    if ('error' in theirs || 'error' in mine) throw new Error(JSON.stringify({ theirs, mine }));
    expect(normalized(mine.text), jobs[i]!.branch).toBe(normalized(theirs.text));
    expect(mine.steps).toBe(theirs.steps);
  }
}
