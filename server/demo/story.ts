// What the simulated agent does, one file operation per tick, forever: work on main, open a branch for the next
// task, explore it, commit, merge it back. Continues the todo-service story of the Python corpus workspace.
import type { PythonGccWriter } from './python-writer.ts';
import tasks from './story-tasks.json' with { type: 'json' };

interface Task {
  branch: string;
  purpose: string;
  steps: [observation: string, thought: string, action: string][];
  commits: string[];
  /** A step on main after the merge, and the commit that closes the task. */
  wrapUp: [observation: string, thought: string, action: string];
  mainCommit: string;
}

/** The tasks the agent works through, in turn (story-tasks.json: text, kept apart from the code that tells it). */
const TASKS = tasks as Task[];

export type StoryStep = (writer: PythonGccWriter) => string;

/** The operations of round `round` (0-based); branch names get a suffix once the tasks repeat. */
function roundOps(round: number): StoryStep[] {
  const task = TASKS[round % TASKS.length]!;
  const cycle = Math.floor(round / TASKS.length);
  const branch = cycle === 0 ? task.branch : `${task.branch}-${cycle + 1}`;
  const ops: StoryStep[] = [];
  ops.push((w) => {
    w.logStep('main', { observation: `Next on the roadmap: ${task.purpose.toLowerCase()}.`, thought: 'Explore it on a branch so main stays deployable.', action: `branch ${branch}` });
    return 'log main';
  });
  ops.push((w) => (w.createBranch(branch, task.purpose, 'main'), `branch ${branch}`));
  task.steps.forEach(([observation, thought, action], i) => {
    ops.push((w) => (w.logStep(branch, { observation, thought, action }), `log ${branch}`));
    if (i === 1) ops.push((w) => (w.commit(branch, task.commits[0]!), `commit ${branch}`));
  });
  if (round % 2 === 1) {
    ops.push((w) => {
      w.logStep('auth-session', { observation: `Re-ran the session benchmark after ${branch}: p95 unchanged.`, thought: 'The comparison still holds.', action: 'npm run bench:sessions' });
      return 'log auth-session';
    });
  }
  ops.push((w) => (w.commit(branch, task.commits[1]!), `commit ${branch}`));
  ops.push((w) => (w.merge(branch, 'main'), `merge ${branch}`));
  ops.push((w) => {
    const [observation, thought, action] = task.wrapUp;
    w.logStep('main', { observation, thought, action });
    return 'log main';
  });
  ops.push((w) => (w.commit('main', task.mainCommit, round % 2 === 0 ? task.mainCommit : undefined), 'commit main'));
  return ops;
}

/** An endless sequence of operations. */
export function* story(): Generator<StoryStep> {
  for (let round = 0; ; round++) yield* roundOps(round);
}
