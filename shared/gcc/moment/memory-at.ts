// The memory as it was at a moment, computed from the folder as it is now; what cannot be reconstructed exactly is said,
// never passed off as exact.
import type { BranchMetadata, Commit, Dialect } from '../../types.ts';
import { EditedSteps, type StepList } from '../read/step-list.ts';
import type { EditEntry } from '../write/edit.ts';
import { MomentError, parseMoment, type Moment } from './moment.ts';
import { RecordTimes, type MergeTimeOf } from './record-times.ts';
import { roadmapAt, roadmapStart, type RoadmapObservation } from './roadmap-at.ts';
import { compareTime, formatKey, recordKey, type TimeKey } from '../read/time-key.ts';
import { editsAfter, undoEdits } from './undo-edits.ts';

/** One branch of the folder as it is now (the parser's lossless records). */
export interface BranchNow {
  name: string;
  metadata: BranchMetadata | null;
  dialect: Dialect;
  /** Decoded when asked (a 205,000-step log is an index of the file: shared/gcc/read/step-index.ts). */
  steps: StepList;
  commits: readonly Commit[];
  /**
   * Moves whenever its steps or commits may have changed (absent: always looked at): a branch whose version is the
   * one synced last keeps the times read then, and its records are not asked for (a sleeping branch is not woken).
   */
  version?: string;
}

export interface WorkspaceNow {
  /** main.md's text now. */
  roadmap: string;
  branches: readonly BranchNow[];
  /** The hand-edit history, oldest first (and the record rewrites the server watched, in the same form). */
  edits: readonly EditEntry[];
  /** What the server watched happen to main.md, oldest first (it dates blocks appended without a time). */
  roadmapObserved?: readonly RoadmapObservation[];
}

export interface BranchAt {
  name: string;
  metadata: BranchMetadata | null;
  dialect: Dialect;
  /** The steps then: a prefix of the log now, with the values before later hand edits put back. */
  steps: EditedSteps;
  commits: Commit[];
}

export interface MemoryAt {
  /** What was asked, and the instant it names (UTC). */
  moment: { text: string; time: string; key: TimeKey };
  roadmap: string;
  /** The branches that existed at the moment, by name. */
  branches: BranchAt[];
  /** Why the reconstruction may differ from the folder as it was; empty when it is exact. */
  reasons: string[];
}

