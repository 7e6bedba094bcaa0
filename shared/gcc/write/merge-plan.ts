// What a merge writes, byte for byte, as the Contexa implementation of the target's dialect would write it.

import type { BranchMetadata, Commit, Dialect, OtaStep } from '../../types.ts';
import { concatBytes, decodeUtf8, encodeUtf8 } from '../read/bytes.ts';
import { parseCommits } from '../read/commits.ts';
import { serializeCommit } from './commit-write.ts';
import { parseLog } from '../read/log.ts';
import { serializeStep } from './log-write.ts';
import { parseMetadata } from '../read/metadata.ts';
import { readMetadataLineBased } from '../read/metadata-line-based.ts';
import { branchFilePath, ROADMAP_FILE } from '../read/paths.ts';
import { readerView } from '../dialects/reader-view.ts';
import { encodeEscaped } from '../dialects/escaped-text.ts';
import { serializeRoadmapUpdate } from '../read/roadmap.ts';
import { planMetadataRewrite } from './merge-metadata.ts';

/** A dialect some Contexa implementation writes; `unknown` files are merged as Python would. */
export type MergeDialect = Exclude<Dialect, 'unknown'>;

// Every implementation merges the same way (PYTHON/contexa/workspace.py `merge`, JS/src/workspace.ts, GO workspace.go,
// LUA workspace.lua, ELIXIR workspace.ex, ZIG main.zig; in fixtures/peers/contexa/ the Python and TypeScript ones): it
// READS the source branch with its own parser, then appends `\n## Merged from \`x\` (TS)\n\n` and the steps it read
// (only when it read any) to the target's log, appends a merge commit to the target's commit.md and a roadmap update
// to main.md, and rewrites the source's metadata.yaml with status merged. Because the copies are what that parser
// returned, they carry its quirks: trimmed lines, action-only steps dropped by TypeScript, Go and Rust, Elixir's
// corrupted step-header timestamps, Lua's newline corruption applied once more.
//
// Where the dialects differ in the merge's text:
//   python, lua, elixir: roadmap `Merged \`x\`: S`;  typescript, rust, go: roadmap `S`;
//   zig: summary `Merged branch \`x\` into \`t\``, previous "Initial state — no prior commits.", the raw source log
//   appended whole (its header included), no roadmap line.
// Timestamps and the commit id come from the caller: the only bytes that may differ between a preview and the merge
// that follows it.
export function mergeDialectOf(dialect: Dialect | null | undefined): MergeDialect {
  return !dialect || dialect === 'unknown' ? 'python' : dialect;
}

export const INITIAL_PREVIOUS_SUMMARY = 'Initial state — no prior commits.';

/** One branch's files as they are on disk (null: missing). */
export interface MergeBranchFiles {
  name: string;
  log: Uint8Array | null;
  commit: Uint8Array | null;
  metadata: Uint8Array | null;
  /** Who wrote this branch's files (decides how their `---` escapes are undone); default: the merge dialect. */
  dialect?: Dialect;
}

export interface MergeTimestamps {
  /** In the `## Merged from` heading. */
  logHeader: string;
  commit: string;
  /** The roadmap update's heading; default `commit` (every writer but Elixir uses the commit's own timestamp). */
  roadmap?: string;
  mergedAt: string;
}

export interface MergeInput {
  source: MergeBranchFiles;
  target: MergeBranchFiles;
  /** main.md (null: missing; the append creates it, as every writer's append would). */
  roadmap: Uint8Array | null;
  /** The dialect of the target's files: the implementation whose merge we reproduce. */
  dialect: Dialect;
  /** The user's own summary instead of the automatic one (blank: automatic). */
  summary?: string | null;
  commitId: string;
  timestamps: MergeTimestamps;
}

export type MergeFileKind = 'log' | 'commit' | 'roadmap' | 'metadata';

export interface MergeWrite {
  kind: MergeFileKind;
  /** Relative to .GCC/. */
  file: string;
  /** `append`: `bytes` go after the current end; `replace`: `bytes` are the whole new file. */
  mode: 'append' | 'replace';
  /** Size of the file the write was planned against (where an append starts). */
  baseSize: number;
  bytes: Uint8Array;
  /** `bytes` as text (bytes that are not UTF-8 as U+FFFD), for showing. */
  text: string;
  /** For `replace`: the file's current text. */
  previousText?: string;
}

