// The timeline catches up with the store in turns of the event loop, once however many ask for it meanwhile.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../shared/gcc/test-support/corpus.ts';
import { readFolder } from '../../shared/gcc/test-support/read-folder.ts';
import { workspaceNow } from '../../shared/gcc/test-support/workspace-now.ts';
import type { StoreRecords, WorkspaceView } from '../live/index.ts';
import { createTimeTravel } from './time-travel.ts';

/** A store of `copies` × the Python corpus's branches (renamed), counting its reads. */
function fakeStore(copies: number) {
  const now = workspaceNow(readFolder(join(CORPUS, 'python', '.GCC')), 'python');
  const calls = { records: 0 };
  const branches: StoreRecords['branches'] = [];
  for (let c = 0; c < copies; c++) for (const b of now.branches) branches.push({ ...b, name: `${b.name}-${c}`, logModifiedMs: null, version: '1.0' });
  const store = {
    revision: 1,
    records: (): StoreRecords => {
      calls.records++;
      return { roadmap: now.roadmap, branches, diagnostics: [] };
    },
    workspace: () => ({ root: '/x' }) as ReturnType<WorkspaceView['workspace']>,
  };
  return { store, calls };
}

describe('time travel over the live store', () => {
  it('reads the branches in turns of the event loop, and syncs once for callers that ask at the same time', async () => {
    const { store, calls } = fakeStore(40);
    const travel = createTimeTravel({ store, historyPath: null });
    let turned = false;
    setImmediate(() => (turned = true));
    const [a, b] = await Promise.all([travel.timeline(), travel.timeline()]);
    expect(a).toBe(b);
    expect(turned).toBe(true);
    expect(calls.records).toBe(1);
    expect(a.now.branches).toHaveLength(120);
    // Nothing moved: no sync, no read.
    await travel.timeline();
    expect(calls.records).toBe(1);
  });
});
