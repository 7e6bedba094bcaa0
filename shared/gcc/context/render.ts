// The CONTEXT text each Contexa implementation's `summary()` returns for a branch and K, from what that
// implementation's own parser read (../dialects/reader-view.ts).
import type { Commit, ContextDialect, OtaStep } from '../../types.ts';
import { luaEscape } from '../read/escape.ts';

/** Dialects renderContext accepts: every implementation's (the same set as ContextDialect). */
export type RenderDialect = ContextDialect;

export const RENDER_DIALECTS: readonly RenderDialect[] = ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'];

export interface ContextInput {
  branch: string;
  k: number;
  /** The raw text of main.md. */
  roadmap: string;
  /** All commits of the branch, oldest first, as the implementation's parser returned them. */
  commits: readonly Commit[];
  /** All steps of the branch's log, in file order, as the implementation's parser returned them. */
  steps: readonly OtaStep[];
  /**
   * When set, `steps` holds only the last of the branch's `stepCount` steps: at least contextStepsShown(dialect)
   * of them, which is all that CONTEXT shows (so a 200,000-step branch need not be handed over whole).
   */
  stepCount?: number;
  /**
   * Zig parses no records: its CONTEXT copies commit.md and log.md as they are. When the raw texts are at hand they
   * are used (exact); without them they are rebuilt from the records with Zig's writer (approximate).
   */
  raw?: { commit: string; log: string };
}

/** The recent steps CONTEXT shows (the count of all steps is printed beside them). */
export const RECENT_STEPS = 5;

/** How many of the last steps the layout reads: Zig copies the whole log. */
export function contextStepsShown(dialect: RenderDialect): number {
  return dialect === 'zig' ? Number.POSITIVE_INFINITY : RECENT_STEPS;
}

type StepFields = Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action'>;
type CommitFields = Pick<
  Commit,
  'commitId' | 'timestamp' | 'branchPurpose' | 'previousProgressSummary' | 'thisCommitContribution'
>;

/**
 * The writers' escape: `\n---\n` becomes `\n\---\n`, left to right without overlap (so in
 * `\n---\n---\n` only the first is escaped, and a value starting or ending with `---` is not).
 */
export function sanitizeValue(text: string): string {
  return text.replaceAll('\n---\n', '\n\\---\n');
}

/** A log.md step block as Python, TypeScript, Go and Rust write it (and re-render it in CONTEXT). */
export function stepMarkdown(s: StepFields, escape: (v: string) => string = sanitizeValue): string {
  return (
    `### Step ${s.step} — ${s.timestamp}\n` +
    `**Observation:** ${escape(s.observation)}\n\n` +
    `**Thought:** ${escape(s.thought)}\n\n` +
    `**Action:** ${escape(s.action)}\n\n` +
    `---\n`
  );
}

/** A commit.md block as Python, TypeScript, Go and Rust write it (and re-render it in CONTEXT). */
export function commitMarkdown(c: CommitFields, escape: (v: string) => string = sanitizeValue): string {
  return (
    `## Commit \`${c.commitId}\`\n` +
    `**Timestamp:** ${c.timestamp}\n\n` +
    `**Branch Purpose:** ${escape(c.branchPurpose)}\n\n` +
    `**Previous Progress Summary:** ${escape(c.previousProgressSummary)}\n\n` +
    `**This Commit's Contribution:** ${escape(c.thisCommitContribution)}\n\n` +
    `---\n`
  );
}

/**
 * The error the implementation raises instead of rendering for this K, or null when it renders.
 * Python, TypeScript and Go check `k < 1` (seen in their code; Python raises ValueError); Rust is assumed to do the
 * same (unverified). Lua and Elixir render any integer.
 */
export function contextRefusal(dialect: RenderDialect, k: number): string | null {
  if (!Number.isInteger(k)) return `k must be an integer, got ${k}`;
  if ((dialect === 'python' || dialect === 'typescript' || dialect === 'go' || dialect === 'rust') && k < 1) {
    return `k must be >= 1, got ${k}`;
  }
  return null;
}

/**
 * The commits shown for K, as [start, end) of the branch's commit list. A suffix for every K >= 1;
 * Python's `commits[-k:]` shows all for k = 0 and drops the first |k| for k < 0, Elixir's
 * `Enum.take(commits, -k)` shows the FIRST |k| for k < 0.
 */
