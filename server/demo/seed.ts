// The demo's starting point: a todo-service agent's first hour, written by the same writer the agent then uses, so the
// demo needs no stored data and its timestamps are today's.
import { PythonGccWriter } from './python-writer.ts';

type SeedOp =
  | { log: string; o: string; t: string; a: string }
  | { commit: string; c: string; roadmap?: string }
  | { branch: string; purpose: string }
  | { merge: string }
  | { roadmap: string };

const ROADMAP = `Build a REST API for a todo service (Express + Postgres).

Milestones:
1. Scaffold project and health check
2. CRUD endpoints for /todos
3. Authentication
4. Deploy`;

const OPS: SeedOp[] = [
  { log: 'main', o: 'Repository is empty except for README.md and .gitignore.', t: 'Start with a minimal Express scaffold and a /health endpoint so CI has something to hit.', a: 'run `npm init -y && npm install express pg`' },
  { log: 'main', o: 'GET /health returns 200 {"status":"ok"}', t: 'Scaffold works. Commit before starting CRUD.', a: 'curl -s localhost:3000/health' },
  { commit: 'main', c: 'Scaffolded Express app with `GET /health` returning **200 OK**; app/server split for testing.' },
  { log: 'main', o: 'POST /todos {"title":"buy milk"} -> 201; GET /todos lists it.', t: 'Create and list work; update and delete are missing.', a: 'implement PATCH /todos/:id and DELETE /todos/:id' },
  { log: 'main', o: 'All 12 supertest cases pass (12 passed, 0 failed).', t: 'Ready to checkpoint CRUD.', a: 'npm test' },
  { commit: 'main', c: 'Implemented CRUD for `/todos` backed by Postgres; **12/12** tests green.', roadmap: 'CRUD done. Next: pick an auth strategy (JWT vs server sessions) on separate branches.' },
  { branch: 'auth-jwt', purpose: "Explore stateless JWT auth: RS256 access tokens + refresh-token rotation, so we don't need sticky sessions" },
  { log: 'auth-jwt', o: 'jose supports RS256 and JWKS.', t: 'Use jose. Generate an RSA keypair at boot in dev, load it from env in prod.', a: 'npm install jose' },
  { log: 'auth-jwt', o: 'Replaying an old refresh token now returns 401.', t: 'Reuse detection works.', a: 'npm test -- auth' },
  { commit: 'auth-jwt', c: 'Added `POST /auth/login` issuing RS256 JWTs (15 min) plus refresh tokens.' },
  { commit: 'auth-jwt', c: 'Refresh-token rotation with reuse detection; **all auth tests pass**.' },
  { merge: 'auth-jwt' },
  { branch: 'auth-session', purpose: 'Baseline: server-side sessions in Redis, for comparison' },
  { log: 'auth-session', o: 'p95 latency with session lookup: 4.1 ms vs 2.3 ms for JWT verify.', t: "Sessions add ~1.8 ms per request. Keep this branch open for the write-up; don't merge.", a: 'record numbers in docs/auth-benchmark.md' },
  { commit: 'auth-session', c: 'Benchmarked Redis-backed sessions against JWT (p95 4.1 ms vs 2.3 ms).' },
  { roadmap: '## Status\nAuth: JWT merged into main; the session baseline stays on `auth-session` for comparison.' },
];

function apply(writer: PythonGccWriter, op: SeedOp): void {
  if ('log' in op) writer.logStep(op.log, { observation: op.o, thought: op.t, action: op.a });
  else if ('commit' in op) writer.commit(op.commit, op.c, op.roadmap);
  else if ('branch' in op) writer.createBranch(op.branch, op.purpose, 'main');
  else if ('merge' in op) writer.merge(op.merge, 'main');
  else writer.updateRoadmap(op.roadmap);
}

/** Writes the seed workspace into `gccDir` (which must not exist yet) and returns the writer, ready to go on. */
export function seedDemoWorkspace(gccDir: string): PythonGccWriter {
  const writer = PythonGccWriter.init(gccDir, ROADMAP);
  for (const op of OPS) apply(writer, op);
  return writer;
}
