// Moments that are git commits: `git:<sha>` names the exact tree of a commit that changed .GCC/ (no reconstruction),
// and `git log` lines read into those commits. Pure, so the grammar and the parse are tested alone.

export interface GitMoment {
  commit: string;
  /** The author date, as git gives it (ISO 8601 with offset). */
  time: string;
  /** Epoch ms of it. */
  ms: number;
  subject: string;
}

/** The format asked of `git log -z`: fields NUL-separated, so a subject can hold anything but a NUL. */
export const LOG_FORMAT = '%H%x00%aI%x00%s';

const GIT_MOMENT = /^git:([0-9a-f]{4,64})$/;

/** The commit (a prefix of at least 4 hex digits) `git:<sha>` names, or null when the text is not a git moment. */
export function gitMomentPrefix(text: string): string | null {
  return GIT_MOMENT.exec(text.trim())?.[1] ?? null;
}

export const gitMomentText = (commit: string) => `git:${commit}`;

/** `git log -z --format=LOG_FORMAT` output: records separated by NUL, three fields each, newest first. */
export function parseGitLog(text: string): GitMoment[] {
  const fields = text.split('\0');
  const out: GitMoment[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const commit = fields[i]!.replace(/^\n/, '');
    const time = fields[i + 1]!;
    const ms = Date.parse(time);
    if (!/^[0-9a-f]{40,64}$/.test(commit) || Number.isNaN(ms)) continue;
    out.push({ commit, time, ms, subject: fields[i + 2]! });
  }
  return out;
}

/** The one moment `prefix` names, or why not (none, or several). */
export function findGitMoment(moments: readonly GitMoment[], prefix: string): { moment: GitMoment } | { problem: string } {
  const found = moments.filter((m) => m.commit.startsWith(prefix));
  if (found.length === 1) return { moment: found[0]! };
  if (found.length === 0) return { problem: `moment "git:${prefix}": no commit that changed .GCC/ starts with ${prefix} (${moments.length} do)` };
  return { problem: `moment "git:${prefix}" names ${found.length} commits: give more of the id` };
}
