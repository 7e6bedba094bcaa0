// A merge that looks cut short from the files alone: the target holds its traces while the source's metadata, the last
// file every implementation writes, does not say it was merged. A warning, not a certainty.
import type { BranchMetadata, Commit, OtaStep } from '../../types.ts';

/** A merge found cut short, in plain words. */
export interface PartialMergeNotice {
  source: string;
  target: string;
  /** `record`: gcc-studio's intent record says so; `files`: the files look like it; `recovered`: rolled back or found complete at start. */
  evidence: 'record' | 'files' | 'recovered';
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface MergeTraceBranch {
  name: string;
  /** null: no readable metadata.yaml (a merge leaves such a branch as it is: nothing to judge by). */
  metadata: Pick<BranchMetadata, 'status' | 'mergedInto'> | null;
  steps: readonly Pick<OtaStep, 'mergedFrom'>[];
  commits: readonly Pick<Commit, 'commitId' | 'previousProgressSummary' | 'thisCommitContribution'>[];
}

const MERGE_COMMIT = /^Merg(?:ing|ed) branch `([^`]+)`/;

/** The sources each target holds traces of: copied steps and merge commits, by source name. */
function tracesIn(target: MergeTraceBranch): Map<string, { steps: number; commit: string | null }> {
  const out = new Map<string, { steps: number; commit: string | null }>();
  const entry = (source: string) => out.get(source) ?? out.set(source, { steps: 0, commit: null }).get(source)!;
  for (const s of target.steps) if (s.mergedFrom) entry(s.mergedFrom).steps++;
  for (const c of target.commits) {
    const source = MERGE_COMMIT.exec(c.previousProgressSummary)?.[1] ?? MERGE_COMMIT.exec(c.thisCommitContribution)?.[1];
    if (source) entry(source).commit = c.commitId;
  }
  return out;
}

// The traces: steps copied under a `## Merged from \`x\`` heading, or a merge commit "Merging branch `x` …". A crash
// mid-merge leaves exactly that (by Contexa's own writers too, whose merges are not atomic either), and merging again
// then writes a second block; a branch set back to active by hand looks the same. gcc-studio's own merges leave an
// intent record as well (server/write/merge-journal.ts), which is the certain evidence.
/** Every merge between the given branches whose traces are in the target while the source is not marked merged into it. */
export function partialMergesInFiles(branches: readonly MergeTraceBranch[]): PartialMergeNotice[] {
  const byName = new Map(branches.map((b) => [b.name, b]));
  const out: PartialMergeNotice[] = [];
  for (const target of branches) {
    for (const [sourceName, trace] of tracesIn(target)) {
      const source = byName.get(sourceName);
      if (!source?.metadata || sourceName === target.name) continue;
      if (source.metadata.status === 'merged' && source.metadata.mergedInto === target.name) continue;
      const found = [
        trace.steps > 0 ? `${trace.steps} step${trace.steps === 1 ? '' : 's'} copied under \`## Merged from \`${sourceName}\`\` in its log` : null,
        trace.commit ? `the merge commit \`${trace.commit}\`` : 'no merge commit',
      ].filter((x): x is string => x !== null);
      out.push({
        source: sourceName,
        target: target.name,
        evidence: 'files',
        severity: 'warning',
        message:
          `\`${target.name}\` holds ${found.join(' and ')}, but \`${sourceName}\`'s metadata.yaml does not say it was merged into \`${target.name}\`: ` +
          `a merge may have been cut short (a crash mid-merge). Merging again writes a second copy; check the files first.`,
      });
    }
  }
  return out;
}
