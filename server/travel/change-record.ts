// The server's own record of what it saw change, so a moment can be travelled back over a change the files no longer
// show (main.md rewritten, a log's records rewritten in place).
import { appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RoadmapObservation } from '../../shared/gcc/moment/roadmap-at.ts';
import { utf8Length } from '../../shared/gcc/read/bytes.ts';
import { StaleStepsError } from '../../shared/gcc/read/step-bytes-read.ts';
import type { EditEntry, RecordChange } from '../../shared/gcc/write/edit.ts';
import type { Commit, OtaStep } from '../../shared/types.ts';
import type { EventBus, StoreRecords } from '../live/index.ts';

export const CHANGES_FILE = 'changes.jsonl';
export const DEFAULT_MAX_CHANGE_BYTES = 8 * 1024 * 1024;

type Line = { kind: 'roadmap'; observation: RoadmapObservation } | { kind: 'records'; entry: EditEntry };

export interface ChangeRecord {
  roadmap(): RoadmapObservation[];
  /** Record rewrites watched, oldest first, shaped like hand edits. */
  rewrites(): EditEntry[];
  close(): void;
}

export interface ChangeRecordOptions {
  /** `<project>/.gcc-studio/changes.jsonl`. */
  path: string;
  records: () => StoreRecords;
  /** Absent: only read what earlier runs recorded. */
  bus?: EventBus | undefined;
  readOnly: boolean;
  maxBytes?: number;
  now?: () => Date;
  /**
   * The workspace's .GCC/: lines are written only while it exists, so a project being deleted (`rm -rf`, which sees
   * main.md go first) does not get a .gcc-studio/ folder made again inside it, failing the delete with ENOTEMPTY.
   */
  gccDir?: string | undefined;
  /** Lines reach the disk this long after their change, together (0: at once). The record in memory is at once. */
  writeDelayMs?: number;
}

export function changeRecordPath(historyPath: string): string {
  return join(dirname(historyPath), CHANGES_FILE);
}

/**
 * main.md growing (which dates a block appended without a time) or rewritten (its text before), and records of a log
 * or commit file rewritten in place (their values before, shaped as the edit history's entries, so the moment core
 * undoes them like hand edits). One JSON line per change in <project>/.gcc-studio/changes.jsonl, outside .GCC/, a
 * second after the change (a crash within it loses that line); nothing is written for a workspace that does not
 * change, or under --read-only. Past `maxBytes` the older half of
 * the lines is dropped.
 */
export function createChangeRecord(o: ChangeRecordOptions): ChangeRecord {
  const lines: Line[] = readLines(o.path);
  const now = () => (o.now ?? (() => new Date()))().toISOString();
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_CHANGE_BYTES;
  let seen = o.records();
  // The size main.md had when the server began watching: that the file was seen without what came later.
  const start: Line = { kind: 'roadmap', observation: { at: now(), size: utf8Length(seen.roadmap) } };
  let started = false;
  let broken = false;
  let unwritten: Line[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = unwritten;
    unwritten = [];
    if (batch.length === 0 || o.readOnly || broken) return;
    // Gone (or going): kept in memory for this run only, as when the folder cannot be written.
    if (o.gccDir !== undefined && !existsSync(o.gccDir)) return;
    try {
      mkdirSync(dirname(o.path), { recursive: true });
      // Never through a link: the record must not be written to a file elsewhere (as edit-history.ts refuses).
      if (lstatSync(dirname(o.path)).isSymbolicLink() || lstatSync(o.path, { throwIfNoEntry: false })?.isSymbolicLink()) throw new Error('linked');
      appendFileSync(o.path, batch.map((l) => `${JSON.stringify(l)}\n`).join(''));
      if (statSync(o.path).size > maxBytes) compact(o.path, lines);
    } catch {
      // A folder we may not write (a read-only checkout): keep the record in memory for this run only.
      broken = true;
    }
  };
  const write = (line: Line) => {
    if (!started) {
      lines.push(start);
      unwritten.push(start);
    }
    lines.push(line);
    unwritten.push(line);
    started = true;
    const delay = o.writeDelayMs ?? 1000;
    if (delay <= 0) return flush();
    if (!timer) {
      timer = setTimeout(flush, delay);
      timer.unref();
    }
  };
  const unsubscribe = o.bus?.subscribe((event) => {
    if (event.type === 'roadmap-changed') {
      const before = seen.roadmap;
      const at = now();
      write({ kind: 'roadmap', observation: event.text.startsWith(before) ? { at, size: utf8Length(event.text) } : { at, before } });
    } else if (event.type === 'branch-reloaded') {
      const after = o.records();
      const entry = rewriteEntry(event.branch, seen, after, now());
      if (entry) write({ kind: 'records', entry });
    } else return;
    seen = o.records();
  });
  return {
    roadmap: () => lines.flatMap((l) => (l.kind === 'roadmap' ? [l.observation] : [])),
    rewrites: () => lines.flatMap((l) => (l.kind === 'records' ? [l.entry] : [])),
    close: () => {
      unsubscribe?.();
      flush();
    },
  };
}

