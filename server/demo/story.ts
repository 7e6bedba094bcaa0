// What the simulated agent does, one file operation per tick: for each task, work on main, open a branch, explore it,
// commit, merge it back; after the last task it is done (a demo that grows forever ends up with no story to tell).
// Continues the todo-service story of the demo's seed workspace.
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

/**
 * One operation: `branch` is the side branch it writes to (null: main, or a branch it creates), which the agent
 * skips once that branch is no longer active on disk: merged or abandoned from the page, it gets nothing more.
 */
export interface StoryStep {
  branch: string | null;
  run: (writer: PythonGccWriter) => string;
}

/** The operations of task `round` (0-based). */
function roundOps(round: number): StoryStep[] {
  const task = TASKS[round]!;
  const branch = task.branch;
  const ops: StoryStep[] = [];
  const on = (target: string | null, run: StoryStep['run']) => ops.push({ branch: target, run });
  on(null, (w) => {
    w.logStep('main', { observation: `Next on the roadmap: ${task.purpose.toLowerCase()}.`, thought: 'Explore it on a branch so main stays deployable.', action: `branch ${branch}` });
    return 'log main';
  });
  on(null, (w) => (w.createBranch(branch, task.purpose, 'main'), `branch ${branch}`));
  task.steps.forEach(([observation, thought, action], i) => {
    on(branch, (w) => (w.logStep(branch, { observation, thought, action }), `log ${branch}`));
    if (i === 1) on(branch, (w) => (w.commit(branch, task.commits[0]!), `commit ${branch}`));
  });
  if (round % 2 === 1) {
    on('auth-session', (w) => {
      w.logStep('auth-session', { observation: `Re-ran the session benchmark after ${branch}: p95 unchanged.`, thought: 'The comparison still holds.', action: 'npm run bench:sessions' });
      return 'log auth-session';
    });
  }
  on(branch, (w) => (w.commit(branch, task.commits[1]!), `commit ${branch}`));
  on(branch, (w) => (w.merge(branch, 'main'), `merge ${branch}`));
  on(null, (w) => {
    const [observation, thought, action] = task.wrapUp;
    w.logStep('main', { observation, thought, action });
    return 'log main';
  });
  on(null, (w) => (w.commit('main', task.mainCommit, round % 2 === 0 ? task.mainCommit : undefined), 'commit main'));
  return ops;
}

/** Every operation of the story, task after task; it ends after the last one. */
export function* story(): Generator<StoryStep> {
  for (let round = 0; round < TASKS.length; round++) yield* roundOps(round);
}