export function shownCommits(dialect: RenderDialect, k: number, count: number): { start: number; end: number } {
  if (k >= 1) return { start: clamp(count - k, count), end: count };
  switch (dialect) {
    case 'python':
      return { start: clamp(-k, count), end: count };
    case 'typescript':
      return { start: 0, end: count }; // slice(-0); refused before rendering anyway
    case 'elixir':
      return { start: 0, end: clamp(-k, count) };
    default:
      return { start: count, end: count }; // Go/Rust refuse; Lua's max(1, n - k + 1) and Zig show none
  }
}

function clamp(start: number, count: number): number {
  return Math.min(Math.max(start, 0), count);
}

/**
 * The CONTEXT text as pieces: `head(k)` + the shown slice of the commit pieces + `tail`, joined with ''.
 * Every separator is already inside a piece; the pieces that do not depend on K are built once, so the
 * same string object comes back for every K (tokens.ts memoizes counts by string).
 */
export interface ContextLayout {
  /** `more`: whether a commit or tail piece follows (Python and Lua put no separator after the last element). */
  head(k: number, more: boolean): string[];
  /** How many commit pieces there are: one per commit of the branch (Zig: per raw block). */
  commitCount: number;
  /**
   * Commit pieces [start, end), oldest first, in the form they take when shown. Built when asked for: a request
   * shows K of them, and a branch may have thousands.
   */
  commitPieces(start: number, end: number): string[];
  tail: string[];
}

/** commitCount and commitPieces over a piece per commit. */
function perCommit(commits: readonly Commit[], piece: (c: Commit, i: number) => string): Pick<ContextLayout, 'commitCount' | 'commitPieces'> {
  return {
    commitCount: commits.length,
    commitPieces: (start, end) => commits.slice(start, end).map((c, i) => piece(c, start + i)),
  };
}

/**
 * The text as pieces (head, one piece per commit, tail) whose concatenation is the text, so tokens.ts can count what
 * raising K costs without counting the roadmap again for every K. All seven are byte for byte against every
 * context-*.txt of the corpus when given what the implementation's parser read from the whole files
 * (implementation.test.ts); Zig needs the raw texts (`raw`), without which its layout is rebuilt from records,
 * approximately.
 */
export function contextLayout(input: Omit<ContextInput, 'k'>, dialect: RenderDialect): ContextLayout {
  switch (dialect) {
    case 'python':
    case 'lua':
    case 'typescript':
      return joinedLayout(input, dialect);
    case 'go':
    case 'rust':
      return concatenatedLayout(input);
    case 'elixir':
      return elixirLayout(input);
    case 'zig':
      return zigLayout(input);
  }
}

/**
 * The CONTEXT text the implementation's `summary()` returns. '' when it refuses this K
 * (contextRefusal says why). For lua, elixir and zig the text is approximate.
 */
export function renderContext(input: ContextInput, dialect: RenderDialect): string {
  if (contextRefusal(dialect, input.k) !== null) return '';
  const layout = contextLayout(input, dialect);
  const { start, end } = shownCommits(dialect, input.k, layout.commitCount);
  const more = start < end || layout.tail.length > 0;
  return [...layout.head(input.k, more), ...layout.commitPieces(start, end), ...layout.tail].join('');
}

/**
 * Python, TypeScript and Lua: `"\n".join(parts)` where each part ends with its own `\n`.
 * Python reads main.md with universal newlines, so its roadmap has no `\r`.
 */
function joinedLayout(input: Omit<ContextInput, 'k'>, dialect: 'python' | 'typescript' | 'lua'): ContextLayout {
  const roadmap = dialect === 'python' ? universalNewlines(input.roadmap) : input.roadmap;
  const roadmapPart = `## Global Roadmap\n${roadmap}\n\n`;
  const tailParts: string[] = [];
  const total = stepTotal(input);
  const recent = input.steps.slice(-RECENT_STEPS);
  if (dialect === 'typescript') {
    if (total > 0) {
      tailParts.push(`\n## Recent OTA Steps (showing last ${recent.length} of ${total})\n`);
    }
  } else if (total > 0 || dialect === 'lua') {
    // Lua (approximate): as Python, but the heading is printed even without steps.
    tailParts.push(`## Recent OTA steps (${total} total)\n`);
  }
  // Lua renders with its own (corrupting) escape, as its writer writes.
  const escape = dialect === 'lua' ? luaEscape : sanitizeValue;
  if (total > 0) for (const s of recent) tailParts.push(stepMarkdown(s, escape));
  const tail = tailParts.map((p, i) => (i < tailParts.length - 1 ? p + '\n' : p));
  const last = input.commits.length - 1;
  return {
    head: (k, more) => [
      `# CONTEXT — branch \`${input.branch}\` (K=${k})\n\n`,
      roadmapPart,
      more ? `## Last ${k} Commit(s)\n\n` : `## Last ${k} Commit(s)\n`,
    ],
    ...perCommit(input.commits, (c, i) => (i < last || tail.length > 0 ? commitMarkdown(c, escape) + '\n' : commitMarkdown(c, escape))),
    tail,
  };
}

