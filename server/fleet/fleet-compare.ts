// GET /api/fleet/compare: two rows of the fleet (two agents' memories of one project) compared like two branches.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { agentDiff, type AgentCompareResponse, type AgentSideAnswer } from '../../shared/fleet/agent-compare.ts';
import type { BranchSide } from '../../shared/gcc/compare/branch-diff.ts';
import { branchNameProblem } from '../../shared/gcc/read/paths.ts';
import { ROUTES } from '../../shared/routes.ts';
import { memberFor } from './fleet-app.ts';
import type { Fleet } from './fleet.ts';

function branchParam(raw: string | undefined, key: string): string {
  const name = raw === undefined || raw === '' ? 'main' : raw;
  const problem = branchNameProblem(name);
  if (problem) throw new HTTPException(400, { message: `${key}: ${problem}` });
  return name;
}

async function sideOf(fleet: Fleet, ws: string | undefined, branch: string, k: number): Promise<{ answer: AgentSideAnswer; side: BranchSide }> {
  if (!ws) throw new HTTPException(400, { message: 'give both rows: a=<ws>&b=<ws> (GET /api/fleet lists them)' });
  const store = memberFor(fleet, ws).live!.store;
  const summary = store.workspace().branches.find((b) => b.name === branch);
  if (!summary) throw new HTTPException(404, { message: `workspace "${ws}" has no branch "${branch}"` });
  const side: BranchSide = { name: branch, metadata: summary.metadata, dialect: summary.dialect, commits: store.branch(branch)?.commits ?? [], steps: store.stepList(branch) ?? [] };
  return { answer: { ws, branch: summary, context: await store.context(branch, k, null) }, side };
}

export function fleetCompareRoutes(fleet: Fleet) {
  return new Hono().get(ROUTES.fleetCompare.path, async (c) => {
    const q = (key: string) => c.req.query(key);
    const k = Number(q('k') ?? 1);
    if (!Number.isInteger(k) || k < 1 || k > 1_000_000) throw new HTTPException(400, { message: 'k must be a whole number from 1' });
    const branch = branchParam(q('branch'), 'branch');
    const a = await sideOf(fleet, q('a'), branch, k);
    const b = await sideOf(fleet, q('b'), branchParam(q('otherBranch') ?? branch, 'otherBranch'), k);
    return c.json<AgentCompareResponse>({ a: a.answer, b: b.answer, ...agentDiff(a.side, b.side) });
  });
}
