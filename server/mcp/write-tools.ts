// The tools that write: init, log, commit, branch, merge. Each goes through the one write layer (server/write's
// MemoryWriter: the workspace's own dialect, its writers' lock, numbers from the live store, refusals before any byte)
// and notes the MCP client as the record's author.
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { AGENT_DIALECTS } from '../../shared/gcc/write/agent-records.ts';
import { label } from '../../shared/gcc/dialects/implementation.ts';
import { requirePresent, ToolRefusal, type McpSession, type McpWorkspace } from './mcp-workspace.ts';
import { answerTool, shapedResult } from './tool-result.ts';

const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** Strings the agent writes: typed here, judged by the write layer (empty, over 1 MiB) in one sentence. */
const text = (name: string) => z.string({ error: `${name} must be a string` });
const name = (what: string) => z.string({ error: `${what} must be a string (a branch name)` });

function writerOf(ws: McpWorkspace) {
  if (!ws.writer) throw new ToolRefusal('This server does not write to the workspace.');
  return ws.writer;
}

/** After a write: the note of who wrote it may have failed while the record stands; the agent is told. */
const authorNote = (problem: string | undefined) => (problem ? { authorshipProblem: problem } : {});

/** The tools that write, by name: a server that writes nothing does not offer them (write-access.ts). */
export const WRITE_TOOL_NAMES = ['gcc_init', 'gcc_log', 'gcc_commit', 'gcc_branch', 'gcc_merge'] as const;

export function registerWriteTools(server: McpServer, ws: McpWorkspace, session: McpSession): RegisteredTool[] {
  return [initTool(server, ws), logTool(server, ws, session), commitTool(server, ws, session), branchTool(server, ws, session), mergeTool(server, ws, session)];
}

function initTool(server: McpServer, ws: McpWorkspace): RegisteredTool {
  return server.registerTool(
    'gcc_init',
    {
      title: 'Create GCC memory',
      description: `Creates the .GCC/ memory in this folder with the project goal as its roadmap and the branch main. Call it once, when gcc_status says there is no memory yet. It is written in ${AGENT_DIALECTS.map((d) => label(d)).join(', ')}'s format as the server was told (default Python).`,
      inputSchema: { goal: text('goal').describe("the project's goal: what the work is for") },
      outputSchema: { branch: z.string(), dialect: z.string(), files: z.array(z.string()) },
      annotations: WRITES,
    },
    (args) =>
      answerTool(ws, async () => {
        const done = await writerOf(ws).init({ goal: args.goal, ...(ws.newDialect ? { dialect: ws.newDialect } : {}) }, clientOf(server));
        return shapedResult({ branch: done.branch, dialect: done.dialect, files: done.files, ...authorNote(done.authorshipProblem) });
      }),
  );
}

function logTool(server: McpServer, ws: McpWorkspace, session: McpSession): RegisteredTool {
  return server.registerTool(
    'gcc_log',
    {
      title: 'Log a step',
      description:
        'Appends one step (observation, thought, action) to a branch’s log: what you saw, what you concluded, what you did next. Call it after each meaningful action. Each of the three may be left out (it is then empty), but at least one must say something; the step number is given for you.',
      inputSchema: {
        observation: text('observation').optional().describe('what you observed (a result, an error, a finding)'),
        thought: text('thought').optional().describe('what you concluded from it'),
        action: text('action').optional().describe('what you did or will do next'),
        branch: name('branch').optional().describe('default: the current branch (gcc_switch)'),
      },
      outputSchema: { branch: z.string(), step: z.number(), timestamp: z.string() },
      annotations: WRITES,
    },
    (args) =>
      answerTool(ws, async () => {
        requirePresent(ws);
        const branch = args.branch ?? session.branch;
        const done = await writerOf(ws).log({ branch, observation: args.observation ?? '', thought: args.thought ?? '', action: args.action ?? '' }, clientOf(server));
        return shapedResult({ branch: done.branch, step: done.step, timestamp: done.timestamp, ...authorNote(done.authorshipProblem) });
      }),
  );
}

