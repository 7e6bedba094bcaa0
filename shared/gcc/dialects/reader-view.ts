// What each Contexa implementation's own parser returns for a branch, from our lossless records: CONTEXT is rendered
// from it, because every implementation renders what it read, not what the agent wrote.
import type { ByteRange, Commit, OtaStep } from '../../types.ts';
import { commitMarkdown, stepMarkdown, type RenderDialect } from '../context/render.ts';
import { isPlainCommit, isPlainStep } from './plain-record.ts';
import { ELIXIR } from './readers/elixir.ts';
import { GO } from './readers/go.ts';
import { lineReader } from './readers/line-reader.ts';
import { LUA } from './readers/lua.ts';
import { PYTHON } from './readers/python.ts';
import { writtenBlocks, type Reader } from './readers/reader.ts';
import { RUST } from './readers/rust.ts';
import { TYPESCRIPT } from './readers/typescript.ts';

// Method: each record is written back as the implementation's writer wrote it (the block format and the `\n---\n`
// escape are the same in Python, TypeScript, Rust and Go), then a transcription of that implementation's parser runs
// over the text, which reproduces a value's effects on the parse (a `---` line that splits a step in two) without
// special cases: trimmed lines, dropped blank lines, dropped action-only steps, a `### Step` line that renumbers.
//
// One reader a file in readers/. Python, TypeScript, Go, Elixir: transcribed from their code and checked against every
// corpus truth file (implementation.test.ts). Lua: its patterns from its code, its multi-line rule inferred from the
// corpus (the code at hand is of another version). Rust: inferred from its corpus output (its source at this version
// was not available); where two readings fit the corpus the choice is noted inline. Zig has no record parser (below).
// Read record by record, a hand-edited or legacy file is only approximated unless `files` are passed; the exact
// reading of whole files, as summary() reads them, is whole-file.ts.
export interface ReaderRecords {
  commits: Commit[];
  steps: OtaStep[];
}

interface ReaderInput {
  commits: readonly Commit[];
  steps: readonly OtaStep[];
}

/** The branch's files, when at hand: each record is then read from its own bytes (its `range`). */
export interface ReaderFiles {
  log?: Uint8Array;
  commit?: Uint8Array;
  /**
   * Bytes after the last complete record (log.ts's and commits.ts's `pending.range`): a last block
   * without its closing `---`, which the implementations read like any other block.
   */
  logPending?: ByteRange | null;
  commitPending?: ByteRange | null;
}

/**
 * The commits and steps the implementation's parser returns for a branch whose files hold `records`.
 * Each returned record keeps `range` (and `mergedFrom`) of the lossless record its block started in,
 * so the page can point from the reader's view back to the file.
 *
 * With `files`, each record is read from the file's bytes at its range, so what the canonical
 * re-writing cannot carry (a legacy `### Step N-ts` header, a commit id without backticks, CRLF
 * line ends) is read as the implementation reads it. The records must come from those bytes.
 */
export function readerView(dialect: RenderDialect, records: ReaderInput, files: ReaderFiles = {}): ReaderRecords {
  if (dialect === 'zig') return ZIG_IDENTITY(records);
  const reader = READERS[dialect];
  return {
    commits: parseCommits(reader, records.commits, files.commit, files.commitPending),
    steps: parseSteps(reader, records.steps, files.log, files.logPending),
  };
}

/**
 * Readings per record object, per reader: a live branch re-reads only what was appended, and
 * rendering for several K reads the same records again. Records are treated as immutable.
 */
const stepCache = new WeakMap<Reader, WeakMap<OtaStep, OtaStep[]>>();
const commitCache = new WeakMap<Reader, WeakMap<Commit, Commit[]>>();
// Readings from file bytes are kept apart: the same record reads differently from its raw bytes.
const rawStepCache = new WeakMap<Reader, WeakMap<OtaStep, OtaStep[]>>();
const rawCommitCache = new WeakMap<Reader, WeakMap<Commit, Commit[]>>();
const utf8 = new TextDecoder();

/** The record's own bytes, decoded (invalid UTF-8 as U+FFFD), or null when its range is not in `file`. */
function rawText(file: Uint8Array | undefined, range: { start: number; end: number }): string | null {
  if (!file || range.start < 0 || range.end > file.length || range.start >= range.end) return null;
  return utf8.decode(file.subarray(range.start, range.end));
}

