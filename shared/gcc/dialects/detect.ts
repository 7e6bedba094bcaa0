// Which Contexa implementation wrote a file, from the evidence writers leave (timestamp shapes, metadata's YAML, merge
// texts, lock leftovers); the verdict names the evidence that decided.

import type { Dialect } from '../../types.ts';
import type { MetadataStyle } from '../read/metadata-style.ts';
import { describeTimestamp, WRITERS_BY_SHAPE, type TimestampShapeName } from '../read/timestamp.ts';

export type Writer = Exclude<Dialect, 'unknown'>;
export const WRITERS: readonly Writer[] = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'];

export type EvidenceFileKind = 'metadata' | 'log' | 'commit' | 'roadmap';

/** What one parsed file tells about its writer. Everything is optional except the kind. */
export interface FileEvidence {
  kind: EvidenceFileKind;
  /** Timestamps in file order, exactly as read (step headers, `**Timestamp:**`, merge headers, `**Initialized:**`, `## Update (…)`, metadata created_at/merged_at). */
  timestamps: string[];
  /** Their shapes instead (a step index keeps them: nothing is read back), null where no timestamp was found. */
  shapes?: readonly (TimestampShapeName | null)[];
  /** From parseMetadata, for kind 'metadata'. */
  metadataStyle?: MetadataStyle;
  /** The file's text, for merge-text cues (roadmap line, Zig's merge commit, Elixir's corrupted headers). */
  text?: string;
  /** Label used in reasons, e.g. `branches/main/log.md`. */
  file?: string;
}

/** Workspace-level leftovers, if the caller looked for them. */
export interface WorkspaceEvidence {
  /** `.GCC/.lock` exists (python, go, rust, zig keep their flock file; typescript and elixir remove theirs). */
  lockFile?: boolean;
  /** `.GCC/.lock_dir` exists (lua's mkdir lock, left only when a lua process died holding it). */
  lockDir?: boolean;
}

export interface DialectVerdict {
  /** The single best writer, or 'unknown' when nothing points anywhere or the top is a tie. */
  dialect: Dialect;
  /** Writers sharing the top score (more than one: a tie, see reasons). */
  candidates: Writer[];
  scores: Record<Writer, number>;
  /** Why: the evidence behind the top candidates, most decisive first. */
  reasons: string[];
  /** Writers in the order their timestamps appear, runs collapsed: [python, typescript] for a Python log a TypeScript merge appended to. */
  sequence: Dialect[];
  /** Timestamps of more than one writer's shape appear. */
  mixed: boolean;
}

export interface BranchDialectVerdict extends DialectVerdict {
  perFile: (DialectVerdict & { kind: EvidenceFileKind; file?: string })[];
}

type Scores = Record<Writer, number>;

const zeroScores = (): Scores => ({ python: 0, typescript: 0, rust: 0, go: 0, zig: 0, lua: 0, elixir: 0 });

interface Vote {
  writers: readonly Writer[];
  weight: number;
  reason: string;
}

// Weights: an exact byte-for-byte metadata match is the strongest evidence; a timestamp shape is
// strong but shared (go/zig, python/lua/rust at whole seconds); merge texts and YAML habits are
// decisive only between writers the timestamps cannot separate; lock leftovers barely count.
const W_TIMESTAMPS = 3;
const W_EXACT_METADATA = 4;
const W_YAML_HABIT = 1;
const W_TEXT = 2;
const W_LOCK = 0.5;

const typicalByShape = new Map<TimestampShapeName, Writer[]>();

/** The writers a shape is typical of (one array a shape: a log's 400 sampled timestamps share a few). */
function typicalWriters(shape: TimestampShapeName): Writer[] {
  let typical = typicalByShape.get(shape);
  if (!typical) typicalByShape.set(shape, (typical = WRITERS_BY_SHAPE[shape].filter((w) => w.chance === 'typical').map((w) => w.dialect as Writer)));
  return typical;
}

