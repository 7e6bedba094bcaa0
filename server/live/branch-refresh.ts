// Reading one branch again: its metadata, the dialect its files imply, the parsers that dialect needs, and the
// records its tracked files gained, published as the events that say exactly what changed.
import { BRANCHES_DIR, BRANCH_FILES } from '../../shared/gcc/read/paths.ts';
import { timedCommits, type BranchEntry } from './branch-entry.ts';
import type { Publish } from './event-gate.ts';
import { branchDialect, commitsKeeper, logKeeper, parsersDiffer, readMetadata } from './format.ts';
import { MAX_SMALL_FILE_BYTES, sameStamp, type FileStamp } from '../fs/index.ts';
import type { FileChange } from './tracked-reading.ts';
import type { BranchFileWant } from './work-plan.ts';
import type { WorkspaceModel } from './workspace-model.ts';
import type { BranchMetadata } from '../../shared/types.ts';
import { hash } from 'node:crypto';

/** More steps than this appended at once are announced as a reload (the page then asks for the steps it shows). */
export const MAX_EVENT_STEPS = 2000;

/** The workspace evidence a branch's dialect is told by besides its own files. */
export type DialectClues = Pick<WorkspaceModel, 'lockFile'>;

// A digest, not the bytes: the key is kept for every branch (its base64 was ~7 MB on 5,000 branches).
const metadataKey = (bytes: Uint8Array | null) => (bytes === null ? '' : `${bytes.length}:${hash('sha1', bytes, 'base64')}`);

/**
 * A stamp old enough to stand for its bytes: a file rewritten in place with the same size within the file system's
 * time granularity (a second on some) keeps its stamp, so one written just now is read again on the next look (git's
 * "racy" files).
 */
const trustedStamp = (stamp: FileStamp) => Date.now() - stamp.mtimeMs > RACY_MS;
const RACY_MS = 2000;

/** Re-reads metadata; returns whether it (or the dialect it implies) changed. */
export async function refreshMetadata(b: BranchEntry): Promise<boolean> {
  const path = b.metadataPath;
  // The version already read: the full look once watching starts read and hashed 5,000 metadata.yaml files again.
  if (b.metaStamp !== null) {
    const at = b.source.stat(path);
    if (at.kind === 'file' && sameStamp(b.metaStamp, at.stamp)) return false;
  }
  const read = await b.source.read(path, MAX_SMALL_FILE_BYTES);
  b.metaStamp = read.ok && read.stamp && trustedStamp(read.stamp) ? read.stamp : null;
  const bytes = read.ok ? read.bytes : null;
  const key = metadataKey(bytes);
  if (key === b.metaBytesKey && b.metaBytesKey !== '') return false;
  const before = b.meta?.metadata ?? null;
  b.metaBytesKey = key;
  const meta = readMetadata(bytes, b.name);
  b.meta = meta;
  if (!read.ok && !read.missing) {
    meta.diagnostics.push({ file: `${BRANCHES_DIR}/${b.name}/${BRANCH_FILES.metadata}`, line: 0, severity: 'error', code: 'unreadable-file', message: read.message });
  }
  return !sameMetadata(meta.metadata, before);
}

/**
 * Whether two readings say the same, field by field: what comparing their JSON said (every reading has the seven
 * fields in one order, each a text or null), without writing it twice a branch.
 */
export function sameMetadata(a: BranchMetadata | null, b: BranchMetadata | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.name === b.name &&
    a.purpose === b.purpose &&
    a.createdFrom === b.createdFrom &&
    a.createdAt === b.createdAt &&
    a.status === b.status &&
    a.mergedInto === b.mergedInto &&
    a.mergedAt === b.mergedAt
  );
}

export function redetectDialect(b: BranchEntry, clues: DialectClues): boolean {
  b.detectedWithLock = clues.lockFile;
  const next = branchDialect({ branch: b.name, steps: b.log.records, commits: b.commits.records, metadata: b.meta, lockFile: clues.lockFile });
  if (next.dialect === b.dialect && next.writers.length === b.writers.length && next.writers.every((w, i) => w === b.writers[i])) return false;
  b.dialect = next.dialect;
  b.writers = next.writers;
  return true;
}

/**
 * Once the dialect is known, files whose writer escapes `---` differently (Zig, Lua) are parsed again with the
 * right rules. Returns whether that happened (the branch's records were replaced).
 */
export async function settleParsers(b: BranchEntry, clues: DialectClues): Promise<boolean> {
  if (!parsersDiffer(b.parserDialect, b.dialect)) return false;
  const dialect = b.dialect;
  b.parserDialect = dialect;
  await Promise.all([b.log.rereadWith(logKeeper(b.name, dialect, b.log.relPath)), b.commits.rereadWith(commitsKeeper(b.name, dialect, b.commits.relPath))]);
  b.version += 1;
  b.recomputeNewest();
  redetectDialect(b, clues);
  return true;
}

/** Reads a branch the store does not list yet, whole, with the parsers of its dialect; announcing it is the caller's. */
export async function readNewBranch(b: BranchEntry, clues: DialectClues): Promise<void> {
  await Promise.all([b.log.refresh(), b.commits.refresh(), refreshMetadata(b)]);
  b.recomputeNewest();
  redetectDialect(b, clues);
  await settleParsers(b, clues);
}

/** Looks at the named files of one known branch and publishes what changed. */
export async function refreshBranch(b: BranchEntry, what: Set<BranchFileWant>, clues: DialectClues, publish: Publish): Promise<void> {
  const all = what.has('all');
  const metadataBefore = b.metaBytesKey;
  const logChange: FileChange = all || what.has('log') ? await b.log.refresh() : { kind: 'none' };
  const commitChange: FileChange = all || what.has('commit') ? await b.commits.refresh() : { kind: 'none' };
  const metaChanged = all || what.has('metadata') ? await refreshMetadata(b) : false;
  // From here on, synchronous: records and events move together.
  const reloaded = logChange.kind === 'reloaded' || commitChange.kind === 'reloaded';
  if (logChange.kind !== 'none' || commitChange.kind !== 'none') b.version += 1;
  if (reloaded) b.recomputeNewest();
  else {
    if (logChange.kind === 'appended') b.noteTimestamps(b.log.records, logChange.from);
    if (commitChange.kind === 'appended') b.noteTimestamps(timedCommits(b.commits.records), commitChange.from);
  }
  // Only what changed is judged again: a look that found nothing new leaves a sleeping branch asleep.
  const evidenceMoved = logChange.kind !== 'none' || commitChange.kind !== 'none' || b.metaBytesKey !== metadataBefore || b.detectedWithLock !== clues.lockFile;
  const dialectChanged = evidenceMoved && redetectDialect(b, clues);
  if (dialectChanged && (await settleParsers(b, clues))) {
    publish({ type: 'branch-reloaded', branch: b.name, summary: b.summary() });
    return;
  }
  // An append too long to send as an event (a log copied in whole) is a reload: the page asks for what it shows.
  if (reloaded || (logChange.kind === 'appended' && logChange.count > MAX_EVENT_STEPS)) {
    publish({ type: 'branch-reloaded', branch: b.name, summary: b.summary() });
    return;
  }
  if (logChange.kind === 'appended') publish({ type: 'steps-appended', branch: b.name, from: logChange.from, steps: b.log.records.slice(logChange.from) });
  if (commitChange.kind === 'appended') publish({ type: 'commits-appended', branch: b.name, from: commitChange.from, commits: b.commits.records.slice(commitChange.from) });
  if (metaChanged || dialectChanged) publish({ type: 'metadata-changed', branch: b.name, summary: b.summary() });
}
