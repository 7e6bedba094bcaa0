// The demo's seed: a clean Python-format workspace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { seedDemoWorkspace } from './seed.ts';

describe('seedDemoWorkspace', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a clean Python-format workspace: main, a merged auth-jwt, an open auth-session', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gcc-seed-'));
    const gccDir = join(dir, '.GCC');
    const writer = seedDemoWorkspace(gccDir);
    const store = createStore({ gccDir, root: dir, readOnly: true, bus: createEventBus() });
    await store.load();
    const ws = store.workspace();
    expect(ws.diagnostics).toEqual([]);
    expect(ws.branches.map((b) => [b.name, b.status, b.dialect, b.stepCount, b.commitCount])).toEqual([
      ['auth-jwt', 'merged', 'python', 2, 2],
      ['auth-session', 'active', 'python', 1, 1],
      ['main', 'active', 'python', 6, 3],
    ]);
    expect(ws.roadmap.text).toContain('## Status\nAuth: JWT merged into main');
    // The writer goes on from where the files stand.
    expect(writer.logStep('main', { observation: 'o', thought: 't', action: 'a' }).step).toBe(7);
  });
});
