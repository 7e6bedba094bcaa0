// Text search over a workspace's records: the server answers GET /api/search with it, newest first. Pure.
import type { SearchMatch, SearchResponse } from './api.ts';
import { asStepList, type StepList } from './gcc/read/step-list.ts';
import { candidateSteps, type FindBytes } from './search-steps.ts';
import type { Commit, OtaStep } from './types.ts';

export interface SearchableBranch {
  name: string;
  commits: readonly Commit[];
  /** The whole log, in file order: a match's `index` is its position here. */
  steps: StepList | readonly OtaStep[];
}

const STEP_FIELDS = ['observation', 'thought', 'action'] as const;
const COMMIT_FIELDS = ['thisCommitContribution', 'previousProgressSummary', 'branchPurpose', 'commitId'] as const;

/** Case-insensitive literal match; a blank query matches nothing. */
export function containsText(text: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q !== '' && text.toLowerCase().includes(q);
}

/** A one-line excerpt around the first match, with ellipses where it was cut. */
export function snippetAround(text: string, query: string, radius = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const q = query.trim().toLowerCase();
  const hit = q ? flat.toLowerCase().indexOf(q) : -1;
  if (hit === -1) return flat.length > radius * 2 ? flat.slice(0, radius * 2) + '…' : flat;
  const start = Math.max(0, hit - radius);
  const end = Math.min(flat.length, hit + q.length + radius);
  return (start > 0 ? '…' : '') + flat.slice(start, end) + (end < flat.length ? '…' : '');
}

/** Runs of consecutive indices (given newest first), each newest first. */
function consecutive(indices: readonly number[]): number[][] {
  const groups: number[][] = [];
  for (const i of indices) {
    const last = groups[groups.length - 1];
    if (last && last[last.length - 1] === i + 1) last.push(i);
    else groups.push([i]);
  }
  return groups;
}

/**
 * Matches newest first within each branch, commits before steps, at most one match per record, `limit` in all.
 * `find`: a native byte search to look in the logs' bytes with (search-steps.ts FindBytes).
 */
export function searchRecords(query: string, branches: readonly SearchableBranch[], limit: number, find?: FindBytes): SearchMatch[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  // Lower-case the needle once; each haystack once per field.
  const has = (text: string) => text.toLowerCase().includes(q);
  const out: SearchMatch[] = [];
  for (const b of branches) {
    for (let i = b.commits.length - 1; i >= 0 && out.length < limit; i--) {
      const c = b.commits[i]!;
      const field = COMMIT_FIELDS.find((f) => has(c[f]));
      if (field) out.push({ branch: b.name, kind: 'commit', index: i, commitId: c.commitId, field, snippet: snippetAround(c[field], query) });
    }
    // The steps that may hold the text, found on the log's bytes (search-steps.ts), each decoded and checked.
    const steps = asStepList(b.steps);
    for (const run of candidateSteps(steps, q, find)) {
      for (const group of consecutive(run)) {
        if (out.length >= limit) break;
        // Newest first within the group: decoded at once (one read), checked from its end.
        const decoded = steps.slice(group[group.length - 1]!, group[0]! + 1);
        for (let k = 0; k < decoded.length && out.length < limit; k++) {
          const s = decoded[decoded.length - 1 - k]!;
          const field = STEP_FIELDS.find((f) => has(s[f]));
          if (field) out.push({ branch: b.name, kind: 'step', index: group[k]!, step: s.step, field, snippet: snippetAround(s[field], query) });
        }
      }
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** The answer to a search (GET /api/search, and an exported page's search over the records it holds). */
export function searchAnswer(query: string, branches: readonly SearchableBranch[], limit: number, find?: FindBytes): SearchResponse {
  // One more than asked tells whether the answer was cut.
  const matches = searchRecords(query, branches, limit + 1, find);
  return { query, matches: matches.slice(0, limit), truncated: matches.length > limit };
}