/** `Merged branch \`x\`` opens every writer's merge commit contribution. */
const MERGE_COMMIT = /^Merged branch `([^`\n]+)`/;

interface Tracked {
  steps: StepList | null;
  commits: readonly Commit[] | null;
  stepTimes: RecordTimes;
  commitTimes: RecordTimes;
  version: string | undefined;
}

/**
 * Answers moments over a workspace that keeps growing: each branch's record times are read once and extended with
 * the records appended since (the same arrays, longer), so a moment on a 205,000-step log costs a bisection.
 */
/**
 * Logs and commit files only grow, so each file then was a prefix of the file now (record-times.ts finds where); a
 * branch exists from its `created_at` and is merged only from its `merged_at` (its merge block and commit appear
 * then); main.md is cut at its last update at or before the moment (roadmap-at.ts); hand edits saved after it are
 * undone (undo-edits.ts). The inexact is listed in `reasons`.
 */
export class WorkspaceTimeline {
  private readonly tracked = new Map<string, Tracked>();
  /** The workspace as last synced. */
  now: WorkspaceNow = { roadmap: '', branches: [], edits: [] };
  /** Each target's merge-time lookup, kept for the sync: the axis asks ~400 cuts per file, each of a merged run. */
  private mergeTimes = new Map<string, MergeTimeOf>();

  /** Brings the record times up to date with the workspace now. */
  sync(now: WorkspaceNow): void {
    this.now = now;
    this.mergeTimes = new Map();
    const names = new Set(now.branches.map((b) => b.name));
    for (const name of [...this.tracked.keys()]) if (!names.has(name)) this.tracked.delete(name);
    for (const b of now.branches) this.catchUp(b);
  }

  /** Whether the next sync reads this branch's records (its version moved, or it has none). */
  needsRecords(b: Pick<BranchNow, 'name' | 'version'>): boolean {
    const t = this.tracked.get(b.name);
    return !(t && b.version !== undefined && t.version === b.version);
  }

  times(branch: string): { steps: RecordTimes; commits: RecordTimes } | null {
    const t = this.tracked.get(branch);
    return t ? { steps: t.stepTimes, commits: t.commitTimes } : null;
  }

  /** When the workspace began: main.md's `**Initialized:**`, else the earliest `created_at` or record. */
  start(): TimeKey | null {
    const keys = [roadmapStart(this.now.roadmap), ...this.now.branches.map((b) => recordKey(b.metadata?.createdAt))];
    for (const b of this.now.branches) {
      const t = this.tracked.get(b.name);
      if (t && t.stepTimes.length > 0) keys.push(t.stepTimes.keyAt(0));
      if (t && t.commitTimes.length > 0) keys.push(t.commitTimes.keyAt(0));
    }
    const known = keys.filter((k): k is TimeKey => k !== null && Number.isFinite(k[0]));
    return known.length === 0 ? null : known.reduce((a, b) => (compareTime(a, b) <= 0 ? a : b));
  }

  /** The instant a moment names, and (for a record moment) the file it is anchored in. Throws MomentError. */
  resolve(input: string | Moment): { moment: Moment; key: TimeKey; anchor: Anchor | null } {
    const moment = typeof input === 'string' ? parseMoment(input) : input;
    const start = this.start();
    if (moment.kind === 'time') {
      if (start !== null && compareTime(moment.key, start) < 0) {
        throw new MomentError(`moment "${moment.text}" is before the workspace began (${formatKey(start)})`);
      }
      return { moment, key: moment.key, anchor: null };
    }
    const t = this.tracked.get(moment.branch);
    if (!t) {
      const names = this.now.branches.map((b) => b.name).join(', ');
      throw new MomentError(`moment "${moment.text}": no branch "${moment.branch}" (branches: ${names || 'none'})`);
    }
    const times = moment.file === 'step' ? t.stepTimes : t.commitTimes;
    if (moment.position > times.length) {
      throw new MomentError(`moment "${moment.text}": ${moment.branch} has ${times.length} ${moment.file}${times.length === 1 ? '' : 's'}`);
    }
    const key = times.effectiveKey(moment.position - 1, this.mergeTimeFor(moment.branch));
    return { moment, key, anchor: { branch: moment.branch, file: moment.file, count: moment.position } };
  }

  /** The memory at the moment. Throws MomentError for a moment that names nothing. */
  at(input: string | Moment): MemoryAt {
    const { moment, key, anchor } = this.resolve(input);
    const reasons: string[] = [];
    const branches = new Map<string, BranchAt>();
    for (const b of this.now.branches) {
      const cut = this.branchAt(b, key, anchor, reasons);
      if (cut) branches.set(b.name, cut);
    }
    const roadmap = roadmapAt(this.now.roadmap, key, this.now.roadmapObserved);
    reasons.push(...roadmap.reasons);
    const ws = { roadmap: roadmap.text, branches };
    reasons.push(...undoEdits(ws, editsAfter(this.now.edits, key)));
    return {
      moment: { text: moment.text, time: formatKey(key), key },
      roadmap: ws.roadmap,
      branches: [...branches.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      reasons: [...new Set(reasons)],
    };
  }

  /** When branch `source` was merged into `target` (its `merged_at`), for the records its merge appended there. */
  mergeTimeFor(target: string): MergeTimeOf {
    let lookup = this.mergeTimes.get(target);
    if (!lookup) {
      const known = new Map<string, TimeKey | null>();
      const metadata = this.metadataByName();
      lookup = (source) => {
        let key = known.get(source);
        if (key === undefined) {
          const meta = metadata.get(source);
          key = !meta || meta.status !== 'merged' || meta.mergedInto !== target ? null : recordKey(meta.mergedAt);
          known.set(source, key);
        }
        return key;
      };
      this.mergeTimes.set(target, lookup);
    }
    return lookup;
  }

  private byName: { now: WorkspaceNow; map: Map<string, BranchMetadata | null> } | null = null;

  private metadataByName(): Map<string, BranchMetadata | null> {
    if (this.byName?.now !== this.now) this.byName = { now: this.now, map: new Map(this.now.branches.map((b) => [b.name, b.metadata])) };
    return this.byName.map;
  }

  /** Reads the times one branch gained since its last sync (a caller may take the branches a few at a time first). */
  catchUp(b: BranchNow): void {
    if (!this.needsRecords(b)) return;
    let t = this.tracked.get(b.name);
    if (!t) {
      t = { steps: null, commits: null, stepTimes: new RecordTimes(`branches/${b.name}/log.md`), commitTimes: new RecordTimes(`branches/${b.name}/commit.md`, false), version: undefined };
      this.tracked.set(b.name, t);
    }
    // A step index only grows (a reload makes a new one); an array keeps its records in place as it grows.
    if (!(t.steps === b.steps && b.steps.length >= t.stepTimes.length)) t.stepTimes = new RecordTimes(t.stepTimes.file);
    t.stepTimes.append(stepTimes(b.steps, t.stepTimes.length));
    if (!grew(t.commits, b.commits, t.commitTimes.length)) t.commitTimes = new RecordTimes(t.commitTimes.file, false);
    t.commitTimes.append(b.commits.slice(t.commitTimes.length).map((c) => ({ key: recordKey(c.timestamp), mergedFrom: MERGE_COMMIT.exec(c.thisCommitContribution)?.[1] })));
    t.steps = b.steps;
    t.commits = b.commits;
    t.version = b.version;
  }

  private branchAt(b: BranchNow, key: TimeKey, anchor: Anchor | null, reasons: string[]): BranchAt | null {
    const t = this.tracked.get(b.name)!;
    const created = recordKey(b.metadata?.createdAt);
    if (created !== null && compareTime(created, key) > 0 && anchor?.branch !== b.name) return null;
    if (created === null) reasons.push(`branches/${b.name}/metadata.yaml: no readable created_at; the branch is shown at every moment`);
    const mergeTime = this.mergeTimeFor(b.name);
    const stepCut = t.stepTimes.cut(key, mergeTime);
    const commitCut = t.commitTimes.cut(key, mergeTime);
    let steps = stepCut.count;
    let commits = commitCut.count;
    if (anchor?.branch === b.name) {
      // "Just after the N-th record": that file's cut is exact by definition.
      if (anchor.file === 'step') steps = anchor.count;
      else commits = anchor.count;
    }
    if (anchor?.branch !== b.name || anchor.file !== 'step') reasons.push(...stepCut.reasons, ...tie(t.stepTimes, steps, key, anchor));
    if (anchor?.branch !== b.name || anchor.file !== 'commit') reasons.push(...commitCut.reasons, ...tie(t.commitTimes, commits, key, anchor));
    return { name: b.name, dialect: b.dialect, metadata: metadataAt(b, key, reasons), steps: new EditedSteps(b.steps.prefix(steps)), commits: b.commits.slice(0, commits) };
  }
}

export interface Anchor {
  branch: string;
  file: 'step' | 'commit';
  count: number;
}

/**
 * A record moment names one record; a record of another file written in the same instant (at the writers' precision,
 * a second for Go, Zig and Lua) may have come before or after it. Merged records share their merge's time by rule.
 */
function tie(times: RecordTimes, count: number, key: TimeKey, anchor: Anchor | null): string[] {
  if (!anchor || count === 0 || !times.hasOwnTime(count - 1) || times.mergedAt(count - 1) !== undefined) return [];
  if (compareTime(times.keyAt(count - 1), key) !== 0) return [];
  return [`${times.file}: record ${count} has the same time as ${anchor.branch}'s ${anchor.file} ${anchor.count}; which was written first cannot be told, it is shown`];
}

