// What the simulated agent does, one file operation per tick: for each task, work on main, open a branch, explore it,
// commit, merge it back; after the last task it is done (a demo that grows forever ends up with no story to tell).
// Continues the todo-service story of the demo's seed workspace.
import type { PythonGccWriter } from './python-writer.ts';

interface Task {
  branch: string;
  purpose: string;
  steps: [observation: string, thought: string, action: string][];
  commits: string[];
  /** A step on main after the merge, and the commit that closes the task. */
  wrapUp: [observation: string, thought: string, action: string];
  mainCommit: string;
}

const TASKS: Task[] = [
  {
    branch: 'deploy-fly',
    purpose: 'Deploy the API to Fly.io with a managed Postgres and zero-downtime releases',
    steps: [
      ['fly launch generated fly.toml; the health check points at /health on port 8080.', 'The app listens on 3000: read PORT from the environment instead.', 'edit src/server.ts'],
      ['fly deploy: release v1 is healthy, 2 machines in ams.', 'Migrations must run before the new machines take traffic.', 'add release_command = "npm run migrate" to fly.toml'],
      ['Release v2 ran the migration first; no 5xx during the rollout (checked the logs).', 'Rolling deploys work; document the secrets we set.', 'write_file docs/deploy.md'],
    ],
    commits: ['Deployed to Fly.io (2 machines, ams) with Postgres attached.', 'Migrations run as a release command; rolling deploys verified without errors.'],
    wrapUp: ['main now deploys on every tag via the GitHub workflow.', 'Milestone 4 is done.', 'git tag v1.0.0 && git push --tags'],
    mainCommit: 'Tagged v1.0.0: the deployed API matches main.',
  },
  {
    branch: 'rate-limit',
    purpose: 'Per-user rate limiting with a token bucket kept in Redis',
    steps: [
      ['k6 at 500 req/s from one user makes p99 jump to 900 ms for everyone.', 'One noisy client can starve the others: limit per user.', 'npm install rate-limiter-flexible'],
      ['Limiter answers 429 with Retry-After after 100 requests per minute.', 'Authenticated users get a higher bucket than anonymous ones.', 'write_file src/middleware/rateLimit.ts'],
      ['Under the same k6 run the other users stay at p99 45 ms.', 'Good enough; expose the limits in the OpenAPI description later.', 'npm test -- rate-limit'],
    ],
    commits: ['Token-bucket limiter in Redis: 100 req/min anonymous, 1000 authenticated.', 'Load test shows noisy users no longer affect the others (p99 45 ms).'],
    wrapUp: ['Rate limiting is on in production behind a feature flag.', 'Watch the 429 rate for a day before removing the flag.', 'fly secrets set RATE_LIMIT=on'],
    mainCommit: 'Rate limiting enabled in production behind RATE_LIMIT.',
  },
  {
    branch: 'cursor-pagination',
    purpose: 'Replace offset pagination of GET /todos with opaque cursors',
    steps: [
      ['GET /todos?page=400 takes 1.2 s: OFFSET scans every skipped row.', 'Keyset pagination on (created_at, id) avoids the scan.', 'write_file migrations/003_todos_created_id_idx.sql'],
      ['Cursor = base64 of the last (created_at, id); page 400 now takes 4 ms.', 'Keep ?page working for a release, with a Deprecation header.', 'edit src/routes/todos.ts'],
      ['Contract tests pass for both ?page and ?cursor.', 'Ready to merge.', 'npm test'],
    ],
    commits: ['Cursor pagination for GET /todos backed by a (created_at, id) index.', 'Offset pagination kept for one release with a Deprecation header.'],
    wrapUp: ['The web client switched to cursors.', 'Schedule the removal of ?page for the next minor release.', 'gh issue create --title "Remove ?page"'],
    mainCommit: 'All clients use cursor pagination; removal of ?page scheduled.',
  },
  {
    branch: 'openapi-docs',
    purpose: 'Generate an OpenAPI 3.1 description from the route schemas',
    steps: [
      ['The zod schemas already describe every request body.', 'zod-to-openapi can build the document from them.', 'npm install @asteasolutions/zod-to-openapi'],
      ['/openapi.json validates with redocly lint (0 errors, 2 warnings).', 'The warnings are missing examples on 429 responses.', 'edit src/openapi.ts'],
      ['Swagger UI at /docs renders every route with examples.', 'Publish it with the next deploy.', 'curl -s localhost:3000/openapi.json | npx redocly lint -'],
    ],
    commits: ['OpenAPI 3.1 description generated from the zod schemas.', 'Swagger UI served at /docs; lint is clean.'],
    wrapUp: ['The docs are live at /docs after the deploy.', 'Link them from the README.', 'edit README.md'],
    mainCommit: 'API docs published at /docs and linked from the README.',
  },
];

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
