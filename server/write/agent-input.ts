// An agent's arguments judged before any lock is taken: a new branch's name, a merge's names and summary.
import { agentBranchNameProblem, fieldProblem, MAIN_BRANCH } from '../../shared/gcc/write/agent-records.ts';
import type { MergeArgsForAgent } from './memory-writer.ts';
import { AgentWriteError } from './refusals.ts';

/**
 * Why a new branch may not have this name: an existing one may be anything Contexa made, but a new one keeps to the
 * names every implementation reads back as a folder and a heading (Python and TypeScript refuse only separators; the
 * others' listings are not all known), so ASCII letters, digits, `-`, `_` and `.` (not first).
 */
export const newBranchNameProblem = (name: string): string | null =>
  /^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(name) ? null : `The branch name "${name}" has a character other than ASCII letters, digits, "-", "_" and "." (or starts with one of "-" and "."): a new branch keeps to those, which every Contexa implementation reads back as a folder name.`;

/** The merge's arguments, its target defaulted to main; a bad name or an over-long summary refused. */
export function mergeArgs(args: MergeArgsForAgent) {
  const target = args.target ?? MAIN_BRANCH;
  for (const name of [args.branch, target]) {
    const problem = agentBranchNameProblem(name);
    if (problem) throw new AgentWriteError(400, problem);
  }
  if (args.summary) {
    const problem = fieldProblem('summary', args.summary);
    if (problem) throw new AgentWriteError(413, problem);
  }
  return { branch: args.branch, target, summary: args.summary ?? null };
}