function cacheFor<K extends object, V>(caches: WeakMap<Reader, WeakMap<K, V>>, reader: Reader): WeakMap<K, V> {
  let cache = caches.get(reader);
  if (!cache) caches.set(reader, (cache = new WeakMap()));
  return cache;
}

/** The steps the reader's parser returns for a written text; each keeps `range` and `mergedFrom` of its owner. */
function readStepText(reader: Reader, text: string, range: ByteRange, mergedFrom: string | undefined): OtaStep[] {
  const steps: OtaStep[] = [];
  for (const block of writtenBlocks(reader.readText(text), reader.separator, !reader.noRejoin)) {
    const trimmed = reader.trim(block);
    const fields = trimmed ? reader.readStep(trimmed) : null;
    if (!fields) continue;
    const record: OtaStep = { ...fields, range };
    if (mergedFrom !== undefined) record.mergedFrom = mergedFrom;
    steps.push(record);
  }
  return steps;
}

function readCommitText(reader: Reader, text: string, range: ByteRange, branchName: string): Commit[] {
  const commits: Commit[] = [];
  for (const block of writtenBlocks(reader.readText(text), reader.separator, !reader.noRejoin)) {
    const trimmed = reader.trim(block);
    const fields = trimmed ? reader.readCommit(trimmed) : null;
    if (!fields) continue;
    commits.push({
      commitId: fields.commitId,
      branchName: reader.branchName ? reader.branchName(branchName) : branchName,
      branchPurpose: fields.branchPurpose,
      previousProgressSummary: fields.previousProgressSummary,
      thisCommitContribution: fields.thisCommitContribution,
      timestamp: fields.timestamp,
      range,
    });
  }
  return commits;
}

/** The fast path's reading of a plain step: the object readStepText would build, field for field, key for key. */
function plainStepReading(keep: NonNullable<Reader['keepsPlainStep']>, owner: OtaStep): OtaStep[] {
  if (!keep(owner.observation, owner.thought, owner.action)) return [];
  const record: OtaStep = {
    step: owner.step,
    timestamp: owner.timestamp,
    observation: owner.observation,
    thought: owner.thought,
    action: owner.action,
    range: owner.range,
  };
  if (owner.mergedFrom !== undefined) record.mergedFrom = owner.mergedFrom;
  return [record];
}

function plainCommitReading(owner: Commit): Commit[] {
  return [
    {
      commitId: owner.commitId,
      branchName: owner.branchName,
      branchPurpose: owner.branchPurpose,
      previousProgressSummary: owner.previousProgressSummary,
      thisCommitContribution: owner.thisCommitContribution,
      timestamp: owner.timestamp,
      range: owner.range,
    },
  ];
}

/** The reading of one record re-written canonically: the fast path when it is plain, else the transcribed reader. */
function stepReadingOf(reader: Reader, owner: OtaStep): OtaStep[] {
  const cache = cacheFor(stepCache, reader);
  let steps = cache.get(owner);
  if (!steps) {
    steps = reader.keepsPlainStep && isPlainStep(owner)
      ? plainStepReading(reader.keepsPlainStep, owner)
      : readStepText(reader, stepMarkdown(owner, reader.escape), owner.range, owner.mergedFrom);
    cache.set(owner, steps);
  }
  return steps;
}

function commitReadingOf(reader: Reader, owner: Commit): Commit[] {
  const cache = cacheFor(commitCache, reader);
  let commits = cache.get(owner);
  if (!commits) {
    commits = reader.keepsPlainStep && isPlainCommit(owner)
      ? plainCommitReading(owner)
      : readCommitText(reader, commitMarkdown(owner, reader.escape), owner.range, owner.branchName);
    cache.set(owner, commits);
  }
  return commits;
}

/** How one kind of record is read: from the record, or from a text of its bytes (`like`: the record whose bytes they are). */
interface RecordReading<T> {
  fromRecord(owner: T): readonly T[];
  fromText(text: string, range: ByteRange, like: T | undefined): T[];
}

