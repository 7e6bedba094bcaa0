// The timeline reads a branch's records again only when its version moved: a sync over branches that did not change
// asks none of them for their records (a sleeping branch on the server stays asleep) and answers as before.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../test-support/corpus.ts';
import { readFolder } from '../test-support/read-folder.ts';
import { workspaceNow } from '../test-support/workspace-now.ts';
import { WorkspaceTimeline, type BranchNow, type WorkspaceNow } from './memory-at.ts';
import { axisBuckets, axisEnd } from './axis.ts';
import { keyMillis } from '../read/time-key.ts';

/** The branches with a version each, counting every time their records are asked for. */
function counted(now: WorkspaceNow, versions: readonly string[]) {
  const reads = new Map<string, number>();
  const branches: BranchNow[] = now.branches.map((b, i) => {
    const read = () => reads.set(b.name, (reads.get(b.name) ?? 0) + 1);
    return {
      name: b.name,
      metadata: b.metadata,
      dialect: b.dialect,
      version: versions[i]!,
      get steps() {
        read();
        return b.steps;
      },
      get commits() {
        read();
        return b.commits;
      },
    };
  });
  return { now: { ...now, branches }, reads };
}

describe('WorkspaceTimeline.sync', () => {
  const now = workspaceNow(readFolder(join(CORPUS, 'python', '.GCC')), 'python');
  const answers = (tl: WorkspaceTimeline) => {
    const start = keyMillis(tl.start()!);
    const end = keyMillis(axisEnd(tl)!);
    return { buckets: axisBuckets(tl, start, end + 1, 7), moment: tl.at(`${now.branches[0]!.name}@step:1`).branches.map((b) => [b.name, b.steps.length, b.commits.length]) };
  };

  it('asks a branch for its records only when its version moved, and answers as a timeline that read them all', () => {
    const versions = now.branches.map(() => 'v1');
    const tl = new WorkspaceTimeline();
    const first = counted(now, versions);
    tl.sync(first.now);
    expect([...first.reads.keys()].sort()).toEqual(now.branches.map((b) => b.name).sort());
    const again = counted(now, versions);
    tl.sync(again.now);
    expect(again.reads.size).toBe(0);
    expect(tl.needsRecords(again.now.branches[0]!)).toBe(false);
    const moved = counted(now, versions.map((v, i) => (i === 0 ? 'v2' : v)));
    expect(tl.needsRecords(moved.now.branches[0]!)).toBe(true);
    tl.sync(moved.now);
    expect([...moved.reads.keys()]).toEqual([now.branches[0]!.name]);
    const fresh = new WorkspaceTimeline();
    fresh.sync(now);
    expect(answers(tl)).toEqual(answers(fresh));
  });

  it('reads a branch without a version at every sync', () => {
    const tl = new WorkspaceTimeline();
    tl.sync(now);
    expect(now.branches.every((b) => tl.needsRecords(b))).toBe(true);
  });
});
