// The prompts a client offers its user: resume from CONTEXT, summarise the uncommitted steps into a commit, review a
// branch before merging it. Each is filled from the same code the tools answer with.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, ErrorCode, type GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { requireBranch, ToolRefusal, type McpSession, type McpWorkspace } from './mcp-workspace.ts';
import { writesOff } from './write-access.ts';
import { brief, contextOf, diffOf, HISTORY_LIMIT, stepsAfter } from './read-tools.ts';

function userText(description: string, text: string): GetPromptResult {
  return { description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}

/** A refusal is the prompt's error (prompts have no isError): its sentence as an invalid-params error. */
function filled(work: () => GetPromptResult): GetPromptResult {
  try {
    return work();
  } catch (err) {
    if (err instanceof ToolRefusal) throw new McpError(ErrorCode.InvalidParams, err.message);
    throw err;
  }
}

const stepText = (s: ReturnType<typeof brief.step>) =>
  `Step ${s.step} (${s.timestamp})\n  observation: ${s.observation}\n  thought: ${s.thought}\n  action: ${s.action}`;

export function registerPrompts(server: McpServer, ws: McpWorkspace, session: McpSession): void {
  server.registerPrompt(
    'resume',
    {
      title: 'Resume from GCC memory',
      description: "The branch's CONTEXT (roadmap, purpose, last K commits, latest steps) and how to go on keeping the memory.",
      argsSchema: { branch: z.string().optional(), k: z.string().regex(/^[1-9]\d{0,2}$/, { error: 'k must be a whole number from 1 to 999' }).optional() },
    },
    (args) =>
      filled(() => {
        const branch = args.branch ?? session.branch;
        requireBranch(ws, branch);
        const context = contextOf(ws, ws.store, branch, Number(args.k ?? 1), null);
        const off = readsOnly(ws);
        return userText(
          `Resume ${branch}`,
          `You are resuming work on the branch "${branch}" of this project's GCC memory. Its CONTEXT:\n\n${context}\n\n` +
            (off
              ? `Go on from the latest steps. ${off}: what you do now is not recorded through it.`
              : 'Go on from the latest steps. Record each observation, thought and action with gcc_log as you work; when a piece of work is done, summarise it with gcc_commit; open a gcc_branch to try an alternative, and gcc_merge it back when it succeeds.'),
        );
      }),
  );

  server.registerPrompt(
    'commit',
    {
      title: 'Commit the steps since the last commit',
      description: 'The steps logged since the branch’s last commit, to summarise into one contribution for gcc_commit.',
      argsSchema: { branch: z.string().optional() },
    },
    (args) =>
      filled(() => {
        const branch = args.branch ?? session.branch;
        const summary = requireBranch(ws, branch);
        const last = ws.store.branch(branch)?.commits.at(-1);
        const first = stepsAfter(ws.store, branch, summary.stepCount, last?.timestamp);
        const from = Math.max(first, summary.stepCount - HISTORY_LIMIT);
        const steps = (ws.store.steps(branch, from, HISTORY_LIMIT)?.steps ?? []).map(brief.step);
        const count = summary.stepCount - first;
        const off = readsOnly(ws);
        const listed = count === 0 ? 'No step has been logged since the last commit.' : `${count} step${count === 1 ? '' : 's'} since the last commit${count > steps.length ? ` (the last ${steps.length} shown)` : ''}:\n\n${steps.map(stepText).join('\n\n')}`;
        return userText(
          `Commit ${branch}`,
          `${listed}\n\nLast commit: ${last ? last.thisCommitContribution : '(none)'}\n\n` +
            (off
              ? `Write what these steps achieved as one contribution (a few sentences: what was done, what was learned, what is next). ${off}: the commit cannot be recorded through it.`
              : `Write what these steps achieved as one contribution (a few sentences: what was done, what was learned, what is next) and call gcc_commit with it on the branch "${branch}".`),
        );
      }),
  );

  server.registerPrompt(
    'merge-review',
    {
      title: 'Review a branch before merging it',
      description: 'What the branch did that its base has not (commits ahead, steps, warnings), to decide whether to gcc_merge it.',
      argsSchema: { branch: z.string(), base: z.string().optional() },
    },
    (args) =>
      filled(() => {
        requireBranch(ws, args.branch);
        if (args.base !== undefined) requireBranch(ws, args.base);
        const d = diffOf(ws.store, args.branch, args.base ?? null);
        const commits = d.commitsAhead.map((c) => `- ${c.commitId} (${c.timestamp}): ${c.contribution}`).join('\n') || '(none)';
        const steps = d.stepsSinceCreated.map(stepText).join('\n\n') || '(none)';
        const baseMoved = d.baseCommitsSinceCreated.map((c) => `- ${c.commitId}: ${c.contribution}`).join('\n') || '(none)';
        const warnings = d.warnings.map((w) => `- ${w}`).join('\n') || '(none)';
        const off = readsOnly(ws);
        return userText(
          `Review ${d.head} into ${d.base}`,
          `Branch "${d.head}" compared with "${d.base}".\n\nCommits ahead:\n${commits}\n\nSteps since it was created (${d.stepsSinceCreatedTotal} in all):\n${steps}\n\n` +
            `Commits on ${d.base} meanwhile:\n${baseMoved}\n\nWarnings:\n${warnings}\n\n` +
            (off
              ? `Judge whether "${d.head}" achieved its purpose, and if not, say what is missing. ${off}: it cannot merge "${d.head}" into "${d.base}".`
              : `Judge whether "${d.head}" achieved its purpose. If it did, call gcc_merge with dry_run: true to see exactly what would be written, then gcc_merge to merge it into "${d.base}"; if not, say what is missing.`),
        );
      }),
  );
}

/** "This server only reads the memory here (why)" where it writes nothing, else null: each prompt then asks no write. */
function readsOnly(ws: McpWorkspace): string | null {
  const off = writesOff(ws);
  return off ? `This server only reads the memory here (${off.why})` : null;
}

