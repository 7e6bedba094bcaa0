// Every bad argument an agent can send the MCP tools (the tests' and `npm run attack`'s): each must be a tool error of
// one sentence that writes nothing.
const FIFTY_MB = 'x'.repeat(50 * 1024 * 1024);
export const STEP = { observation: 'o', thought: 't', action: 'a' };

/** [what, tool, arguments, what its one sentence says], on a copy of the python corpus case. */
export const BAD_INPUTS: [string, string, Record<string, unknown>, RegExp][] = [
  ['a branch name with /', 'gcc_branch', { name: 'a/b', purpose: 'p' }, /separator/],
  ['a branch name ..', 'gcc_branch', { name: '..', purpose: 'p' }, /\.\./],
  ['a branch name with .. inside', 'gcc_branch', { name: 'a..b', purpose: 'p' }, /\.\./],
  ['a control character', 'gcc_branch', { name: 'a\u0007b', purpose: 'p' }, /control character/],
  ['a branch name with a space', 'gcc_branch', { name: 'with space', purpose: 'p' }, /"with space" has a character other than ASCII letters/],
  ['a branch name with non-ASCII letters', 'gcc_branch', { name: 'ünï', purpose: 'p' }, /"ünï" has a character other than ASCII letters/],
  ['a branch name starting with -', 'gcc_branch', { name: '-x', purpose: 'p' }, /starts with one of/],
  ['a step with no field at all', 'gcc_log', {}, /all three are empty/],
  ['a diff of a branch with itself', 'gcc_diff', { branch: 'auth-jwt', base: 'auth-jwt' }, /both "auth-jwt"/],
  ['a branch that exists', 'gcc_branch', { name: 'auth-jwt', purpose: 'p' }, /exists/],
  ['an empty step', 'gcc_log', { observation: ' ', thought: '', action: '\n' }, /empty/],
  ['a commit whose contribution the readers misread', 'gcc_commit', { contribution: 'done\n## Commit `deadbeef`\nmore' }, /holds a line `## Commit `deadbeef`` that .* take for a record header.*Refused: put a backslash before each such line/],
  ['a branch purpose its commits would carry misread', 'gcc_branch', { name: 'cut', purpose: 'check the table ---' }, /^The purpose of `cut` holds a line `check the table ---` that Contexa's .* take for a record's edge in commit.md, where each of its commits carries it\. Refused/],
  ['a 50 MB field', 'gcc_log', { ...STEP, observation: FIFTY_MB }, /1 MiB/],
  ['an unknown branch', 'gcc_log', { ...STEP, branch: 'no-such-branch' }, /no-such-branch/],
  ['a step on a branch name with /', 'gcc_log', { ...STEP, branch: '../main' }, /separator|\.\./],
  ['an empty commit', 'gcc_commit', { contribution: '   ' }, /empty/],
  ['a merge of a merged branch', 'gcc_merge', { branch: 'auth-jwt' }, /merged/],
  ['a step on a merged branch', 'gcc_log', { ...STEP, branch: 'auth-jwt' }, /^`auth-jwt` was merged into `main` \(.*\): a step .* write it on `main`.*\(gcc_branch\)/],
  ['a commit on a merged branch', 'gcc_commit', { contribution: 'c', branch: 'auth-jwt' }, /^`auth-jwt` was merged into `main`.*: a commit .*gcc_branch/],
  ['a merge into a merged branch', 'gcc_merge', { branch: 'auth-session', target: 'auth-jwt' }, /`auth-jwt` was merged into `main`.*merge into `main` instead/],
  ['a merge into an unknown branch', 'gcc_merge', { branch: 'auth-session', target: 'nowhere' }, /nowhere/],
  ['a second init', 'gcc_init', { goal: 'again' }, /exists|already/],
  ['a field of the wrong type', 'gcc_log', { observation: 42, thought: 't', action: 'a' }, /observation must be a string/],
  ['a missing field', 'gcc_commit', {}, /contribution must be a string/],
  ['a k of 0', 'gcc_context', { k: 0 }, /k must be at least 1/],
  ['a moment that names nothing', 'gcc_context', { at: 'main@step:9999' }, /step/],
  ['a switch to an unknown branch', 'gcc_switch', { name: 'nope' }, /no branch "nope"/],
  ['a diff of an unknown branch', 'gcc_diff', { branch: 'nope' }, /no branch "nope"/],
];
