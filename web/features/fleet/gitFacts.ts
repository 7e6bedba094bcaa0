// What a git row says under its name: the commit it shows and when it was pushed, whether the remote answered at the
// last fetch, and a note when the ref was rewritten (force-pushed). Pure, so the words are tested alone.
import { describeAge } from '../../../shared/fleet/badges.ts';
import type { GitRowFacts } from '../../../shared/fleet/fleet-api.ts';

export interface GitFactsText {
  line: string;
  /** The last fetch failed: why (the row shows its last fetched state). */
  stale: string | null;
  rewritten: string | null;
}

export function gitFactsText(git: GitRowFacts, now: number): GitFactsText {
  const pushed = git.pushedAt > 0 ? `pushed ${describeAge(Math.max(0, now - git.pushedAt))} ago` : 'push time unknown';
  return {
    line: `${git.commit.slice(0, 10)} · ${pushed}`,
    stale: git.stale === null ? null : `stale: ${git.stale}${git.fetchedAt === null ? '' : ` (last fetched ${describeAge(Math.max(0, now - git.fetchedAt))} ago)`}`,
    rewritten: git.rewrittenFrom === null ? null : `rewritten: the ref no longer descends from ${git.rewrittenFrom.slice(0, 10)} (a force-push); shown as it now is`,
  };
}
