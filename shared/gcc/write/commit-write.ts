// commit.md written exactly as the writers write it: a commit record, the file's header.

import type { Commit, Dialect } from '../../types.ts';
import { escapeStyleOf, serializeValue } from '../read/escape.ts';

/** Exactly the bytes a writer of `dialect` appends for a commit (see ../read/escape.ts for the escaping). */
export function serializeCommit(
  commit: Pick<Commit, 'commitId' | 'timestamp' | 'branchPurpose' | 'previousProgressSummary' | 'thisCommitContribution'>,
  dialect?: Dialect,
): string {
  const style = escapeStyleOf(dialect);
  return (
    `## Commit \`${commit.commitId}\`\n` +
    `**Timestamp:** ${commit.timestamp}\n\n` +
    `**Branch Purpose:** ${serializeValue(commit.branchPurpose, style)}\n\n` +
    `**Previous Progress Summary:** ${serializeValue(commit.previousProgressSummary, style)}\n\n` +
    `**This Commit's Contribution:** ${serializeValue(commit.thisCommitContribution, style)}\n\n` +
    `---\n`
  );
}

/** The first bytes of a new commit.md. */
export function serializeCommitHeader(branch: string): string {
  return `# Commit History — branch \`${branch}\`\n\n`;
}
