// What an agent's GCC operations (init, log, commit, branch) write, byte for byte as the workspace's own Contexa
// implementation writes them, and the refusals of bad input before anything is written. Pure: the numbers that depend
// on what the implementation reads back (a step's number, a commit's previous summary) are given by the caller.
import type { BranchMetadata, Commit, Dialect } from '../../types.ts';
import { commitMisread, MISREAD_REMEDY, misreadLines, misreadRefusal, readersTake, stepMisread } from '../dialects/misread.ts';
import { branchFilePath, branchNameProblem, ROADMAP_FILE } from '../read/paths.ts';
import { serializeRoadmap, serializeRoadmapUpdate } from '../read/roadmap.ts';
import { commitMarkdown, sanitizeValue, stepMarkdown } from '../context/render.ts';
import { luaEscape } from '../read/escape.ts';
import { serializeCommitHeader } from './commit-write.ts';
import { serializeLogHeader } from './log-write.ts';
import { INITIAL_PREVIOUS_SUMMARY } from './merge-plan.ts';
import { serializeMetadata } from './metadata-write.ts';

/** Lua escapes a value's `---` lines its own way; every other writer as render.ts's sanitizeValue does. */
const escapeOf = (dialect: AgentDialect) => (dialect === 'lua' ? luaEscape : sanitizeValue);

/**
 * The dialects whose every agent operation we write exactly: Python and TypeScript checked against the real writers,
 * Go, Rust, Lua and Elixir against the folders their real writers left in the corpus.
 */
export const AGENT_DIALECTS = ['python', 'typescript', 'go', 'rust', 'lua', 'elixir'] as const;
export type AgentDialect = (typeof AGENT_DIALECTS)[number];

export const MAIN_BRANCH = 'main';
export const MAIN_PURPOSE = 'Primary reasoning trajectory';

/**
 * The most a field may hold, in UTF-8 bytes: 1 MiB, far above any observation an agent writes, far below what would
 * make a record slow to read back (every reader splits the whole log into lines).
 */
export const AGENT_FIELD_LIMIT_BYTES = 1024 * 1024;

export function isAgentDialect(dialect: Dialect | null | undefined): dialect is AgentDialect {
  return (AGENT_DIALECTS as readonly string[]).includes(dialect ?? '');
}

/** Why gcc-studio does not write agent records in `dialect`, or null when it does. */
export function agentDialectProblem(dialect: Dialect): string | null {
  switch (dialect) {
    case 'python':
    case 'typescript':
    case 'go':
    case 'rust':
    case 'lua':
    case 'elixir':
      return null;
    case 'zig':
      return "gcc-studio does not write agent records in Contexa Zig's dialect: Zig numbers a step by every `### Step` in its log, values included, and drops a commit's roadmap update, which gcc-studio does not reproduce.";
    case 'unknown':
      return 'gcc-studio cannot tell which Contexa implementation wrote this branch, so it does not know which bytes to write.';
  }
}

export interface StepFields {
  observation: string;
  thought: string;
  action: string;
}

/** Contexa's own emptiness test (`not value.strip()`): whitespace only counts as empty. */
const blank = (value: string): boolean => value.trim() === '';

/** Why a field cannot be written: over the limit. Decided from its length first, so a 50 MB value is never encoded. */
export function fieldProblem(name: string, value: string): string | null {
  // A UTF-16 unit is at least one UTF-8 byte, and at most three.
  if (value.length > AGENT_FIELD_LIMIT_BYTES || (value.length * 3 > AGENT_FIELD_LIMIT_BYTES && new TextEncoder().encode(value).length > AGENT_FIELD_LIMIT_BYTES)) {
    return `The ${name} is longer than ${AGENT_FIELD_LIMIT_BYTES} bytes (1 MiB), the most gcc-studio writes in one field.`;
  }
  return null;
}

