// One branch as the store holds it: its two tracked files (log.md, commit.md), its metadata as last read, the
// dialect of its writer, its newest timestamp, and a version bumped on every change to its records.
import type { BranchSummary } from '../../shared/api.ts';
import { BRANCHES_DIR, BRANCH_FILES, branchFilePath } from '../../shared/gcc/read/paths.ts';
import { compareKeys, timestampKey } from '../../shared/gcc/read/records.ts';
import type { CommitsState } from '../../shared/gcc/read/commits.ts';
import type { LogState } from '../../shared/gcc/read/log.ts';
import type { Commit, Diagnostic, Dialect, OtaStep } from '../../shared/types.ts';
import { commitsParser, logParser, type MetadataRead } from './format.ts';
import { TrackedFile } from './tracked-file.ts';
import { join } from 'node:path';

export class BranchEntry {
  readonly log: TrackedFile<LogState, OtaStep>;
  readonly commits: TrackedFile<CommitsState, Commit>;
  meta: MetadataRead | null = null;
  metaBytesKey = '';
  dialect: Dialect = 'unknown';
  /** The dialect the parsers were built for (it decides how `---` escapes are undone). */
  parserDialect: Dialect | undefined = undefined;
  newest: { ts: string; key: [number, number] } | null = null;
  /** Bumped on every change to the branch's records: cache key of its CONTEXT views. */
  version = 0;

  constructor(
    readonly name: string,
    readonly dir: string,
  ) {
    this.log = new TrackedFile(join(dir, BRANCH_FILES.log), logParser(name), branchFilePath(name, 'log'));
    this.commits = new TrackedFile(join(dir, BRANCH_FILES.commit), commitsParser(name), branchFilePath(name, 'commit'));
  }

  noteTimestamps(records: readonly { timestamp: string }[]): void {
    // The newest so far, when its text sorts like its time (canonical): a timestamp of the same layout that does not
    // sort after it is not newer, which saves the regex and Date.UTC on nearly all of a 205,000-step log.
    let plain = this.newest && isCanonicalTimestamp(this.newest.ts) ? this.newest.ts : null;
    for (const r of records) {
      const ts = r.timestamp;
      if (plain !== null && sortsNotAfter(ts, plain) && isCanonicalTimestamp(ts)) continue;
      const key = timestampKey(ts);
      if (key && (!this.newest || compareKeys(key, this.newest.key) > 0)) {
        this.newest = { ts, key };
        plain = isCanonicalTimestamp(ts) ? ts : null;
      }
    }
  }

  recomputeNewest(): void {
    this.newest = null;
    this.noteTimestamps(this.commits.records);
    this.noteTimestamps(this.log.records);
  }

  summary(): BranchSummary {
    const m = this.meta?.metadata ?? null;
    return {
      name: this.name,
      metadata: m,
      purpose: m?.purpose ?? null,
      createdFrom: m?.createdFrom ?? null,
      status: m?.status ?? null,
      mergedInto: m?.mergedInto ?? null,
      dialect: this.dialect,
      commitCount: this.commits.records.length,
      stepCount: this.log.records.length,
      lastActivity: this.newest?.ts ?? null,
    };
  }

  diagnostics(): Diagnostic[] {
    return [...(this.meta?.diagnostics ?? []), ...this.log.diagnostics, ...this.commits.diagnostics, ...missingFileDiagnostics(this)];
  }
}

/**
 * Whether `a` has the layout of `b` (same length, same character after the seconds, same zone: their digits line
 * up) and does not sort after it. Compared a character at a time: the records' texts are slices of a big two-byte
 * string, on which `<=` and `endsWith` take the slow path.
 */
function sortsNotAfter(a: string, b: string): boolean {
  const n = a.length;
  if (n !== b.length || n < 20 || a.charCodeAt(19) !== b.charCodeAt(19)) return false;
  const zoneAt = b.charCodeAt(n - 1) === 90 ? n - 1 : n - 6;
  for (let i = zoneAt; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  for (let i = 0; i < zoneAt; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d < 0;
  }
  return true;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `YYYY-MM-DDTHH:MM:SS…` whose fields are in range: timestampKey's Date.UTC would roll `02-30` over into March, and
 * such a text does not sort like its time. (Anything else timestampKey refuses anyway.)
 */
function isCanonicalTimestamp(ts: string): boolean {
  if (ts.length < 20 || ts.charCodeAt(4) !== 45 || ts.charCodeAt(7) !== 45 || ts.charCodeAt(10) !== 84 || ts.charCodeAt(13) !== 58 || ts.charCodeAt(16) !== 58) return false;
  const n = (at: number) => (ts.charCodeAt(at) - 48) * 10 + (ts.charCodeAt(at + 1) - 48);
  const month = n(5);
  const day = n(8);
  const year = n(0) * 100 + n(2);
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS[month - 1]! + (leap ? 1 : 0) && n(11) <= 23 && n(14) <= 59 && n(17) <= 59;
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
