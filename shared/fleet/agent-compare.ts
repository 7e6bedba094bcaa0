// Two agents' memories of the same project, compared like two branches: a branch of each (main vs main by default),
// CONTEXT side by side, and what each has that the other lacks: commits and steps by their text, since two agents'
// commit ids and step numbers are each their own (two agents that wrote the same milestone drew two random ids).
import type { BranchSummary, ContextResponse } from '../api.ts';
import type { BranchSide } from '../gcc/compare/branch-diff.ts';
import type { Commit, OtaStep } from '../types.ts';

/** Steps looked at on each side, from the end (a log can hold 200,000; the recent ones are what differ). */
export const AGENT_STEP_WINDOW = 10_000;
/** Steps listed on each side at most (the newest); the count is whole. */
export const AGENT_STEPS_LISTED = 200;

export interface AgentSideAnswer {
  ws: string;
  branch: BranchSummary;
  context: ContextResponse | null;
}

export interface AgentLacks {
  /** Commits of this side whose contribution the other side's branch has nowhere, oldest first. */
  commits: Commit[];
  /** Steps of this side whose observation, thought and action the other's has nowhere (the newest AGENT_STEPS_LISTED). */
  steps: OtaStep[];
  stepsTotal: number;
}

export interface AgentCompareResponse {
  a: AgentSideAnswer;
  b: AgentSideAnswer;
  /** What A has that B lacks, and the other way round. */
  onlyA: AgentLacks;
  onlyB: AgentLacks;
}

const stepKey = (s: OtaStep) => `${s.observation}\u0000${s.thought}\u0000${s.action}`;
/** A commit as another agent may have written it too: what it says it contributed. */
const commitKey = (c: Commit) => c.thisCommitContribution;

function window(side: BranchSide): OtaStep[] {
  const n = side.steps.length;
  return side.steps.slice(Math.max(0, n - AGENT_STEP_WINDOW), n) as OtaStep[];
}

function lacks(mine: BranchSide, theirs: BranchSide, myKeys: OtaStep[], theirKeys: ReadonlySet<string>): AgentLacks {
  const steps = myKeys.filter((s) => !theirKeys.has(stepKey(s)));
  const said = new Set(theirs.commits.map(commitKey));
  return { commits: mine.commits.filter((c) => !said.has(commitKey(c))), steps: steps.slice(-AGENT_STEPS_LISTED), stepsTotal: steps.length };
}

export function agentDiff(a: BranchSide, b: BranchSide): { onlyA: AgentLacks; onlyB: AgentLacks } {
  const [stepsA, stepsB] = [window(a), window(b)];
  const keysA = new Set(stepsA.map(stepKey));
  const keysB = new Set(stepsB.map(stepKey));
  return { onlyA: lacks(a, b, stepsA, keysB), onlyB: lacks(b, a, stepsB, keysA) };
}