/** Why a step cannot be written (every implementation refuses a step with all three fields empty), or null. */
export function stepProblem(fields: StepFields): string | null {
  if (blank(fields.observation) && blank(fields.thought) && blank(fields.action)) {
    return 'A step needs an observation, a thought or an action: all three are empty.';
  }
  return fieldProblem('observation', fields.observation) ?? fieldProblem('thought', fields.thought) ?? fieldProblem('action', fields.action);
}

/**
 * Why Contexa's readers would misread this step as written (a line they take for a header, a `---` they cut at): the
 * page's hand edit refuses the same values in the same words (misread.ts). Only the agent's own fields are looked at.
 */
export function stepMisreadProblem(step: number, timestamp: string, fields: StepFields): string | null {
  const report = stepMisread({ step, timestamp, ...fields, range: { start: 0, end: 0 } });
  return report ? misreadRefusal(report) : null;
}

/** The same for a commit's contribution, in the commit as it would be written. */
export function contributionMisreadProblem(commit: Omit<Commit, 'range' | 'branchName'> & { branch: string }): string | null {
  const { branch, ...fields } = commit;
  const report = commitMisread({ ...fields, branchName: branch, range: { start: 0, end: 0 } }, ['thisCommitContribution']);
  return report ? misreadRefusal(report) : null;
}

/**
 * The same for a branch's purpose, as each of its commits will carry it (commit.md's Branch Purpose): refused when it
 * is set (gcc_branch, the page's purpose edit), not at the next commit.
 */
export function purposeMisreadProblem(branch: string, purpose: string, timestamp: string): string | null {
  const commit: Commit = { commitId: '00000000', branchName: branch, branchPurpose: purpose, previousProgressSummary: '', thisCommitContribution: '(its contribution)', timestamp, range: { start: 0, end: 0 } };
  const report = commitMisread(commit, ['branchPurpose']);
  if (!report) return null;
  return `The purpose of \`${branch}\` holds ${misreadLines(report)} that ${readersTake(report)} for a record's edge in commit.md, where each of its commits carries it. ${MISREAD_REMEDY}`;
}

/** Why a commit cannot be written, or null. */
export function commitProblem(contribution: string, roadmapUpdate?: string | null): string | null {
  if (blank(contribution)) return "A commit needs a contribution: it is empty.";
  return fieldProblem('contribution', contribution) ?? (roadmapUpdate ? fieldProblem('roadmap update', roadmapUpdate) : null);
}

/**
 * Why `name` cannot be an agent's branch: what cannot be a folder under branches/ (paths.ts), and what a Contexa reader
 * would misread: a backtick ends the name in every `branch \`x\`` heading, a line separator Python's splitlines() cuts
 * at, white space at an end that the readers trim, a leading dot (a hidden folder), `..` anywhere.
 */
export function agentBranchNameProblem(name: string): string | null {
  const problem = branchNameProblem(name);
  if (problem) return `The ${problem}.`;
  if (name.includes('..')) return `The branch name "${name}" contains "..".`;
  if (name.startsWith('.')) return `The branch name "${name}" starts with a dot, which would make it a hidden folder.`;
  if (name.includes('`')) return `The branch name "${name}" contains a backtick, which ends the name in every heading Contexa writes.`;
  if (/[\u0085\u2028\u2029\u001c-\u001e]/.test(name)) return 'The branch name contains a line separator, which Contexa Python splits lines at.';
  if (name.trim() !== name) return `The branch name "${name}" starts or ends with white space, which Contexa's readers trim.`;
  return null;
}

/** Why a branch cannot be made with this purpose, or null. */
export function purposeProblem(purpose: string): string | null {
  if (blank(purpose)) return 'A branch needs a purpose: it is empty.';
  return fieldProblem('purpose', purpose);
}

/** One file's bytes to write, relative to .GCC/. */
export interface AgentFileWrite {
  file: string;
  /** `create`: a new file (refused if it exists); `append`: after the current end; `replace`: the whole file. */
  mode: 'create' | 'append' | 'replace';
  text: string;
}