export type MergeStep = Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action'>;
export type MergeCommit = Pick<Commit, 'commitId' | 'timestamp' | 'branchPurpose' | 'previousProgressSummary' | 'thisCommitContribution'>;

export interface MergePlan {
  dialect: MergeDialect;
  source: string;
  target: string;
  /** The summary the implementation would make by itself. */
  automaticSummary: string;
  /** The merge commit's contribution: the user's summary when given, else the automatic one. */
  summary: string;
  customSummary: boolean;
  commit: MergeCommit;
  /** The steps the merge copies, as the implementation read them (Zig: as they are in the file). */
  copiedSteps: MergeStep[];
  /** Steps in the source log as we read it (the copies can be fewer: see notes). */
  sourceStepCount: number;
  /** Commits of the source as the implementation reads them (the `n commits` of the summary). */
  sourceCommitCount: number;
  /** The roadmap update's text, null when the dialect writes none. */
  roadmapText: string | null;
  /** The source's new metadata, null when it is not rewritten (no readable metadata.yaml). */
  metadata: BranchMetadata | null;
  /** In the order the implementation writes them. */
  writes: MergeWrite[];
  /** Where this merge differs from what a reader might expect, in plain words. */
  notes: string[];
}

/** The metadata as the merging implementation's own reader sees it (Lua keeps doubled quotes, Zig takes raw lines). */
export function metadataAsRead(bytes: Uint8Array | null, file: string, dialect: MergeDialect): BranchMetadata | null {
  if (bytes === null || bytes.length === 0) return null;
  if (dialect === 'lua' || dialect === 'elixir' || dialect === 'zig') return readMetadataLineBased(decodeUtf8(bytes).text, dialect);
  return parseMetadata(bytes, file).metadata;
}

/** The source's commits and steps as the merging implementation's parser returns them. */
export function sourceAsRead(files: MergeBranchFiles, dialect: MergeDialect): { steps: OtaStep[]; commits: Commit[]; lossless: { steps: OtaStep[]; commits: Commit[] } } {
  const fileDialect = files.dialect && files.dialect !== 'unknown' ? files.dialect : dialect;
  const log = files.log ? parseLog(files.log, { file: branchFilePath(files.name, 'log'), dialect: fileDialect }) : null;
  const commits = files.commit
    ? parseCommits(files.commit, { file: branchFilePath(files.name, 'commit'), branch: files.name, dialect: fileDialect })
    : null;
  const lossless = { steps: log?.steps ?? [], commits: commits?.commits ?? [] };
  const view = readerView(dialect, lossless, {
    ...(files.log ? { log: files.log, logPending: log?.pending?.range ?? null } : {}),
    ...(files.commit ? { commit: files.commit, commitPending: commits?.pending?.range ?? null } : {}),
  });
  return { ...view, lossless };
}

export function automaticMergeSummary(source: string, target: string, contributions: readonly string[], dialect: MergeDialect): string {
  if (dialect === 'zig') return `Merged branch \`${source}\` into \`${target}\``;
  return `Merged branch \`${source}\` (${contributions.length} commits). Contributions: ${contributions.join(' | ')}`;
}

/** The roadmap update a merge appends (null: Zig writes none). */
export function mergeRoadmapText(source: string, summary: string, dialect: MergeDialect): string | null {
  switch (dialect) {
    case 'zig':
      return null;
    case 'typescript':
    case 'rust':
    case 'go':
      return summary;
    default:
      return `Merged \`${source}\`: ${summary}`;
  }
}

/**
 * Elixir reads a step header with a byte regex that leaves the last two bytes of `—` (0x80 0x94) in front
 * of the timestamp, and writes them back as they are. Its reader carries them as escaped bytes
 * (dialects/escaped-text.ts); write them back as those bytes.
 */
function encodeStep(text: string, dialect: MergeDialect): Uint8Array {
  return dialect === 'elixir' ? encodeEscaped(text) : encodeUtf8(text);
}

function append(kind: MergeFileKind, file: string, base: Uint8Array | null, bytes: Uint8Array): MergeWrite {
  return { kind, file, mode: 'append', baseSize: base?.length ?? 0, bytes, text: decodeUtf8(bytes).text };
}

