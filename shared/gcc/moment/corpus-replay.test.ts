// The memory at each operation of every corpus scenario, computed from the final folder, against the folder as it stood
// then (op-copies.ts): equal, or different only where the memory says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTEXT_DIALECTS, type ContextDialect, type Dialect } from '../../types.ts';
import { CORPUS } from '../test-support/corpus.ts';
import { contextOf, differingFiles, unexplainedDifferences } from '../test-support/memory-compare.ts';
import { opCopies } from '../test-support/op-copies.ts';
import type { ScenarioOp } from '../test-support/replay-scenario.ts';
import { readFolder } from '../test-support/read-folder.ts';
import { workspaceNow } from '../test-support/workspace-now.ts';
import { ContextAtCache } from './context-at.ts';
import { WorkspaceTimeline } from './memory-at.ts';

const scenario = JSON.parse(readFileSync(join(CORPUS, 'scenario.json'), 'utf8')) as { ops: ScenarioOp[] };
const WRITERS: Dialect[] = ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'];

describe.each(WRITERS)('the memory at every operation of the %s corpus workspace', (dialect) => {
  const oplog = JSON.parse(readFileSync(join(CORPUS, dialect, 'oplog.json'), 'utf8')) as { ok: boolean; error?: string }[];
  // Zig's commit with a roadmap "fails" after writing the commit: it happened on disk.
  const ok = oplog.map((o) => o.ok || /commit written/.test(o.error ?? ''));
  const final = readFolder(join(CORPUS, dialect, '.GCC'));
  const timeline = new WorkspaceTimeline();
  timeline.sync(workspaceNow(final, dialect));
  const contexts = new ContextAtCache();
  const copies = opCopies(final, dialect, scenario.ops, ok).filter((c) => c.moment !== null);

  it.each(copies.map((c) => [c.index, c.op.op, c.moment!, c] as const))('op %i (%s) at %s', (_i, _op, moment, copy) => {
    const memory = timeline.at(moment);
    const real = workspaceNow(copy.files, dialect);
    expect(unexplainedDifferences(memory, real)).toEqual([]);
    const differing = differingFiles(memory, real);
    // The only inexact part of the corpus: the block Python's update_roadmap appends to main.md without a time.
    expect(differing.filter((f) => f !== 'main.md')).toEqual([]);
    expect(memory.reasons.filter((r) => !/^main\.md: the part at line \d+ has no time of its own/.test(r))).toEqual([]);
    if (dialect !== 'python') expect(memory.reasons).toEqual([]);
    if (!(CONTEXT_DIALECTS as readonly string[]).includes(dialect)) return;
    for (const b of real.branches) {
      if (differing.some((f) => f === 'main.md' || f.startsWith(`branches/${b.name}/`))) continue;
      for (const k of [1, 2, 3]) {
        const expected = contextOf(real, b.name, k, dialect as ContextDialect);
        expect(contextOf(memory, b.name, k, dialect as ContextDialect)).toBe(expected);
        // The server's way: running totals over the log as it is now, and the last steps of the cut.
        const at = memory.branches.find((x) => x.name === b.name)!;
        const now = timeline.now.branches.find((x) => x.name === b.name)!;
        expect(contexts.text(b.name, memory.roadmap, now.steps, at, k, dialect as ContextDialect)).toBe(expected);
      }
    }
  });
});