function timestampVotes(timestampShapes: readonly (TimestampShapeName | null)[]): { votes: Vote[]; perTimestamp: Writer[][] } {
  const perTimestamp: Writer[][] = [];
  const tally = zeroScores();
  const shapes = new Map<string, number>();
  for (const shape of timestampShapes) {
    if (shape === null) continue;
    const writers = WRITERS_BY_SHAPE[shape];
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    perTimestamp.push(typicalWriters(shape));
    for (const w of writers) tally[w.dialect as Writer] += w.chance === 'typical' ? 1 : 0.1;
  }
  const counted = perTimestamp.length;
  if (counted === 0) return { votes: [], perTimestamp };
  const shapeText = [...shapes].map(([shape, n]) => `${n}× ${shape}`).join(', ');
  const votes = WRITERS.filter((w) => tally[w] > 0).map((w) => ({
    writers: [w],
    weight: (W_TIMESTAMPS * tally[w]) / counted,
    reason: `timestamps (${shapeText})`,
  }));
  return { votes, perTimestamp };
}

function metadataVotes(style: MetadataStyle): Vote[] {
  if (style.writers.length > 0) {
    return [{ writers: style.writers.filter((d): d is Writer => d !== 'unknown'), weight: W_EXACT_METADATA, reason: `metadata.yaml is byte for byte what ${style.writers.join('/')} writes` }];
  }
  const votes: Vote[] = [];
  const habit = (writers: Writer[], reason: string): void => {
    votes.push({ writers, weight: W_YAML_HABIT, reason });
  };
  if (style.keyOrder === 'sorted') habit(['python', 'lua', 'elixir'], 'sorted metadata keys');
  if (style.keyOrder === 'struct') habit(['typescript', 'rust', 'zig', 'go'], 'metadata keys in struct order');
  if (style.keyOrder === 'struct-without-merged') habit(['go'], 'merged_* omitted (go omitempty)');
  if (style.timestampQuoting === 'single') habit(['python', 'typescript', 'lua', 'elixir'], "'…'-quoted timestamps");
  if (style.timestampQuoting === 'double') habit(['go'], '"…"-quoted timestamps');
  if (style.timestampQuoting === 'plain') habit(['rust', 'zig'], 'unquoted timestamps');
  if (style.nonAscii === 'escaped') habit(['python'], 'non-ASCII written as \\x/\\u escapes');
  if (style.emptyString === '""') habit(['go'], 'empty string written ""');
  if (style.emptyString === 'empty') habit(['zig'], 'empty string written as nothing');
  if (!style.validYaml && style.keys.length > 0) habit(['zig'], 'invalid YAML (only zig writes unquoted `: `)');
  return votes;
}

function textVotes(kind: EvidenceFileKind, text: string): Vote[] {
  const votes: Vote[] = [];
  if (kind === 'roadmap') {
    if (/## Update \([^)\n]*\)\nMerged `[^`\n]+`: /.test(text)) {
      votes.push({ writers: ['python', 'lua', 'elixir'], weight: W_TEXT, reason: 'roadmap merge line `Merged `x`: S`' });
    }
    if (/## Update \([^)\n]*\)\nMerged branch `[^`\n]+` \(\d+ commits\)/.test(text)) {
      votes.push({ writers: ['typescript', 'rust', 'go'], weight: W_TEXT, reason: 'roadmap merge line holds the summary only' });
    }
  }
  if (kind === 'commit' && /Merged branch `[^`\n]+` into `[^`\n]+`/.test(text)) {
    votes.push({ writers: ['zig'], weight: W_TEXT, reason: 'merge commit `Merged branch `x` into `main``' });
  }
  if (kind === 'log') {
    if (/## Merged from `[^`\n]+` \([^)\n]*\)\n\n# OTA Log — branch `/.test(text)) {
      votes.push({ writers: ['zig'], weight: W_TEXT, reason: 'merge appended the raw source log with its header' });
    }
    // Elixir's step-header regex (no /u) splits the em dash: stray 0x80 0x94 bytes follow `— `.
    if (/### Step \d+ — (?:\uFFFD|[\u0080-\u009f])/.test(text)) {
      votes.push({ writers: ['elixir'], weight: W_TEXT, reason: 'merged step headers corrupted by Elixir’s regex (bytes 0x80 0x94 after `— `)' });
    }
  }
  return votes;
}

