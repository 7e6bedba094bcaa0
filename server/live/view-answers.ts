// Answers built from a workspace view that more than one door gives: the search route and the MCP server's
// gcc_search, the compare route and gcc_diff / the merge-review prompt.
import type { BranchSummary, SearchResponse } from '../../shared/api.ts';
import type { BranchSide } from '../../shared/gcc/compare/branch-diff.ts';
import { compareAnswer } from '../../shared/gcc/compare/compare-answer.ts';
import { searchAnswer, type SearchableBranch } from '../../shared/search.ts';
import type { FindBytes } from '../../shared/search-steps.ts';
import type { WorkspaceView } from './workspace-view.ts';

/** Node's native search of a byte string (memchr and Boyer-Moore-Horspool in C++), on the log's bytes without a copy. */
export const nativeFind: FindBytes = (hay, needle, from) => Buffer.from(hay.buffer, hay.byteOffset, hay.length).indexOf(needle, from);

/** Steps and commits of every branch containing the text, newest first. */
export function searchView(view: WorkspaceView, query: string, limit: number): SearchResponse {
  const branches: SearchableBranch[] = view.workspace().branches.map((summary) => ({
    name: summary.name,
    commits: view.branch(summary.name)?.commits ?? [],
    steps: view.stepList(summary.name) ?? [],
  }));
  return searchAnswer(query, branches, limit, nativeFind);
}

function sideOf(view: WorkspaceView, summary: BranchSummary): BranchSide {
  return {
    name: summary.name,
    metadata: summary.metadata,
    dialect: summary.dialect,
    commits: view.branch(summary.name)?.commits ?? [],
    steps: view.stepList(summary.name) ?? [],
  };
}

/** A branch against its base (default: the branch it was created from, else main); only the steps shown are decoded. */
export function compareView(view: WorkspaceView, head: string, base: string | null): ReturnType<typeof compareAnswer> {
  return compareAnswer(view.workspace().branches, (b) => sideOf(view, b), head, base);
}
