// One branch as the store holds it: its log and commits followed on disk, its metadata, its writer's dialect, its
// newest time, and a version that moves with every change to its records.
import { branchSummary, type BranchSummary } from '../../shared/api.ts';
import { BRANCHES_DIR, BRANCH_FILES, branchFilePath } from '../../shared/gcc/read/paths.ts';
import { TextTimeKeys } from '../../shared/gcc/read/text-time-key.ts';
import type { CommitsState } from '../../shared/gcc/read/commits.ts';
import type { LogState } from '../../shared/gcc/read/log.ts';
import type { StepIndex } from '../../shared/gcc/read/step-index.ts';
import type { Commit, Diagnostic, Dialect } from '../../shared/types.ts';
import { commitsKeeper, logKeeper, type MetadataRead } from './format.ts';
import type { Dormancy } from './dormancy.ts';
import { TrackedFile } from './tracked-file.ts';
import { ANY_PATH, type FileStamp, type GccSource } from '../fs/index.ts';
import { sep } from 'node:path';

/** Records with times: a log's steps (an index), or commits through timedCommits. */
export interface TimedRecords {
  readonly length: number;
  timestampAt(i: number): string;
  timeKeyAt(i: number): [number, number] | null;
  /** The first of [from, to) with the newest key newer than `after`, or -1 (a step index answers from its columns). */
  newestIndex(from: number, to: number, after: readonly [number, number] | null): number;
}

/**
 * A string of its own: a timestamp cut from a commit's text is a slice that keeps the whole file's text alive (V8's
 * sliced strings), long after the branch's records went to sleep (12 MB on 5,000 branches).
 */
const ownCopy = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** Commits' timestamps read for their keys: one reader, whose month stays cached from branch to branch. */
const COMMIT_TIMES = new TextTimeKeys();

/** A branch's commits as TimedRecords: one object (no closure a method), each key compared as it is read. */
class TimedCommits implements TimedRecords {
  readonly length: number;

  constructor(private readonly commits: readonly Commit[]) {
    this.length = commits.length;
  }

  timestampAt(i: number): string {
    return this.commits[i]!.timestamp;
  }

  timeKeyAt(i: number): [number, number] | null {
    return COMMIT_TIMES.read(this.commits[i]!.timestamp) ? [COMMIT_TIMES.key0, COMMIT_TIMES.key1] : null;
  }

  newestIndex(from: number, to: number, after: readonly [number, number] | null): number {
    const commits = this.commits;
    let best = -1;
    let s0 = after ? after[0] : Number.NEGATIVE_INFINITY;
    let n0 = after ? after[1] : 0;
    for (let i = from; i < to; i++) {
      if (!COMMIT_TIMES.read(commits[i]!.timestamp)) continue;
      const s = COMMIT_TIMES.key0;
      const n = COMMIT_TIMES.key1;
      if (s > s0 || (s === s0 && n > n0)) {
        best = i;
        s0 = s;
        n0 = n;
      }
    }
    return best;
  }
}

export const timedCommits = (commits: readonly Commit[]): TimedRecords => new TimedCommits(commits);

let entries = 0;

export class BranchEntry {
  readonly log: TrackedFile<LogState, StepIndex>;
  readonly commits: TrackedFile<CommitsState, Commit[]>;
  meta: MetadataRead | null = null;
  metaBytesKey = '';
  /** metadata.yaml's version when it was read, kept only once it was old enough to trust (branch-refresh.ts). */
  metaStamp: FileStamp | null = null;
  dialect: Dialect = 'unknown';
  /** Its writer and the other implementations whose records it holds, when there are any (BranchSummary.writers). */
  writers: Dialect[] = [];
  /** The dialect the parsers were built for (it decides how `---` escapes are undone). */
  parserDialect: Dialect | undefined = undefined;
  /** The lock-file clue the dialect was last judged with (null: never judged). */
  detectedWithLock: boolean | null = null;
  newest: { ts: string; key: [number, number] } | null = null;
  /** Bumped on every change to the branch's records: cache key of its CONTEXT views. */
  version = 0;
  /** This entry among all of the process (a branch removed and made again is another): `${serial}.${version}` names its records. */
  readonly serial = ++entries;

  /**
   * `dir`: the branch folder, as `source` names it. `watched`: false for a one-shot read (nothing is read again, so
   * nothing is kept to judge a later change by).
   */
  constructor(
    readonly name: string,
    readonly dir: string,
    watched = true,
    readonly source: GccSource = ANY_PATH,
    dormancy?: Dormancy,
  ) {
    const options = { watched, source, ...(dormancy ? { dormancy } : {}) };
    const logPath = branchFilePath(name, 'log');
    const commitPath = branchFilePath(name, 'commit');
    this.log = new TrackedFile(inFolder(dir, BRANCH_FILES.log), logKeeper(name, undefined, logPath), logPath, options);
    this.commits = new TrackedFile(inFolder(dir, BRANCH_FILES.commit), commitsKeeper(name, undefined, commitPath), commitPath, options);
  }

  /** Its metadata.yaml, as the source names it. */
  get metadataPath(): string {
    return inFolder(this.dir, BRANCH_FILES.metadata);
  }

  /** Takes records [from, to) into the newest timestamp (the first of equal times wins, as in file order). */
  noteTimestamps(records: TimedRecords, from = 0, to = records.length): void {
    const i = records.newestIndex(from, to, this.newest?.key ?? null);
    if (i !== -1) this.newest = { ts: ownCopy(records.timestampAt(i)), key: records.timeKeyAt(i)! };
  }

  /** Drops both files' records until they are asked for again (dormancy.ts). */
  sleep(): void {
    this.log.sleep();
    this.commits.sleep();
  }

  recomputeNewest(): void {
    this.newest = null;
    this.noteTimestamps(timedCommits(this.commits.records));
    this.noteTimestamps(this.log.records);
  }

  summary(): BranchSummary {
    return branchSummary({
      name: this.name,
      metadata: this.meta?.metadata ?? null,
      dialect: this.dialect,
      ...(this.writers.length > 1 ? { writers: this.writers } : {}),
      commitCount: this.commits.count,
      stepCount: this.log.count,
      lastActivity: this.newest?.ts ?? null,
    });
  }

  diagnostics(): Diagnostic[] {
    return [...(this.meta?.diagnostics ?? []), ...this.log.diagnostics, ...this.commits.diagnostics, ...missingFileDiagnostics(this)];
  }
}

function missingFileDiagnostics(b: BranchEntry): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [file, kind] of [
    [b.log, BRANCH_FILES.log],
    [b.commits, BRANCH_FILES.commit],
  ] as const) {
    if (file.problem && !file.problem.missing) {
      out.push({ file: `${BRANCHES_DIR}/${b.name}/${kind}`, line: 0, severity: 'error', code: file.problem.code ?? 'unreadable-file', message: file.problem.message });
    }
  }
  return out;
}

/**
 * `name` in the folder `dir`, spelt as join(dir, name) spells it when `dir` is already normal (a listing's join, as
 * every BranchEntry's is) and `name` a plain file name: three joins a branch were ~9 ms of a 5,000-branch start.
 */
export function inFolder(dir: string, name: string): string {
  return dir === '' ? name : dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`;
}