function tallyVotes(votes: readonly Vote[]): Scores {
  const scores = zeroScores();
  for (const vote of votes) for (const w of vote.writers) scores[w] += vote.weight;
  return scores;
}

function decide(scores: Scores, votes: readonly Vote[]): Pick<DialectVerdict, 'dialect' | 'candidates' | 'reasons'> {
  const top = Math.max(...WRITERS.map((w) => scores[w]));
  if (top <= 0) return { dialect: 'unknown', candidates: [], reasons: ['no evidence'] };
  const candidates = WRITERS.filter((w) => Math.abs(scores[w] - top) < 1e-9);
  const winner = candidates.length === 1 ? (candidates[0] as Writer) : null;
  const runnerUp = Math.max(...WRITERS.filter((w) => !candidates.includes(w)).map((w) => scores[w]), 0);
  // A reason matters if it votes for a top candidate; list those that separate it from the rest first.
  const relevant = votes.filter((v) => v.writers.some((w) => candidates.includes(w)));
  const separating = relevant.filter((v) => v.writers.length < WRITERS.length && !WRITERS.some((w) => !candidates.includes(w) && v.writers.includes(w)));
  const ordered = [...new Set([...separating, ...relevant].map((v) => `${v.reason} → ${v.writers.join('/')}`))];
  if (winner === null) {
    return { dialect: 'unknown', candidates, reasons: [`tie between ${candidates.join(', ')} (score ${top.toFixed(2)})`, ...ordered] };
  }
  return { dialect: winner, candidates, reasons: [`${winner} scores ${top.toFixed(2)} vs ${runnerUp.toFixed(2)}`, ...ordered] };
}

function sequenceOf(perTimestamp: readonly Writer[][], preferred: readonly Writer[]): Dialect[] {
  const sequence: Dialect[] = [];
  for (const writers of perTimestamp) {
    const label: Dialect = writers.find((w) => preferred.includes(w)) ?? writers[0] ?? 'unknown';
    if (sequence[sequence.length - 1] !== label) sequence.push(label);
  }
  return sequence;
}

/** The writer of one file. Ties (e.g. a go/zig log alone) give 'unknown' with both candidates. */
export function detectFileDialect(evidence: FileEvidence): DialectVerdict {
  const { votes: tsVotes, perTimestamp } = timestampVotes(evidence.shapes ?? evidence.timestamps.map((ts) => describeTimestamp(ts)?.shape ?? null));
  const votes = [...tsVotes];
  if (evidence.metadataStyle !== undefined) votes.push(...metadataVotes(evidence.metadataStyle));
  if (evidence.text !== undefined) {
    // A merge text speaks for the writer of that one merge: in a file several writers appended to
    // (mixed-py-ts/main.md), it counts only as much as that writer's share of the timestamps.
    const share = (writers: readonly Writer[]): number =>
      perTimestamp.length === 0 ? 1 : perTimestamp.filter((ws) => ws.some((w) => writers.includes(w))).length / perTimestamp.length;
    votes.push(...textVotes(evidence.kind, evidence.text).map((v) => ({ ...v, weight: v.weight * share(v.writers) })));
  }
  const scores = tallyVotes(votes);
  const decision = decide(scores, votes);
  const sequence = sequenceOf(perTimestamp, decision.candidates);
  return { ...decision, scores, sequence, mixed: new Set([...new Set(perTimestamp)].map((w) => w.join('/'))).size > 1 };
}