function commitTool(server: McpServer, ws: McpWorkspace, session: McpSession): RegisteredTool {
  return server.registerTool(
    'gcc_commit',
    {
      title: 'Commit progress',
      description:
        "Records a milestone on a branch: what the steps since the last commit achieved, in a few sentences (the 'commit' prompt lists those steps). `roadmap_update` appends to the roadmap (main.md) when the plan changed.",
      inputSchema: {
        contribution: text('contribution').describe('what this piece of work achieved'),
        branch: name('branch').optional().describe('default: the current branch'),
        roadmap_update: text('roadmap_update').optional().describe('a note appended to the roadmap, when the plan changed'),
      },
      outputSchema: { branch: z.string(), commitId: z.string(), timestamp: z.string() },
      annotations: WRITES,
    },
    (args) =>
      answerTool(ws, async () => {
        requirePresent(ws);
        const branch = args.branch ?? session.branch;
        const done = await writerOf(ws).commit({ branch, contribution: args.contribution, roadmapUpdate: args.roadmap_update ?? null }, clientOf(server));
        return shapedResult({ branch: done.branch, commitId: done.commitId, timestamp: done.timestamp, ...authorNote(done.authorshipProblem) });
      }),
  );
}

function branchTool(server: McpServer, ws: McpWorkspace, session: McpSession): RegisteredTool {
  return server.registerTool(
    'gcc_branch',
    {
      title: 'Open a branch',
      description:
        'Creates a branch to explore an alternative without disturbing the current line of work, and makes it the current branch (as Contexa does). Name it for what it tries, in ASCII letters, digits, -, _ and . (not first; no ..): the name is a folder every Contexa implementation reads back.',
      inputSchema: {
        name: name('name'),
        purpose: text('purpose').describe('what this branch tries, in a sentence'),
        from: name('from').optional().describe('the branch it starts from; default: the current branch'),
      },
      outputSchema: { branch: z.string(), from: z.string(), dialect: z.string() },
      annotations: WRITES,
    },
    (args) =>
      answerTool(ws, async () => {
        requirePresent(ws);
        const from = args.from ?? session.branch;
        const done = await writerOf(ws).branch({ name: args.name, purpose: args.purpose, from }, clientOf(server));
        session.branch = done.branch;
        return shapedResult({ branch: done.branch, from, dialect: done.dialect, ...authorNote(done.authorshipProblem) });
      }),
  );
}

function mergeTool(server: McpServer, ws: McpWorkspace, session: McpSession): RegisteredTool {
  return server.registerTool(
    'gcc_merge',
    {
      title: 'Merge a branch',
      description:
        "Merges a finished branch into its target (default main) as the workspace's Contexa implementation does: its steps copied into the target's log, a merge commit, the branch marked merged. `dry_run: true` writes nothing and returns exactly what would be written (the dashboard's preview); call it first. Afterwards the target is the current branch.",
      inputSchema: {
        branch: name('branch'),
        target: name('target').optional().describe('default main'),
        summary: text('summary').optional().describe("the merge commit's contribution; default: the implementation's own summary"),
        dry_run: z.boolean({ error: 'dry_run must be true or false' }).optional(),
      },
      outputSchema: {
        dryRun: z.boolean(),
        branch: z.string(),
        target: z.string(),
        commitId: z.string(),
        summary: z.string(),
        copiedSteps: z.number(),
        blockers: z.array(z.string()).describe('why the merge would be refused now (dry run)'),
        writes: z.array(z.object({ file: z.string(), mode: z.string(), text: z.string() })).describe('the bytes each file gets (dry run)'),
        notes: z.array(z.string()),
      },
      annotations: { ...WRITES, destructiveHint: true },
    },
    (args) =>
      answerTool(ws, async () => {
        requirePresent(ws);
        const request = { branch: args.branch, ...(args.target ? { target: args.target } : {}), summary: args.summary ?? null };
        if (args.dry_run) {
          const p = await writerOf(ws).previewMerge(request);
          return shapedResult({
            dryRun: true,
            branch: p.branch,
            target: p.target,
            commitId: p.commit.commitId,
            summary: p.summary,
            copiedSteps: p.copiedSteps.length,
            blockers: p.blockers,
            writes: p.writes.map((w) => ({ file: w.file, mode: w.mode, text: w.text })),
            notes: p.notes,
          });
        }
        const done = await writerOf(ws).merge(request, clientOf(server));
        session.branch = done.plan.target;
        return shapedResult({
          dryRun: false,
          branch: done.plan.source,
          target: done.plan.target,
          commitId: done.plan.commit.commitId,
          summary: done.plan.summary,
          copiedSteps: done.plan.copiedSteps.length,
          blockers: [],
          writes: [],
          notes: done.plan.notes,
          ...authorNote(done.authorshipProblem),
        });
      }),
  );
}

/** The client's name as it introduced itself (clientInfo.name). */
function clientOf(server: McpServer): string {
  return server.server.getClientVersion()?.name || 'mcp-client';
}