function mainMetadata(createdAt: string): BranchMetadata {
  return { name: MAIN_BRANCH, purpose: MAIN_PURPOSE, createdFrom: '', createdAt, status: 'active', mergedInto: null, mergedAt: null };
}

/** `init(goal)`: main.md, then main's log, commit history and metadata, in the implementations' order. */
export function initWrites(goal: string, dialect: AgentDialect, timestamps: { initialized: string; createdAt: string }): AgentFileWrite[] {
  return [
    { file: ROADMAP_FILE, mode: 'create', text: serializeRoadmap(timestamps.initialized, goal) },
    ...branchWrites(mainMetadata(timestamps.createdAt), dialect),
  ];
}

/** A new branch's three files: the log's and commit history's headers, then its metadata. */
export function branchWrites(meta: BranchMetadata, dialect: AgentDialect): AgentFileWrite[] {
  return [
    { file: branchFilePath(meta.name, 'log'), mode: 'create', text: serializeLogHeader(meta.name) },
    { file: branchFilePath(meta.name, 'commit'), mode: 'create', text: serializeCommitHeader(meta.name) },
    { file: branchFilePath(meta.name, 'metadata'), mode: 'create', text: serializeMetadata(meta, dialect) },
  ];
}

/** `branch(name, purpose)` from `from`: an active branch's metadata. */
export function newBranchMetadata(name: string, purpose: string, from: string, createdAt: string): BranchMetadata {
  return { name, purpose, createdFrom: from, createdAt, status: 'active', mergedInto: null, mergedAt: null };
}

// Records are written with the writers' own escape (render.ts; Lua's turns every newline into `\n\---\n`), not
// serializeValue's lossless one: an agent's value goes to disk exactly as Contexa would put it (a value its readers
// misread is refused before: stepMisreadProblem).
// Every record is appended (server/write/agent-writes.ts): Zig's seek to the end and Elixir's read-and-rewrite of the
// whole file leave the same bytes, and under the writer's own lock no one sees the difference.

/**
 * `log(o, t, a)`: the step record. `readerStepCount` is how many steps the implementation's own parser reads in the
 * log now (Python: `len(_read_ota)`, TypeScript without its action-only steps): every implementation numbers `+ 1`.
 */
export function stepWrite(branch: string, fields: StepFields, readerStepCount: number, timestamp: string, dialect: AgentDialect): AgentFileWrite & { step: number } {
  const step = readerStepCount + 1;
  return { file: branchFilePath(branch, 'log'), mode: 'append', text: stepMarkdown({ step, timestamp, ...fields }, escapeOf(dialect)), step };
}

export interface CommitInput {
  branch: string;
  contribution: string;
  roadmapUpdate?: string | null;
  commitId: string;
  timestamp: string;
  /** The branch's metadata purpose as the implementation reads it ('' without metadata). */
  purposeAsRead: string;
  /** The contribution of the branch's last commit as the implementation reads it; null when it reads none. */
  lastContributionAsRead: string | null;
}

/** `commit(c, roadmap?)`: the commit record, then (when the update is not empty) main.md's `## Update`. */
export function commitWrites(input: CommitInput, dialect: AgentDialect): AgentFileWrite[] {
  const text = commitMarkdown({
    commitId: input.commitId,
    timestamp: input.timestamp,
    branchPurpose: input.purposeAsRead,
    previousProgressSummary: input.lastContributionAsRead ?? INITIAL_PREVIOUS_SUMMARY,
    thisCommitContribution: input.contribution,
  }, escapeOf(dialect));
  const writes: AgentFileWrite[] = [{ file: branchFilePath(input.branch, 'commit'), mode: 'append', text }];
  // Both real writers test the update's truth (`if update_roadmap:`): an empty one writes nothing.
  if (input.roadmapUpdate) writes.push({ file: ROADMAP_FILE, mode: 'append', text: serializeRoadmapUpdate(input.timestamp, input.roadmapUpdate) });
  return writes;
}
