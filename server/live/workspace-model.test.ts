// The workspace model on its own, holding the python corpus's branches: the answers the routes read from it, the
// diagnostics it reports once per change, and what is left when .GCC/ is gone.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { BranchEntry } from './branch-entry.ts';
import { readNewBranch } from './branch-refresh.ts';
import { WorkspaceModel } from './workspace-model.ts';

afterEach(removeTempCorpusCopies);

/** A model holding the python case's branches, put in out of name order. */
async function pythonModel(): Promise<WorkspaceModel> {
  const { gccDir } = tempCorpusCopy('python');
  const model = new WorkspaceModel();
  model.present = true;
  model.roadmap = '# Project Roadmap\n';
  for (const name of ['main', 'auth-session', 'auth-jwt']) {
    const b = new BranchEntry(name, join(gccDir, 'branches', name));
    await readNewBranch(b, model);
    model.branches.set(name, b);
  }
  return model;
}

const diagnostic = (code: string) => ({ file: 'main.md', line: 0, severity: 'warning' as const, code, message: code });

describe('WorkspaceModel', () => {
  it('answers the workspace with its branches sorted by name', async () => {
    const model = await pythonModel();
    const ws = model.workspace({ root: '/project', readOnly: true, revision: 7 });
    expect(Object.keys(ws)).toEqual(['present', 'root', 'readOnly', 'revision', 'roadmap', 'branches', 'diagnostics']);
    expect(ws).toMatchObject({ present: true, root: '/project', readOnly: true, revision: 7, roadmap: { text: '# Project Roadmap\n' }, diagnostics: [] });
    expect(ws.branches.map((b) => [b.name, b.stepCount, b.commitCount, b.status, b.dialect])).toEqual([
      ['auth-jwt', 3, 2, 'merged', 'python'],
      ['auth-session', 2, 1, 'active', 'python'],
      ['main', 9, 3, 'active', 'python'],
    ]);
  });

  it('answers a branch and a page of its steps; null for a branch it does not hold', async () => {
    const model = await pythonModel();
    expect(model.branch('main')!.commits).toHaveLength(3);
    expect(model.branch('nope')).toBeNull();
    const page = model.steps('main', 6, 2)!;
    expect([page.branch, page.from, page.total]).toEqual(['main', 6, 9]);
    expect(page.steps.map((s) => [s.step, s.mergedFrom])).toEqual([
      [1, 'auth-jwt'],
      [2, 'auth-jwt'],
    ]);
    expect(model.steps('nope', 0, 10)).toBeNull();
  });

  it('reports the diagnostics, listing first, only when they changed since it last did', async () => {
    const model = await pythonModel();
    expect(model.takeDiagnosticsChange()).toEqual([]);
    expect(model.takeDiagnosticsChange()).toBeNull();
    model.roadmapDiagnostics = [diagnostic('missing-roadmap')];
    model.listingDiagnostics = [diagnostic('symlinked-branch')];
    expect(model.takeDiagnosticsChange()!.map((d) => d.code)).toEqual(['symlinked-branch', 'missing-roadmap']);
    expect(model.takeDiagnosticsChange()).toBeNull();
  });

  it('forgets everything when .GCC/ is gone, but not which diagnostics it last reported', async () => {
    const model = await pythonModel();
    model.listingDiagnostics = [diagnostic('symlinked-branch')];
    expect(model.takeDiagnosticsChange()).toHaveLength(1);
    model.forget();
    expect(model.workspace({ root: '/p', readOnly: false, revision: 0 })).toMatchObject({ present: false, roadmap: { text: '' }, branches: [], diagnostics: [] });
    expect(model.takeDiagnosticsChange()).toEqual([]);
  });
});