/** Plans the merge of `input.source` into `input.target`. Pure: the caller reads the files and performs the writes. */
export function planMerge(input: MergeInput): MergePlan {
  const dialect = mergeDialectOf(input.dialect);
  const source = input.source.name;
  const target = input.target.name;
  const notes: string[] = [];
  const read = sourceAsRead(input.source, dialect);
  const sourceMeta = metadataAsRead(input.source.metadata, branchFilePath(source, 'metadata'), dialect);
  const targetMeta = metadataAsRead(input.target.metadata, branchFilePath(target, 'metadata'), dialect);

  const contributions = read.commits.map((c) => c.thisCommitContribution);
  const automaticSummary = automaticMergeSummary(source, target, contributions, dialect);
  const custom = input.summary?.trim() ?? '';
  const summary = custom || automaticSummary;
  if (custom && dialect === 'zig') notes.push("Contexa Zig's merge takes no summary of its own; your text replaces its automatic one.");

  const ts = input.timestamps;
  const writes: MergeWrite[] = [];

  // 1. The copied steps in the target's log (only when the implementation read any).
  const copiedSteps = planLogCopy(input, read, dialect, writes, notes);

  // 2. The merge commit.
  const commit: MergeCommit = {
    commitId: input.commitId,
    timestamp: ts.commit,
    branchPurpose: targetMeta?.purpose ?? (dialect === 'zig' ? 'Active branch' : ''),
    previousProgressSummary: dialect === 'zig' ? INITIAL_PREVIOUS_SUMMARY : `Merging branch \`${source}\` with purpose: ${sourceMeta?.purpose ?? ''}`,
    thisCommitContribution: summary,
  };
  writes.push(append('commit', branchFilePath(target, 'commit'), input.target.commit, encodeUtf8(serializeCommit(commit, dialect))));

  // 3. The roadmap line.
  const roadmapText = mergeRoadmapText(source, summary, dialect);
  if (roadmapText !== null) {
    writes.push(append('roadmap', ROADMAP_FILE, input.roadmap, encodeUtf8(serializeRoadmapUpdate(ts.roadmap ?? ts.commit, roadmapText))));
  } else {
    notes.push('Contexa Zig writes no roadmap line for a merge.');
  }

  // 4. The source's metadata.
  const metadata = planMetadataRewrite(input, sourceMeta, dialect, writes, notes);

  return {
    dialect,
    source,
    target,
    automaticSummary,
    summary,
    customSummary: custom !== '',
    commit,
    copiedSteps: dialect === 'zig' ? read.lossless.steps : copiedSteps,
    sourceStepCount: read.lossless.steps.length,
    sourceCommitCount: read.commits.length,
    roadmapText,
    metadata,
    writes,
    notes,
  };
}

/** The append of the copied steps to the target's log (when the implementation read any), and its notes: the steps copied. */
function planLogCopy(input: MergeInput, read: ReturnType<typeof sourceAsRead>, dialect: MergeDialect, writes: MergeWrite[], notes: string[]): MergeStep[] {
  const source = input.source.name;
  const target = input.target.name;
  const zigRaw = dialect === 'zig' ? (input.source.log ?? new Uint8Array()) : null;
  const copiedSteps: MergeStep[] = dialect === 'zig' ? read.lossless.steps : read.steps;
  const hasCopy = zigRaw ? zigRaw.length > 0 : copiedSteps.length > 0;
  if (hasCopy) {
    const header = encodeUtf8(`\n## Merged from \`${source}\` (${input.timestamps.logHeader})\n\n`);
    const body = zigRaw ?? concatBytes(copiedSteps.map((s) => encodeStep(serializeStep(s, dialect), dialect)));
    writes.push(append('log', branchFilePath(target, 'log'), input.target.log, concatBytes([header, body])));
  } else {
    notes.push(`Contexa ${label(dialect)} reads no steps in \`${source}\`'s log, so the merge adds nothing to \`${target}\`'s log.`);
  }
  if (dialect === 'zig') notes.push("Contexa Zig appends the source's log.md as it is, its `# OTA Log` header included.");
  const dropped = read.lossless.steps.length - (dialect === 'zig' ? read.lossless.steps.length : read.steps.length);
  if (dropped > 0) {
    notes.push(
      `Contexa ${label(dialect)} reads ${read.steps.length} of the ${read.lossless.steps.length} steps in \`${source}\`'s log` +
        (dialect === 'typescript' || dialect === 'go' || dialect === 'rust' ? ' (steps with only an action are dropped)' : '') +
        ': only those are copied.',
    );
  }
  return copiedSteps;
}

export function label(dialect: MergeDialect): string {
  return dialect === 'typescript' ? 'TypeScript' : dialect.charAt(0).toUpperCase() + dialect.slice(1);
}
