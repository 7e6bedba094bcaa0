// The batch planner on its own: the paths the watcher reports for a real workspace, and the odd ones it may.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { planWork } from './work-plan.ts';

/** Every path under the python case's .GCC/, relative to it, as the watcher reports them. */
function corpusPaths(): string[] {
  const root = join(CORPUS, 'python', '.GCC');
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).map((p) => relative(root, join(root, p)).split(sep).join('/'));
}

const wants = (files: Map<string, Set<string>>) => Object.fromEntries([...files].map(([b, s]) => [b, [...s].sort()]));

describe('planWork', () => {
  it('turns every path of a workspace into the roadmap, the listing and each branch folder', () => {
    const work = planWork(corpusPaths());
    expect([work.full, work.listing, work.roadmap]).toEqual([false, true, true]);
    expect(wants(work.files)).toEqual({
      'auth-jwt': ['all', 'commit', 'log', 'metadata'],
      'auth-session': ['all', 'commit', 'log', 'metadata'],
      main: ['all', 'commit', 'log', 'metadata'],
    });
  });

  it('names only the files that changed', () => {
    const work = planWork(['branches/main/log.md', 'branches/main/log.md', 'branches/exp/commit.md']);
    expect([work.full, work.listing, work.roadmap]).toEqual([false, false, false]);
    expect(wants(work.files)).toEqual({ main: ['log'], exp: ['commit'] });
  });

  it('reads .GCC/ itself as everything, and any other file in a branch folder as its metadata', () => {
    expect(planWork(['']).full).toBe(true);
    expect(wants(planWork(['branches/main/metadata.yaml', 'branches/main/notes.txt']).files)).toEqual({ main: ['metadata'] });
    // `.lock` and deeper paths are not the format's: nothing to do.
    const work = planWork(['.lock', 'branches/main/sub/log.md']);
    expect([work.full, work.listing, work.roadmap, work.files.size]).toEqual([false, false, false, 0]);
  });
});
