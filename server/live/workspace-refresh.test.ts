// One batch of paths processed on its own, over a temp copy of the python corpus: the first read announces nothing,
// then each change to the folder is published once, into the model and the context cache it is given.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudioEvent } from '../../shared/events.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { ContextCache } from '../context/context-cache.ts';
import { createEventBus } from './event-bus.ts';
import { EventGate } from './event-gate.ts';
import { WorkspaceModel } from './workspace-model.ts';
import { processBatch, type RefreshParts } from './workspace-refresh.ts';

afterEach(removeTempCorpusCopies);

/** The python case read by a first batch with the gate shut, then the gate opened. */
async function loaded(): Promise<{ parts: RefreshParts; events: StudioEvent[]; gccDir: string }> {
  const { gccDir } = tempCorpusCopy('python');
  const bus = createEventBus();
  const events: StudioEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const parts: RefreshParts = { gccDir, model: new WorkspaceModel(), contexts: new ContextCache(), gate: new EventGate(bus) };
  await processBatch(parts, new Set(['']));
  parts.gate.open = true;
  return { parts, events, gccDir };
}

const types = (events: StudioEvent[]) => events.map((e) => e.type);

describe('processBatch', () => {
  it('reads a workspace whole with the gate shut: every branch, the roadmap, the .lock evidence, no events', async () => {
    const { parts, events } = await loaded();
    expect(parts.model.present).toBe(true);
    expect(parts.model.sortedBranches().map((b) => b.name)).toEqual(['auth-jwt', 'auth-session', 'main']);
    expect(parts.model.roadmap).toContain('# Project Roadmap');
    expect(parts.model.lockFile).toBe(true);
    expect(events).toEqual([]);
  });

  it('announces a branch folder that appeared, even when only a file in it is named', async () => {
    const { parts, events, gccDir } = await loaded();
    mkdirSync(join(gccDir, 'branches', 'exp'));
    writeFileSync(join(gccDir, 'branches', 'exp', 'log.md'), '### Step 1 — 2026-12-02T14:00:00+00:00\n**Observation:** o\n\n**Thought:** t\n\n**Action:** a\n\n---\n');
    await processBatch(parts, new Set(['branches/exp/log.md']));
    expect(types(events)).toEqual(['branch-added', 'diagnostics-changed']);
    const [added, diagnostics] = events as [StudioEvent, StudioEvent];
    expect(added.type === 'branch-added' && [added.branch, added.summary.stepCount]).toEqual(['exp', 1]);
    // A folder without metadata.yaml is listed, and said to lack it.
    expect(diagnostics.type === 'diagnostics-changed' && diagnostics.diagnostics.map((d) => [d.file, d.code])).toEqual([['branches/exp/metadata.yaml', 'missing-metadata']]);
  });

  it('drops a removed branch with its CONTEXT views', async () => {
    const { parts, events, gccDir } = await loaded();
    const session = parts.model.branches.get('auth-session')!;
    parts.contexts.view(session, 'python', parts.model.roadmap);
    parts.contexts.view(parts.model.branches.get('main')!, 'python', parts.model.roadmap);
    rmSync(join(gccDir, 'branches', 'auth-session'), { recursive: true });
    await processBatch(parts, new Set(['branches/auth-session']));
    expect(types(events)).toEqual(['branch-removed']);
    expect([parts.model.branches.has('auth-session'), parts.contexts.size]).toEqual([false, 1]);
  });

  it('publishes the roadmap and the diagnostics that change with it', async () => {
    const { parts, events, gccDir } = await loaded();
    rmSync(join(gccDir, 'main.md'));
    await processBatch(parts, new Set(['main.md']));
    expect(types(events)).toEqual(['roadmap-changed', 'diagnostics-changed']);
    const diagnostics = events[1]!;
    expect(diagnostics.type === 'diagnostics-changed' && diagnostics.diagnostics.map((d) => d.code)).toEqual(['missing-roadmap']);
  });

  it('resets the workspace when .GCC/ vanishes under any path, and once more when it is back', async () => {
    const { parts, events, gccDir } = await loaded();
    renameSync(gccDir, `${gccDir}.saved`);
    await processBatch(parts, new Set(['branches/main/log.md']));
    expect(parts.model.present).toBe(false);
    expect(parts.model.branches.size).toBe(0);
    renameSync(`${gccDir}.saved`, gccDir);
    await processBatch(parts, new Set(['branches/main/log.md']));
    // Back: read quietly, announced by one reset (the diagnostics did not change).
    expect(events.map((e) => (e.type === 'workspace-reset' ? `reset ${e.present}` : e.type))).toEqual(['reset false', 'reset true']);
    expect(parts.model.branches.size).toBe(3);
  });
});