/** Go and Rust: plain concatenation, no blank line between records. */
function concatenatedLayout(input: Omit<ContextInput, 'k'>): ContextLayout {
  const roadmapPart = `## Global Roadmap\n${input.roadmap}\n\n`;
  const tail: string[] = [];
  const total = stepTotal(input);
  if (total > 0) {
    const recent = input.steps.slice(-RECENT_STEPS);
    tail.push(`\n## Recent OTA Steps (showing last ${recent.length} of ${total})\n`);
    for (const s of recent) tail.push(stepMarkdown(s));
  }
  return {
    head: (k) => [`# CONTEXT — branch \`${input.branch}\` (K=${k})\n\n`, roadmapPart, `## Last ${k} Commit(s)\n`],
    ...perCommit(input.commits, (c) => commitMarkdown(c)),
    tail,
  };
}

/**
 * Elixir (APPROXIMATE, read from its fixtures): a heredoc; the step heading is always printed and
 * the text ends with a newline. The corrupted step timestamps it shows come from its own reader.
 */
function elixirLayout(input: Omit<ContextInput, 'k'>): ContextLayout {
  const roadmapPart = `## Global Roadmap\n${input.roadmap}\n\n`;
  const recent = input.steps.slice(-RECENT_STEPS);
  const tail = [`\n## Recent OTA steps (${stepTotal(input)} total)\n`, ...recent.map((s) => stepMarkdown(s) + '\n')];
  return {
    head: (k) => [`# CONTEXT — branch \`${input.branch}\` (K=${k})\n\n`, roadmapPart, `## Last ${k} Commit(s)\n`],
    ...perCommit(input.commits, (c) => commitMarkdown(c) + '\n'),
    tail,
  };
}

/**
 * Zig (APPROXIMATE, derived from reading its code): it parses no records. CONTEXT shows the last K
 * raw blocks of commit.md (split on `---\n`, so a `---` line inside a value makes two blocks, and the
 * first block carries the file's title; blocks without a commit header are dropped), then `\n## Recent OTA Steps\n` and the whole raw log.md.
 * We rebuild the raw files from the records with Zig's writer, which does not escape `---`; the
 * timestamp of a `## Merged from` header is not in the records, so we take the merge commit's.
 */
function zigLayout(input: Omit<ContextInput, 'k'>): ContextLayout {
  // `stepCount` is not read: Zig shows every step, so `steps` must be all of them (contextStepsShown).
  const raw = (v: string): string => v;
  const roadmapPart = `## Global Roadmap\n${input.roadmap}\n\n`;
  const commitText = input.raw?.commit ?? `# Commit History — branch \`${input.branch}\`\n\n` + input.commits.map((c) => commitMarkdown(c, raw)).join('');
  // Blocks without a commit header (the tail of a value cut at a `---` line) are dropped, and each
  // shown block is trimmed and closed again, as the corpus shows.
  const blocks = commitText
    .split('---\n')
    .filter((b) => b.includes('## Commit `'))
    .map((b) => b.trim() + '\n\n---\n');
  let log = input.raw?.log ?? `# OTA Log — branch \`${input.branch}\`\n\n`;
  let mergedFrom: string | undefined;
  for (const s of input.raw ? [] : input.steps) {
    if (s.mergedFrom !== undefined && s.mergedFrom !== mergedFrom) {
      const merge = input.commits.find((c) => c.thisCommitContribution.startsWith(`Merged branch \`${s.mergedFrom}\``));
      log += `\n## Merged from \`${s.mergedFrom}\` (${merge?.timestamp ?? ''})\n\n# OTA Log — branch \`${s.mergedFrom}\`\n\n`;
    }
    mergedFrom = s.mergedFrom;
    log += stepMarkdown(s, raw);
  }
  return {
    head: (k) => [`# CONTEXT — branch \`${input.branch}\` (K=${k})\n\n`, roadmapPart, `## Last ${k} Commit(s)\n`],
    commitCount: blocks.length,
    commitPieces: (start, end) => blocks.slice(start, end),
    tail: ['\n## Recent OTA Steps\n', log],
  };
}

/** The number of steps the implementation read: `stepCount` when `steps` holds only the last ones. */
function stepTotal(input: Omit<ContextInput, 'k'>): number {
  return input.stepCount ?? input.steps.length;
}

/** Python's text-mode read: `\r\n` and a lone `\r` both become `\n`. */
export function universalNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
