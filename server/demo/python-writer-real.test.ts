// The demo's port of Contexa's Python writer against the real one: the same operations, clock and ids must leave the
// same bytes in every file.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { deterministicClock, runRealPython, type PythonOp } from '../test-support/real-contexa.ts';
import { PythonGccWriter } from './python-writer.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

type ScenarioOp = PythonOp & { o?: string; t?: string; a?: string };

/** The corpus's ops in the real writer's terms: a branch switches to it; a merge merges into main. */
function opsOf(file: string): ScenarioOp[] {
  return (JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as { ops: ScenarioOp[] }).ops;
}

function replayWithPort(gccDir: string, ops: readonly ScenarioOp[]): void {
  let writer: PythonGccWriter | null = null;
  let current = 'main';
  for (const op of ops) {
    if (op.op === 'init') writer = PythonGccWriter.init(gccDir, op.roadmap, deterministicClock());
    else if (!writer) throw new Error('init first');
    else if (op.op === 'log') writer.logStep(current, { observation: op.o, thought: op.t, action: op.a });
    else if (op.op === 'commit') writer.commit(current, op.c, op.roadmap);
    else if (op.op === 'branch') {
      writer.createBranch(op.name, op.purpose, current);
      current = op.name;
    } else if (op.op === 'merge') {
      writer.merge(op.name, 'main');
      current = 'main';
    } else if (op.op === 'update_roadmap') writer.updateRoadmap(op.content);
    else if (op.op === 'switch') current = op.name;
  }
}

function filesUnder(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name !== '.lock') out.set(relative(dir, full), readFileSync(full));
    }
  };
  walk(dir);
  return out;
}

describe.each(['scenario.json', 'edge.json'])('the TypeScript port writes what the real Python writer writes: %s', (file) => {
  it('every file, byte for byte', () => {
    const ops = opsOf(file);
    const real = mkdtempSync(join(tmpdir(), 'gcc-real-writer-'));
    const port = mkdtempSync(join(tmpdir(), 'gcc-port-writer-'));
    made.push(real, port);
    runRealPython(real, ops, [], { deterministic: true });
    replayWithPort(join(port, '.GCC'), ops);
    const want = filesUnder(join(real, '.GCC'));
    const got = filesUnder(join(port, '.GCC'));
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [path, bytes] of want) expect(got.get(path)?.toString('utf8'), path).toBe(bytes.toString('utf8'));
    expect(want.size).toBeGreaterThan(6);
  });
});
