// A generated workspace of many branches, written by the Contexa-Python writer (server/demo/python-writer.ts) the way
// an agent would: a tree of experiments forked from main and from each other, every third merged back into the
// branch it came from, the others left active, each with a step and as many commits as asked. The writer's clock is
// injected and ticks two minutes an event, ending about now, so "active in the last N hours" means something.
import { PythonGccWriter, pythonTimestamp } from '../../server/demo/python-writer.ts';
import { join } from 'node:path';

export interface BranchTree {
  writer: PythonGccWriter;
  names: string[];
  merged: string[];
}

const TOPICS = ['cache', 'auth', 'parser', 'retry', 'index', 'schema', 'queue', 'render', 'search', 'export'];

/** `commits`: how many commits each branch gets before it is merged or left (the merged get one more). */
export function writeBranchTree(dir: string, count = 50, commits = 1): BranchTree {
  const events = count * (5 + commits);
  let tick = Date.now() - events * 120_000;
  const now = () => pythonTimestamp((tick += 120_000) * 1000);
  const writer = PythonGccWriter.init(join(dir, '.GCC'), 'Explore fifty ideas, keep what works.', { now });
  const names: string[] = [];
  const merged: string[] = [];
  const open: string[] = ['main'];
  writer.commit('main', 'Baseline: the service answers GET /todos in 40 ms p95.');
  for (let i = 1; i < count; i++) {
    const name = `${TOPICS[i % TOPICS.length]}-${String(i).padStart(2, '0')}`;
    // Branches of branches: fork from one of the last few open branches.
    const from = open[Math.max(0, open.length - 1 - (i % 4))]!;
    writer.createBranch(name, `Try ${TOPICS[i % TOPICS.length]} idea #${i}`, from);
    writer.logStep(name, { observation: `baseline for idea ${i}`, thought: 'measure first', action: 'run the bench' });
    writer.commit(name, `Idea ${i}: first cut of ${TOPICS[i % TOPICS.length]}\nwith details on the second line`);
    for (let k = 1; k < commits; k++) writer.commit(name, `Idea ${i}: round ${k + 1}, p95 down another ${k} ms`);
    open.push(name);
    names.push(name);
    if (i % 3 === 0) {
      writer.commit(name, `Idea ${i}: measured, keeps p95 under 30 ms`);
      const target = writer.state.branches.get(name)!.metadata.createdFrom;
      writer.merge(name, target);
      open.splice(open.indexOf(name), 1);
      merged.push(name);
    }
  }
  return { writer, names: ['main', ...names], merged };
}

/**
 * A large history for the graph at scale: `commits` commits over `branches` branches, at most `maxAlive` alive at
 * once (the oldest open one is merged back into its parent, or main, to make room), merges into branches other than
 * main included. Seeded, so the same tree every run.
 */
export function writeLargeTree(dir: string, branches: number, commits: number, maxAlive = 24, seed = 7): BranchTree {
  let a = seed;
  const rand = () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
  let tick = Date.now() - (commits + branches * 2) * 1000;
  const writer = PythonGccWriter.init(join(dir, '.GCC'), 'A long-running agent with many experiments.', { now: () => pythonTimestamp((tick += 1000) * 1000) });
  const names = ['main'];
  const merged: string[] = [];
  const open = ['main'];
  let created = 1;
  for (let k = 0; k < commits; k++) {
    while (created < branches && created < ((k + 1) * branches) / commits) {
      const name = `${TOPICS[created % TOPICS.length]}-${String(created).padStart(3, '0')}`;
      writer.createBranch(name, `Experiment ${created}`, open[Math.floor(rand() * open.length)]!);
      open.push(name);
      names.push(name);
      created++;
    }
    while (open.length - 1 > maxAlive) {
      const name = open.splice(1, 1)[0]!;
      const from = writer.state.branches.get(name)!.metadata.createdFrom;
      writer.merge(name, open.includes(from) ? from : 'main');
      merged.push(name);
    }
    writer.commit(open[Math.floor(rand() * open.length)]!, `Commit ${k}: a step forward`);
  }
  return { writer, names, merged };
}
