// The tools that only read: CONTEXT (the one-shot command's text), the workspace's state, search, a branch against its
// base and what happened since a moment. Each answers from the same code as the route or command that shows it.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Commit, ContextDialect, OtaStep } from '../../shared/types.ts';
import { CONTEXT_DIALECTS } from '../../shared/types.ts';
import { label } from '../../shared/gcc/dialects/implementation.ts';
import { compareTime, recordKey } from '../../shared/gcc/read/time-key.ts';
import { compareView, searchView, type WorkspaceView } from '../live/index.ts';
import { requireBranch, requirePresent, ToolRefusal, type McpSession, type McpWorkspace } from './mcp-workspace.ts';
import { answerTool, shapedResult, textResult } from './tool-result.ts';

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const MAX_K = 1000;
const MAX_QUERY = 500;
const SEARCH_LIMIT = 50;
/** gcc_history gives at most this many of a branch's newest steps and commits (and says how many there are). */
export const HISTORY_LIMIT = 50;

const branchArg = z.string({ error: 'branch must be a string (a branch name)' }).max(255, { error: 'branch is longer than 255 characters' });
const momentArg = (what: string) =>
  z.string({ error: `${what} must be a string: an ISO 8601 time with its offset, B@step:N or B@commit:N` }).max(300, { error: `${what} is longer than 300 characters` });

/** The view `at` names (time travel), or now. */
async function viewAt(ws: McpWorkspace, at: string | undefined): Promise<WorkspaceView> {
  if (at === undefined || at === '') return ws.store;
  if (!ws.travel) throw new ToolRefusal('This server cannot travel in time (no history of its workspace).');
  return ws.travel.view(at);
}

/** CONTEXT exactly as the implementation's summary() returns it: the same reading `gcc-studio context` prints. */
export function contextOf(ws: McpWorkspace, view: WorkspaceView, branch: string, k: number, dialect: ContextDialect | null): string {
  const reading = view.contextText(branch, k, dialect);
  if (!reading) {
    const names = view.workspace().branches.map((b) => b.name);
    throw new ToolRefusal(`There is no branch "${branch}"${view === ws.store ? '' : ' at that moment'} (branches: ${names.join(', ') || 'none'}).`);
  }
  if (reading.error !== undefined) throw new ToolRefusal(`${label(reading.dialect)}'s context() raises ${reading.error} on this branch, so it has no CONTEXT to give.`);
  return reading.text;
}

const branchShape = z.object({
  name: z.string(),
  purpose: z.string().nullable(),
  status: z.string().nullable(),
  createdFrom: z.string().nullable(),
  mergedInto: z.string().nullable(),
  merged: z.boolean().describe('merged: closed to new steps, commits and merges into it (log on mergedInto, or open a new branch)'),
  dialect: z.string(),
  steps: z.number(),
  commits: z.number(),
  lastActivity: z.string().nullable(),
  lastCommit: z.string().nullable().describe("the last commit's contribution"),
});

const stepShape = z.object({ step: z.number(), timestamp: z.string(), observation: z.string(), thought: z.string(), action: z.string() });
const commitShape = z.object({ commitId: z.string(), timestamp: z.string(), contribution: z.string() });

export const brief = {
  step: (s: OtaStep) => ({ step: s.step, timestamp: s.timestamp, observation: s.observation, thought: s.thought, action: s.action }),
  commit: (c: Commit) => ({ commitId: c.commitId, timestamp: c.timestamp, contribution: c.thisCommitContribution }),
};

export function registerReadTools(server: McpServer, ws: McpWorkspace, session: McpSession): void {
  contextTool(server, ws, session);
  statusTool(server, ws, session);
  searchTool(server, ws, session);
  diffTool(server, ws, session);
  historyTool(server, ws, session);
}