/** The records a reader returns: from each record, or, with the file, from each record's own bytes (kept in `cache`). */
function parseRecords<T extends { range: ByteRange }>(how: RecordReading<T>, cache: WeakMap<T, T[]>, source: readonly T[], file?: Uint8Array, pending?: ByteRange | null, tailLike?: T): T[] {
  const out: T[] = [];
  for (const owner of source) {
    let records: readonly T[] | undefined = file ? cache.get(owner) : undefined;
    if (!records) {
      const raw = file ? rawText(file, owner.range) : null;
      records = raw === null ? how.fromRecord(owner) : how.fromText(raw, owner.range, owner);
      if (file) cache.set(owner, records as T[]);
    }
    for (const r of records) out.push(r);
  }
  const tail = file && pending ? rawText(file, pending) : null;
  if (tail !== null && pending) out.push(...how.fromText(tail, pending, tailLike));
  return out;
}

function parseSteps(reader: Reader, source: readonly OtaStep[], file?: Uint8Array, pending?: ByteRange | null): OtaStep[] {
  const how: RecordReading<OtaStep> = {
    fromRecord: (owner) => stepReadingOf(reader, owner),
    fromText: (text, range, like) => readStepText(reader, text, range, like?.mergedFrom),
  };
  return parseRecords(how, cacheFor(rawStepCache, reader), source, file, pending);
}

function parseCommits(reader: Reader, source: readonly Commit[], file?: Uint8Array, pending?: ByteRange | null): Commit[] {
  const how: RecordReading<Commit> = {
    fromRecord: (owner) => commitReadingOf(reader, owner),
    fromText: (text, range, like) => readCommitText(reader, text, range, like?.branchName ?? ''),
  };
  return parseRecords(how, cacheFor(rawCommitCache, reader), source, file, pending, source.at(-1));
}

/** The transcribed reader of a dialect (whole-file.ts runs it over whole files). */
export const readerOf = (dialect: Exclude<RenderDialect, 'zig'>): Reader => READERS[dialect];

// ---------------------------------------------------------------------------------------------
// One record at a time, for views kept current as records are appended (reader-tally.ts).

/**
 * The steps readerView(dialect, …) returns for this one record (without files): the same objects every time.
 * Zig's view is the record itself.
 */
export function stepReading(dialect: RenderDialect, record: OtaStep): readonly OtaStep[] {
  return dialect === 'zig' ? [record] : stepReadingOf(READERS[dialect], record);
}

export function commitReading(dialect: RenderDialect, record: Commit): readonly Commit[] {
  return dialect === 'zig' ? [record] : commitReadingOf(READERS[dialect], record);
}

/** How many steps stepReading(dialect, record) returns, without building them when the record is plain. */
export function stepYield(dialect: RenderDialect, record: OtaStep): number {
  if (dialect === 'zig') return 1;
  const reader = READERS[dialect];
  if (reader.keepsPlainStep && isPlainStep(record)) return reader.keepsPlainStep(record.observation, record.thought, record.action) ? 1 : 0;
  return stepReadingOf(reader, record).length;
}

/**
 * For a dialect whose reader gives plain records (plain-record.ts) back unchanged: whether it keeps a plain step
 * with these fields. null for Lua, Elixir and Zig, whose every record goes through their own reader.
 */
export function plainStepRule(dialect: RenderDialect): ((observation: string, thought: string, action: string) => boolean) | null {
  return dialect === 'zig' ? null : (READERS[dialect].keepsPlainStep ?? null);
}

/** The transcribed reader alone, never the fast path nor a cache: what the fast path is tested against. */
export function transcribedReading(
  dialect: Exclude<RenderDialect, 'zig'>,
  record: { step: OtaStep } | { commit: Commit },
): OtaStep[] | Commit[] {
  const reader = READERS[dialect];
  if ('step' in record) {
    const s = record.step;
    return readStepText(reader, stepMarkdown(s, reader.escape), s.range, s.mergedFrom);
  }
  const c = record.commit;
  return readCommitText(reader, commitMarkdown(c, reader.escape), c.range, c.branchName);
}

/** Zig has no record parser: its CONTEXT copies raw file text, so its "view" is the records as they are. */
const ZIG_IDENTITY = (records: ReaderInput): ReaderRecords => ({ commits: [...records.commits], steps: [...records.steps] });

const READERS: Record<Exclude<RenderDialect, 'zig'>, Reader> = {
  python: lineReader(PYTHON),
  typescript: lineReader(TYPESCRIPT),
  rust: lineReader(RUST),
  go: lineReader(GO),
  lua: LUA,
  elixir: ELIXIR,
};
