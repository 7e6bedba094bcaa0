// How the store reads a branch's files with the format core: its log and commits (as record keepers), its metadata, the
// roadmap, and which writer the branch's evidence names.
import { continueCommits, parseCommits, type CommitsState } from '../../shared/gcc/read/commits.ts';
import type { LogState } from '../../shared/gcc/read/log.ts';
import { detectBranchDialect, type FileEvidence } from '../../shared/gcc/dialects/detect.ts';
import { branchWriters } from '../../shared/gcc/dialects/other-writers.ts';
import type { TimestampShapeName } from '../../shared/gcc/read/timestamp.ts';
import { timestampShapeOf } from '../../shared/gcc/read/timestamp-shapes.ts';
import { escapeStyleOf } from '../../shared/gcc/read/escape.ts';
import { parseMetadata, type ParsedMetadata } from '../../shared/gcc/read/metadata.ts';
import type { MetadataStyle } from '../../shared/gcc/read/metadata-style.ts';
import { branchFilePath, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import { parseRoadmap } from '../../shared/gcc/read/roadmap.ts';
import type { StepList } from '../../shared/gcc/read/step-list.ts';
import type { StepIndex } from '../../shared/gcc/read/step-index.ts';
import type { Commit, Diagnostic, Dialect } from '../../shared/types.ts';
import { ArrayKeeper, IndexKeeper, type IncrementalParser, type RecordKeeper } from './record-keepers.ts';

/**
 * log.md's steps, kept as an index of the file. `file`: its path as diagnostics name it, given when the caller holds
 * it already (one string a branch, not one a keeper and one a file: ~130 bytes each on 5,000 branches).
 */
export function logKeeper(branch: string, dialect?: Dialect, file = branchFilePath(branch, 'log')): RecordKeeper<LogState, StepIndex> {
  return new IndexKeeper(file, dialect);
}

/** A branch's commit.md read whole or on from where it stopped (a class: one a branch, no closures). */
class CommitsParser implements IncrementalParser<CommitsState, Commit> {
  constructor(
    private readonly branch: string,
    private readonly dialect: Dialect | undefined,
    private readonly file: string,
  ) {}

  parse(bytes: Uint8Array) {
    return commitsPiece(parseCommits(bytes, { file: this.file, branch: this.branch, dialect: this.dialect }));
  }

  resume(state: CommitsState, tail: Uint8Array) {
    return commitsPiece(continueCommits(state, tail));
  }
}

// Field by field: V8 made the spread of a parse result ~10× slower, paid once a file (~40 ms on 5,000 branches).
const commitsPiece = (r: ReturnType<typeof parseCommits>) => ({ pending: r.pending, diagnostics: r.diagnostics, state: r.state, needsFullReparse: r.needsFullReparse, records: r.commits });

/** commit.md's commits, decoded; `file` as for logKeeper. */
export function commitsKeeper(branch: string, dialect?: Dialect, file = branchFilePath(branch, 'commit')): RecordKeeper<CommitsState, Commit[]> {
  return new ArrayKeeper(new CommitsParser(branch, dialect, file));
}

export type MetadataRead = ParsedMetadata;

export interface RoadmapRead {
  text: string;
  diagnostics: Diagnostic[];
}

export function readMetadata(bytes: Uint8Array | null, branch: string): MetadataRead {
  return parseMetadata(bytes, branchFilePath(branch, 'metadata'));
}

export function readRoadmap(bytes: Uint8Array | null): RoadmapRead {
  if (bytes === null) {
    return { text: '', diagnostics: [{ file: ROADMAP_FILE, line: 0, severity: 'warning', code: 'missing-roadmap', message: `${ROADMAP_FILE} is missing` }] };
  }
  const parsed = parseRoadmap(bytes, { file: ROADMAP_FILE });
  return { text: parsed.raw, diagnostics: parsed.diagnostics };
}

/** How many timestamps from each end of a file the dialect vote sees: the shapes don't change in the middle. */
const SAMPLE = 200;

/** The sampled ranges of a list of `n`: all of it, or SAMPLE from each end. */
function sampledRanges(n: number): [number, number][] {
  return n <= 2 * SAMPLE ? [[0, n]] : [[0, SAMPLE], [n - SAMPLE, n]];
}

/**
 * What a file's shapes tell the vote, as a short text: each shape with a timestamp, in the order it first appears, and
 * how many timestamps have it, the counts divided by their greatest common divisor (`millisZ:1,`). The vote reads no
 * more: a file's score for a writer is its timestamps' tally over their number (timestampVotes in detect.ts: a ratio,
 * so the counts' proportions), a missing shape counts nowhere, and the other writers are named in the order their
 * shapes first appear (other-writers.ts). One key a branch and its logs of any length, where the list of the shapes
 * was one key for every count.
 */
class ShapeTally {
  private readonly shapes: string[] = [];
  private readonly counts: number[] = [];
  private last = -1;

  /** Empties it for the next file: one tally serves every key (no allocation a branch). */
  reset(): this {
    this.shapes.length = 0;
    this.counts.length = 0;
    this.last = -1;
    return this;
  }

  add(shape: string | null): void {
    if (shape === null) return;
    // Runs: the shape before, most often.
    if (this.last >= 0 && this.shapes[this.last] === shape) {
      this.counts[this.last]!++;
      return;
    }
    const i = this.shapes.indexOf(shape);
    this.last = i >= 0 ? i : this.shapes.length;
    if (i >= 0) this.counts[i]!++;
    else {
      this.shapes.push(shape);
      this.counts.push(1);
    }
  }

  addAll(shapes: readonly (string | null)[]): void {
    for (let i = 0; i < shapes.length; i++) this.add(shapes[i]!);
  }

  text(): string {
    // One shape, the usual file: its text is kept.
    if (this.shapes.length === 1) return onlyShape(this.shapes[0]!);
    let divisor = 0;
    for (const n of this.counts) divisor = gcd(divisor, n);
    let out = '';
    for (let i = 0; i < this.shapes.length; i++) out += `${this.shapes[i]}:${this.counts[i]! / divisor},`;
    return out;
  }
}

const onlyShapes = new Map<string, string>();
function onlyShape(shape: string): string {
  let text = onlyShapes.get(shape);
  if (text === undefined) onlyShapes.set(shape, (text = `${shape}:1,`));
  return text;
}

const logTally = new ShapeTally();
const commitTally = new ShapeTally();

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function logShapes(steps: StepList): (TimestampShapeName | null)[] {
  const shapes: (TimestampShapeName | null)[] = [];
  for (const [a, b] of sampledRanges(steps.length)) for (const s of steps.timestampShapes(a, b)) shapes.push(s);
  return shapes;
}

function commitShapes(commits: readonly Commit[]): (TimestampShapeName | null)[] {
  const shapes: (TimestampShapeName | null)[] = [];
  for (const [a, b] of sampledRanges(commits.length)) for (let i = a; i < b; i++) shapes.push(timestampShapeOf(commits[i]!.timestamp));
  return shapes;
}

function metadataShapes(m: MetadataRead | null): (TimestampShapeName | null)[] | null {
  if (!m) return null;
  const shapes: (TimestampShapeName | null)[] = [];
  for (const t of [m.metadata?.createdAt, m.metadata?.mergedAt]) if (typeof t === 'string' && t !== '') shapes.push(timestampShapeOf(t));
  return shapes;
}

export interface DialectEvidence {
  branch: string;
  steps: StepList;
  commits: readonly Commit[];
  metadata: MetadataRead | null;
  lockFile: boolean;
}

/**
 * The branch's writer, from a bounded sample of its timestamps and its metadata's YAML habits; `writers`: that writer
 * and each other implementation whose records it holds (other-writers.ts), when there is another.
 */
export function branchDialect(e: DialectEvidence, cache: VerdictCache = verdicts): { dialect: Dialect; writers: Dialect[] } {
  const key = verdictKey(e);
  const known = cache.get(key);
  if (known) return { dialect: known.dialect, writers: [...known.writers] };
  const log = logShapes(e.steps);
  const commits = commitShapes(e.commits);
  const m = e.metadata;
  const metaShapes = metadataShapes(m);
  const files: FileEvidence[] = [
    // The log's shapes from its index's column: nothing read back on every append.
    { kind: 'log', timestamps: [], shapes: log, file: branchFilePath(e.branch, 'log') },
    { kind: 'commit', timestamps: [], shapes: commits, file: branchFilePath(e.branch, 'commit') },
  ];
  if (m && metaShapes) files.push({ kind: 'metadata', timestamps: [], shapes: metaShapes, metadataStyle: m.style, file: branchFilePath(e.branch, 'metadata') });
  const { dialect } = detectBranchDialect(files, { lockFile: e.lockFile });
  const verdict = { dialect, writers: branchWriters(dialect, [...log, ...commits]) };
  if (cache.size >= MAX_VERDICTS) cache.clear();
  cache.set(key, verdict);
  return { dialect, writers: [...verdict.writers] };
}

/**
 * Verdicts by their evidence: the vote reads only timestamp shapes, the metadata's style and the lock file, and the
 * branches of one writer share them, so 5,000 branches cost a handful of votes (a vote was ~70 µs a branch).
 */
export type VerdictCache = Map<string, { dialect: Dialect; writers: readonly Dialect[] }>;
const verdicts: VerdictCache = new Map();
const MAX_VERDICTS = 512;

/**
 * Everything the vote reads, as one text: what the sampled shapes of the log and of the commits tell (ShapeTally),
 * the metadata's times' shapes, the style's habits, the lock file. The shapes go into the tallies, not into lists: a
 * start builds one key a branch.
 */
function verdictKey(e: DialectEvidence): string {
  const log = logTally.reset();
  for (const [a, b] of sampledRanges(e.steps.length)) log.addAll(e.steps.timestampShapes(a, b));
  const commits = commitTally.reset();
  for (const [a, b] of sampledRanges(e.commits.length)) for (let i = a; i < b; i++) commits.add(timestampShapeOf(e.commits[i]!.timestamp));
  const m = e.metadata;
  // A time of no known shape joins as ''.
  const meta = metadataShapes(m)?.join(',') ?? '-';
  const style = m?.style;
  return `${log.text()}|${commits.text()}|${meta}|${style ? styleKey(style) : '-'}|${e.lockFile}`;
}

/** A style's part of the key, once a style: the branches of a layout share one (metadata-layout.ts). */
const styleKeys = new WeakMap<MetadataStyle, string>();
function styleKey(style: MetadataStyle): string {
  let key = styleKeys.get(style);
  if (key === undefined) {
    key = `${style.writers.join('/')},${style.keyOrder},${style.timestampQuoting},${style.nonAscii},${style.emptyString},${style.validYaml},${style.keys.length > 0}`;
    styleKeys.set(style, key);
  }
  return key;
}

/** Whether files written by `a` and `b` need different parsers (how `---` escapes are undone). */
export function parsersDiffer(a: Dialect | undefined, b: Dialect | undefined): boolean {
  return escapeStyleOf(a) !== escapeStyleOf(b);
}