function contextTool(server: McpServer, ws: McpWorkspace, session: McpSession): void {
  server.registerTool(
    'gcc_context',
    {
      title: 'Read GCC context',
      description:
        "Returns the branch's CONTEXT exactly as the workspace's Contexa implementation returns it: the roadmap (main.md), the branch's purpose, its last K commits and its latest steps. Call it when you start or resume work, or to read another branch. `at` reads the memory as it was at a moment.",
      inputSchema: {
        branch: branchArg.optional().describe('default: the current branch (gcc_switch)'),
        k: z.number({ error: 'k must be a whole number from 1' }).int({ error: 'k must be a whole number' }).min(1, { error: 'k must be at least 1' }).max(MAX_K, { error: `k must be at most ${MAX_K}` }).optional().describe('how many recent commits to show (default 1)'),
        dialect: z.enum(CONTEXT_DIALECTS as [ContextDialect, ...ContextDialect[]], { error: `dialect must be one of ${CONTEXT_DIALECTS.join(', ')}` }).optional().describe("whose CONTEXT layout (default: the branch's writer)"),
        at: momentArg('at').optional().describe('a moment: ISO 8601 time with offset (2026-12-02T13:58:05Z), B@step:N or B@commit:N'),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      answerTool(ws, async () => {
        requirePresent(ws);
        const view = await viewAt(ws, args.at);
        return textResult(contextOf(ws, view, args.branch ?? session.branch, args.k ?? 1, args.dialect ?? null));
      }),
  );
}

function statusTool(server: McpServer, ws: McpWorkspace, session: McpSession): void {
  server.registerTool(
    'gcc_status',
    {
      title: 'GCC memory status',
      description: 'Lists the branches (purpose, status, counts of steps and commits, last commit), the current branch and whether the memory exists yet. A merged branch takes no more steps or commits. Cheap: call it to orient yourself.',
      inputSchema: {},
      outputSchema: {
        present: z.boolean().describe('false until gcc_init has created .GCC/'),
        root: z.string(),
        readOnly: z.boolean(),
        currentBranch: z.string(),
        branches: z.array(branchShape),
        problems: z.number().describe('format problems gcc-studio found (the dashboard lists them)'),
      },
      annotations: READ_ONLY,
    },
    () =>
      answerTool(ws, () => {
        const w = ws.store.workspace();
        const branches = w.branches.map((b) => {
          const commits = ws.store.branch(b.name)?.commits ?? [];
          return {
            name: b.name,
            purpose: b.purpose,
            status: b.status,
            createdFrom: b.createdFrom,
            mergedInto: b.mergedInto,
            merged: b.status === 'merged',
            dialect: b.dialect,
            steps: b.stepCount,
            commits: b.commitCount,
            lastActivity: b.lastActivity,
            lastCommit: commits.at(-1)?.thisCommitContribution ?? null,
          };
        });
        return shapedResult({ present: w.present, root: w.root, readOnly: w.readOnly || ws.readOnly, currentBranch: session.branch, branches, problems: w.diagnostics.length });
      }),
  );
}

function searchTool(server: McpServer, ws: McpWorkspace, session: McpSession): void {
  server.registerTool(
    'gcc_search',
    {
      title: 'Search GCC memory',
      description: 'Finds steps and commits of every branch containing the text (case-insensitive), newest first, at most 50. Use it to recall what was tried before.',
      inputSchema: { query: z.string({ error: 'query must be a string' }).min(1, { error: 'query is empty' }).max(MAX_QUERY, { error: `query is longer than ${MAX_QUERY} characters` }) },
      outputSchema: {
        query: z.string(),
        truncated: z.boolean(),
        matches: z.array(z.object({ branch: z.string(), kind: z.enum(['step', 'commit']), index: z.number(), step: z.number().optional(), commitId: z.string().optional(), field: z.string(), snippet: z.string() })),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      answerTool(ws, () => {
        requirePresent(ws);
        return shapedResult(searchView(ws.store, args.query, SEARCH_LIMIT));
      }),
  );
}

function diffTool(server: McpServer, ws: McpWorkspace, session: McpSession): void {
  server.registerTool(
    'gcc_diff',
    {
      title: 'Compare a branch with its base',
      description:
        "What a branch did that its base has not: its commits ahead, its steps since it was created, the base's commits meanwhile and the warnings a merge deserves. Call it before gcc_merge. The base defaults to the branch it was created from.",
      inputSchema: { branch: branchArg, base: branchArg.optional() },
      outputSchema: {
        head: z.string(),
        base: z.string(),
        commitsAhead: z.array(commitShape),
        stepsSinceCreated: z.array(stepShape).describe('the newest ones; stepsSinceCreatedTotal says how many'),
        stepsSinceCreatedTotal: z.number(),
        baseCommitsSinceCreated: z.array(commitShape),
        warnings: z.array(z.string()),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      answerTool(ws, () => {
        requireBranch(ws, args.branch);
        if (args.base !== undefined) requireBranch(ws, args.base);
        if (args.base === args.branch) throw new ToolRefusal(`gcc_diff compares a branch with another one, and branch and base are both "${args.branch}": name another base, or leave it out for the branch it was created from.`);
        return shapedResult(diffOf(ws.store, args.branch, args.base ?? null));
      }),
  );
}

function historyTool(server: McpServer, ws: McpWorkspace, session: McpSession): void {
  server.registerTool(
    'gcc_history',
    {
      title: 'GCC history since a moment',
      description:
        "The steps and commits written since a moment (default: each branch's last commit, so what is not committed yet), newest 50 of each. Use it to see what you or another agent did meanwhile.",
      inputSchema: {
        branch: branchArg.optional().describe('default: every branch'),
        since: momentArg('since').optional().describe("ISO 8601 time with offset, B@step:N or B@commit:N; default: each branch's last commit"),
      },
      outputSchema: {
        since: z.string().nullable(),
        branches: z.array(z.object({ name: z.string(), steps: z.array(stepShape), stepsTotal: z.number(), commits: z.array(commitShape), commitsTotal: z.number() })),
      },
      annotations: READ_ONLY,
    },
    (args) =>
      answerTool(ws, async () => {
        if (args.branch !== undefined) requireBranch(ws, args.branch);
        else requirePresent(ws);
        return shapedResult(await historyOf(ws, args.branch ?? null, args.since ?? null));
      }),
  );
}

/** The compare answer (the route's code) in the words an agent acts on. */
export function diffOf(view: WorkspaceView, head: string, base: string | null) {
  const outcome = compareView(view, head, base);
  if ('missing' in outcome) throw new ToolRefusal(outcome.missing);
  const { comparison: c } = outcome.answer;
  return {
    head: c.head,
    base: c.base,
    commitsAhead: c.commitsAhead.map(brief.commit),
    stepsSinceCreated: c.stepsSinceCreated.map(brief.step),
    stepsSinceCreatedTotal: c.stepsSinceCreatedTotal,
    baseCommitsSinceCreated: c.baseCommitsSinceCreated.map(brief.commit),
    warnings: c.warnings.map((w) => w.message),
  };
}

/** Steps and commits after the counts each branch had at `since` (time travel), or after its last commit. */
async function historyOf(ws: McpWorkspace, only: string | null, since: string | null) {
  const then = since === null ? null : await viewAt(ws, since);
  const countsThen = new Map(then?.workspace().branches.map((b) => [b.name, b]) ?? []);
  const branches = ws.store.workspace().branches.filter((b) => only === null || b.name === only);
  return {
    since: then && 'info' in then ? (then.info as { time: string }).time : null,
    branches: branches.map((b) => {
      const commits = ws.store.branch(b.name)?.commits ?? [];
      const past = countsThen.get(b.name);
      const lastCommitTime = commits.at(-1)?.timestamp;
      const firstStep = then ? (past?.stepCount ?? 0) : stepsAfter(ws.store, b.name, b.stepCount, lastCommitTime);
      const firstCommit = then ? (past?.commitCount ?? 0) : commits.length;
      const stepsTotal = Math.max(0, b.stepCount - firstStep);
      const from = Math.max(firstStep, b.stepCount - HISTORY_LIMIT);
      return {
        name: b.name,
        steps: (ws.store.steps(b.name, from, HISTORY_LIMIT)?.steps ?? []).map(brief.step),
        stepsTotal,
        commits: commits.slice(Math.max(firstCommit, commits.length - HISTORY_LIMIT)).map(brief.commit),
        commitsTotal: Math.max(0, commits.length - firstCommit),
      };
    }),
  };
}

/** The index of the first step written after the last commit (steps are appended in time order), or 0. */
export function stepsAfter(view: WorkspaceView, branch: string, total: number, lastCommitTime: string | undefined): number {
  const commitKey = recordKey(lastCommitTime);
  if (!commitKey) return 0;
  // Walk back from the end: the uncommitted steps are few, the log may hold 200,000.
  let index = total;
  while (index > 0) {
    const from = Math.max(0, index - HISTORY_LIMIT);
    const page = view.steps(branch, from, index - from)?.steps ?? [];
    for (let i = page.length - 1; i >= 0; i--) {
      const key = recordKey(page[i]!.timestamp);
      if (key && compareTime(key, commitKey) <= 0) return from + i + 1;
    }
    index = from;
  }
  return 0;
}
