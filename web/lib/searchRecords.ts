// The page's own search over what it has loaded, used while the server has no search route. Pure.
import type { Commit, OtaStep } from '../../shared/types.ts';
import type { SearchMatch } from '../api/client.ts';
import { containsText, snippetAround } from './highlight.ts';

export interface SearchableBranch {
  name: string;
  commits: readonly Commit[];
  /** Loaded steps with their position in the log (pages may have holes). */
  steps: ReadonlyArray<readonly [number, OtaStep]>;
}

const STEP_FIELDS = ['observation', 'thought', 'action'] as const;
const COMMIT_FIELDS = ['thisCommitContribution', 'previousProgressSummary', 'branchPurpose', 'commitId'] as const;

/** Matches newest first within each branch, commits before steps, at most one match per record. */
export function searchRecords(query: string, branches: readonly SearchableBranch[], limit: number): SearchMatch[] {
  const q = query.trim();
  if (!q) return [];
  const out: SearchMatch[] = [];
  for (const b of branches) {
    for (let i = b.commits.length - 1; i >= 0 && out.length < limit; i--) {
      const c = b.commits[i]!;
      const field = COMMIT_FIELDS.find((f) => containsText(c[f], q));
      if (field) out.push({ branch: b.name, kind: 'commit', index: i, commitId: c.commitId, field, snippet: snippetAround(c[field], q) });
    }
    const steps = [...b.steps].sort((x, y) => y[0] - x[0]);
    for (const [index, s] of steps) {
      if (out.length >= limit) break;
      const field = STEP_FIELDS.find((f) => containsText(s[f], q));
      if (field) out.push({ branch: b.name, kind: 'step', index, step: s.step, field, snippet: snippetAround(s[field], q) });
    }
  }
  return out;
}