/** Logs with more steps than this (over ~4 MiB) are not compared step by step. */
const MAX_COMPARED_STEPS = 20_000;

const FIELDS = { step: ['observation', 'thought', 'action'], commit: ['branchPurpose', 'previousProgressSummary', 'thisCommitContribution'] } as const;

/** The values that changed in place between two reads of a branch, as an edit-history entry; null when none did. */
function rewriteEntry(branch: string, before: StoreRecords, after: StoreRecords, at: string): EditEntry | null {
  const a = before.branches.find((b) => b.name === branch);
  const b = after.branches.find((x) => x.name === branch);
  if (!a || !b) return null;
  const changes: RecordChange[] = [];
  const compare = (kind: 'step' | 'commit', x: readonly (OtaStep | Commit)[], y: readonly (OtaStep | Commit)[]) => {
    for (let index = 0; index < Math.min(x.length, y.length); index++) {
      const [r, s] = [x[index] as unknown as Record<string, string>, y[index] as unknown as Record<string, string>];
      const fields = FIELDS[kind].filter((f) => r[f] !== s[f]);
      if (fields.length === 0) continue;
      const target = kind === 'step' ? { kind, branch, index, step: (y[index] as OtaStep).step } : { kind, branch, index, commitId: (y[index] as Commit).commitId };
      changes.push({ target, before: Object.fromEntries(fields.map((f) => [f, r[f]!])), after: Object.fromEntries(fields.map((f) => [f, s[f]!])), versionBefore: '', versionAfter: '' });
    }
  };
  // The old steps are decoded from the bytes they were read from: held in memory for a log up to 4 MiB (file-range.ts);
  // a bigger log's old bytes are gone once it is rewritten, and its rewrite is not recorded.
  if (a.steps.length <= MAX_COMPARED_STEPS) {
    try {
      compare('step', a.steps.slice(), b.steps.slice(0, a.steps.length));
    } catch (error) {
      if (!(error instanceof StaleStepsError)) throw error;
    }
  }
  compare('commit', a.commits, b.commits);
  return changes.length ? { id: `observed:${at}:${branch}`, at, file: `branches/${branch}`, changes } : null;
}

function readLines(path: string): Line[] {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      const v = JSON.parse(line) as Line;
      return v && (v.kind === 'roadmap' || v.kind === 'records') ? [v] : [];
    } catch {
      return [];
    }
  });
}

/** Keeps the newer half of the lines (the record stays bounded; older moments lose what only it knew). */
function compact(path: string, lines: Line[]): void {
  const kept = lines.slice(Math.floor(lines.length / 2));
  lines.splice(0, lines.length, ...kept);
  writeFileSync(path, kept.map((l) => `${JSON.stringify(l)}\n`).join(''));
}