/**
 * The writer of a branch: the files' scores added up (plus lock leftovers if given). The reasons name
 * the file whose evidence separated the winner from the runner-up.
 */
export function detectBranchDialect(files: readonly FileEvidence[], workspace: WorkspaceEvidence = {}): BranchDialectVerdict {
  const perFile = files.map((f) => ({ ...detectFileDialect(f), kind: f.kind, file: f.file }));
  const scores = zeroScores();
  for (const verdict of perFile) for (const w of WRITERS) scores[w] += verdict.scores[w];
  const lockVotes: Vote[] = [];
  if (workspace.lockFile === true) lockVotes.push({ writers: ['python', 'go', 'rust', 'zig'], weight: W_LOCK, reason: 'leftover .GCC/.lock' });
  if (workspace.lockDir === true) lockVotes.push({ writers: ['lua'], weight: W_LOCK * 2, reason: 'leftover .GCC/.lock_dir' });
  for (const vote of lockVotes) for (const w of vote.writers) scores[w] += vote.weight;

  const top = Math.max(...WRITERS.map((w) => scores[w]));
  const candidates = top > 0 ? WRITERS.filter((w) => Math.abs(scores[w] - top) < 1e-9) : [];
  const ranked = [...WRITERS].sort((a, b) => scores[b] - scores[a]);
  const winner = candidates.length === 1 ? (candidates[0] as Writer) : null;
  const reasons: string[] = [];
  if (top <= 0) reasons.push('no evidence');
  else if (winner === null) reasons.push(`tie between ${candidates.join(', ')} (score ${top.toFixed(2)})`);
  else {
    const second = ranked[1] as Writer;
    reasons.push(`${winner} scores ${top.toFixed(2)} vs ${second} ${scores[second].toFixed(2)}`);
    // The file that separates winner from runner-up the most decided.
    const deciding = [...perFile].sort((a, b) => b.scores[winner] - b.scores[second] - (a.scores[winner] - a.scores[second]))[0];
    if (deciding !== undefined && deciding.scores[winner] > deciding.scores[second]) {
      const why = deciding.reasons.filter((r) => r.includes('→') && r.split('→')[1]?.includes(winner) && !r.split('→')[1]?.includes(second));
      reasons.push(`decided by ${deciding.file ?? deciding.kind}${why.length > 0 ? `: ${why.join('; ')}` : ''}`);
    }
  }
  for (const vote of lockVotes) reasons.push(`${vote.reason} → ${vote.writers.join('/')}`);
  const sequence: Dialect[] = [];
  for (const verdict of perFile) for (const d of verdict.sequence) if (sequence[sequence.length - 1] !== d) sequence.push(d);
  return {
    dialect: winner ?? 'unknown',
    candidates,
    scores,
    reasons,
    sequence,
    mixed: perFile.some((v) => v.mixed) || new Set(perFile.filter((v) => v.dialect !== 'unknown').map((v) => v.dialect)).size > 1,
    perFile,
  };
}

/** Shorthand: one file's or one branch's writer. */
export function detectDialect(evidence: FileEvidence | readonly FileEvidence[], workspace?: WorkspaceEvidence): Dialect {
  return Array.isArray(evidence) ? detectBranchDialect(evidence, workspace).dialect : detectFileDialect(evidence as FileEvidence).dialect;
}

/**
 * The timestamps a log.md, commit.md or main.md holds, found line by line (step headers, commit
 * `**Timestamp:**`, merge headers, `**Initialized:**`, `## Update (…)`). For callers that have the
 * text but not yet the parsed records; the parsers' own timestamps are better evidence.
 */
export function timestampsInText(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    if (!/^(?:### Step |\*\*Timestamp:\*\*|## Merged from |\*\*Initialized:\*\*|## Update \()/.test(line)) continue;
    const description = describeTimestamp(line);
    if (description !== null) found.push(description.timestamp);
  }
  return found;
}