function grew<T>(seen: readonly T[] | null, now: readonly T[], read: number): boolean {
  return seen === now ? now.length >= read : seen !== null && now.length >= read && read > 0 && seen[read - 1] === now[read - 1];
}

/** The times of steps [from, end) from the list's columns (nothing decoded); recordKey reads damaged times too. */
function* stepTimes(steps: StepList, from: number): Generator<{ key: TimeKey | null; mergedFrom: string | undefined }> {
  for (let i = from; i < steps.length; i++) {
    yield { key: steps.instantAt(i), mergedFrom: steps.mergedFromAt(i) };
  }
}

/** The branch's metadata at the moment: not yet merged before its `merged_at`. */
function metadataAt(b: BranchNow, key: TimeKey, reasons: string[]): BranchMetadata | null {
  const meta = b.metadata;
  if (!meta || meta.status !== 'merged') return meta ? { ...meta } : null;
  const merged = recordKey(meta.mergedAt);
  if (merged === null) {
    reasons.push(`branches/${b.name}/metadata.yaml: merged without a readable merged_at; shown as merged at every moment`);
    return { ...meta };
  }
  if (compareTime(merged, key) <= 0) return { ...meta };
  // Lua rewrites metadata.yaml at the merge reading its own quoting back without undoing `''`: every `'` of a quoted
  // value was doubled once then, so before the merge it was single.
  const purpose = b.dialect === 'lua' && /[:#']/.test(meta.purpose) ? meta.purpose.replaceAll("''", "'") : meta.purpose;
  return { ...meta, purpose, status: 'active', mergedInto: null, mergedAt: null };
}
