// The commits and steps an implementation's parser returns for a branch's whole log.md and commit.md, read as it reads
// the file: what its summary() renders, whatever the bytes hold.
import type { ByteRange, Commit, OtaStep } from '../../types.ts';
import type { RenderDialect } from '../context/render.ts';
import { readerOf, type ReaderRecords } from './reader-view.ts';
import { writtenBlocks, type Reader } from './readers/reader.ts';

/** Records read from a whole file carry no range of their own (a block is not one of our lossless records). */
const WHOLE_FILE: ByteRange = { start: 0, end: 0 };
/** Readings kept per reader; the cache starts afresh past this many blocks. */
const MAX_CACHED_BLOCKS = 100_000;

const stepReadings = new WeakMap<Reader, Map<string, OtaStep | null>>();
const commitReadings = new WeakMap<Reader, Map<string, Commit | null>>();

function cacheOf<T>(caches: WeakMap<Reader, Map<string, T | null>>, reader: Reader): Map<string, T | null> {
  let cache = caches.get(reader);
  if (!cache) caches.set(reader, (cache = new Map()));
  return cache;
}

/** Each non-empty trimmed block's reading, looked up by its text (`key` adds what else the reading depends on). */
function readBlocks<T>(reader: Reader, text: string, cache: Map<string, T | null>, key: string, read: (block: string) => T | null): T[] {
  const out: T[] = [];
  for (const block of writtenBlocks(reader.readText(text), reader.separator, !reader.noRejoin)) {
    const trimmed = reader.trim(block);
    if (!trimmed) continue;
    const k = key + trimmed;
    let reading = cache.get(k);
    if (reading === undefined) {
      reading = read(trimmed);
      if (cache.size >= MAX_CACHED_BLOCKS) cache.clear();
      cache.set(k, reading);
    }
    if (reading) out.push(reading);
  }
  return out;
}

/**
 * The texts must be decoded as the implementation decodes them (implementation.ts). Every implementation reads block
 * by block, and a block's reading depends on its text alone, so readings are kept by block text: after an append only
 * the new blocks are read (a 2 MiB log is split and looked up, not parsed again).
 */
export function readWholeFiles(dialect: Exclude<RenderDialect, 'zig'>, files: { log: string; commit: string }, branch: string): ReaderRecords {
  const reader = readerOf(dialect);
  const steps = readBlocks(reader, files.log, cacheOf(stepReadings, reader), '', (block) => {
    const fields = reader.readStep(block);
    return fields ? { ...fields, range: WHOLE_FILE } : null;
  });
  const commits = readBlocks(reader, files.commit, cacheOf(commitReadings, reader), `${branch}\u0000`, (block) => {
    const fields = reader.readCommit(block);
    if (!fields) return null;
    return {
      commitId: fields.commitId,
      branchName: reader.branchName ? reader.branchName(branch) : branch,
      branchPurpose: fields.branchPurpose,
      previousProgressSummary: fields.previousProgressSummary,
      thisCommitContribution: fields.thisCommitContribution,
      timestamp: fields.timestamp,
      range: WHOLE_FILE,
    };
  });
  return { commits, steps };
}
