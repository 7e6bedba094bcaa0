// Seeded random branch trees (branches of branches, merged or abandoned) for the lane tests and the layout bench.
import type { BranchSummary } from '../../../../shared/api.ts';
import type { BranchMetadata, BranchStatus, Commit } from '../../../../shared/types.ts';
import { seededRandom } from '../../../../shared/gcc/test-support/fuzz-inputs.ts';
import type { LayoutInput } from '../layout.ts';

export interface TreeShape {
  branches: number;
  commits: number;
  seed?: number;
  /** Live branches (besides main) the history keeps at most at once. */
  maxAlive?: number;
}

const T0 = Date.UTC(2026, 0, 1);
const iso = (t: number) => new Date(T0 + t * 1000).toISOString();

interface Live {
  meta: BranchMetadata;
  commits: Commit[];
}

export function generateTree({ branches, commits, seed = 1, maxAlive = 24 }: TreeShape): LayoutInput {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const all = new Map<string, Live>();
  const alive: string[] = ['main'];
  let t = 0;
  const meta = (name: string, from: string): BranchMetadata => ({ name, purpose: `purpose of ${name}`, createdFrom: from, createdAt: iso(t), status: 'active', mergedInto: null, mergedAt: null });
  all.set('main', { meta: meta('main', ''), commits: [] });
  const commit = (name: string, text: string) => {
    const b = all.get(name)!;
    b.commits.push({ commitId: `c${b.commits.length}`, branchName: name, branchPurpose: b.meta.purpose, previousProgressSummary: '', thisCommitContribution: text, timestamp: iso(t), range: { start: 0, end: 0 } });
  };
  const end = (name: string) => {
    alive.splice(alive.indexOf(name), 1);
    const b = all.get(name)!;
    if (rand() < 0.3) {
      b.meta = { ...b.meta, status: 'abandoned' };
      return;
    }
    const target = alive.includes(b.meta.createdFrom) ? b.meta.createdFrom : 'main';
    t += 1;
    b.meta = { ...b.meta, status: 'merged', mergedInto: target, mergedAt: iso(t) };
    // Most writers record the merge as a commit on the target; some leave only merged_at.
    if (rand() < 0.8) commit(target, `Merged branch \`${name}\` (${b.commits.length} commits).`);
  };
  let created = 0;
  for (let k = 0; k < commits; k++) {
    t += 1;
    while (created < Math.ceil(((k + 1) * (branches - 1)) / commits)) {
      const name = `exp-${++created}`;
      all.set(name, { meta: meta(name, pick(alive)), commits: [] });
      alive.push(name);
    }
    while (alive.length - 1 > maxAlive || (alive.length > 1 && rand() < 0.03)) end(pick(alive.slice(1)));
    commit(pick(alive), `step ${k}: work on the experiment\nsecond line`);
  }
  return toInput(all);
}

function toInput(all: ReadonlyMap<string, Live>): LayoutInput {
  const summaries: BranchSummary[] = [];
  const commits: Record<string, Commit[]> = {};
  for (const [name, b] of all) {
    const status: BranchStatus = b.meta.status;
    summaries.push({
      name,
      metadata: b.meta,
      purpose: b.meta.purpose,
      createdFrom: b.meta.createdFrom || null,
      status,
      mergedInto: b.meta.mergedInto,
      dialect: 'python',
      commitCount: b.commits.length,
      stepCount: 0,
      lastActivity: b.commits.at(-1)?.timestamp ?? b.meta.createdAt,
    });
    commits[name] = b.commits;
  }
  return { branches: summaries, commits };
}
