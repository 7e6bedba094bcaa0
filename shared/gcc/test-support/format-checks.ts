// What must hold for any bytes at all, checked on one fuzz input: the readers never throw, read the same whole as in
// parts, and every record goes back through our writer and reads back equal. Returns the problems found.
import type { BranchMetadata, Dialect } from '../../types.ts';
import { renderContext } from '../context/render.ts';
import { readerView } from '../dialects/reader-view.ts';
import { encodeUtf8 } from '../read/bytes.ts';
import { continueCommits, parseCommits } from '../read/commits.ts';
import { continueLog, parseLog } from '../read/log.ts';
import { parseMetadata } from '../read/metadata.ts';
import { parseRoadmap } from '../read/roadmap.ts';
import { serializeCommit, serializeCommitHeader } from '../write/commit-write.ts';
import { serializeLogHeader, serializeStep } from '../write/log-write.ts';
import { serializeMetadata } from '../write/metadata-write.ts';
import type { FuzzInput } from './fuzz-inputs.ts';

/** Generous for a loaded two-core machine, yet far below what a super-linear reader takes on the long inputs. */
export const TIME_BUDGET = { fixedMs: 250, perByteMicros: 5 };

const READ_DIALECTS: readonly (Dialect | undefined)[] = [undefined, 'python', 'zig', 'lua'];
const CONTEXT_READERS = ['python', 'typescript', 'rust', 'go'] as const;

export interface CheckOptions {
  /** Where to split for the incremental check, as a fraction of the length. */
  split: number;
  now?: () => number;
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Lua's writer turns every newline, with the dashes before it, into `\n\---\n` (escape.ts), as Contexa's Lua
 * does: a value with a line ending in `-`, or holding `\---`, cannot come back, so no round trip is owed there.
 * Every other escaping must give the value back exactly.
 */
function roundTrips(dialect: Dialect | undefined, values: string[]): boolean {
  return dialect !== 'lua' || !values.some((v) => /-\r?\n/.test(v) || v.includes('\\---'));
}

/**
 * A value read from a header line that ends in CR (the line ended `\r\r\n`): written on a line of its own again, its
 * CR and the line's end read as one CRLF, whatever the writer. Seen by the fuzz on CRLF-doubled files (seed 577572).
 */
const headerValueRoundTrips = (value: string): boolean => !value.endsWith('\r');

function logProblems(bytes: Uint8Array, dialect: Dialect | undefined, split: number): string[] {
  const out: string[] = [];
  const file = 'branches/main/log.md';
  const whole = parseLog(bytes, { file, dialect });
  const cut = Math.floor(split * bytes.length);
  const first = parseLog(bytes.subarray(0, cut), { file, dialect });
  const rest = continueLog(first.state, bytes.subarray(first.state.consumed));
  if (!rest.needsFullReparse && !same([...first.steps, ...rest.steps], whole.steps)) out.push(`log (${dialect ?? 'no dialect'}): split at ${cut} reads other steps than whole`);
  for (const step of whole.steps) {
    if (!roundTrips(dialect, [step.observation, step.thought, step.action]) || !headerValueRoundTrips(step.timestamp)) continue;
    const again = parseLog(encodeUtf8(serializeLogHeader('main') + serializeStep(step, dialect)), { file, dialect }).steps;
    const fields = (s: typeof step) => [s.step, s.timestamp, s.observation, s.thought, s.action];
    if (again.length !== 1 || !same(fields(again[0]!), fields(step))) {
      out.push(`log (${dialect ?? 'no dialect'}): step ${step.step} at ${step.range.start} written back reads ${again.length === 1 ? JSON.stringify(fields(again[0]!)).slice(0, 160) : `${again.length} steps`}, was ${JSON.stringify(fields(step)).slice(0, 160)}`);
    }
  }
  return out;
}

function commitProblems(bytes: Uint8Array, dialect: Dialect | undefined, split: number): string[] {
  const out: string[] = [];
  const opts = { file: 'branches/main/commit.md', branch: 'main', dialect };
  const whole = parseCommits(bytes, opts);
  const cut = Math.floor(split * bytes.length);
  const first = parseCommits(bytes.subarray(0, cut), opts);
  const rest = continueCommits(first.state, bytes.subarray(first.state.consumed));
  if (!rest.needsFullReparse && !same([...first.commits, ...rest.commits], whole.commits)) out.push(`commit (${dialect ?? 'no dialect'}): split at ${cut} reads other commits than whole`);
  for (const read of whole.commits) {
    if (!roundTrips(dialect, [read.branchPurpose, read.previousProgressSummary, read.thisCommitContribution]) || !headerValueRoundTrips(read.timestamp)) continue;
    // Only the values are written back (a merge writes a new commit with its own id): a damaged id is not kept.
    const c = { ...read, commitId: 'c0ffee00' };
    const again = parseCommits(encodeUtf8(serializeCommitHeader('main') + serializeCommit(c, dialect)), opts).commits;
    const fields = (x: typeof c) => [x.commitId, x.timestamp, x.branchPurpose, x.previousProgressSummary, x.thisCommitContribution];
    if (again.length !== 1 || !same(fields(again[0]!), fields(c))) {
      out.push(`commit (${dialect ?? 'no dialect'}): ${c.commitId} at ${c.range.start} written back reads ${again.length === 1 ? JSON.stringify(fields(again[0]!)).slice(0, 160) : `${again.length} commits`}`);
    }
  }
  return out;
}

function metadataProblems(bytes: Uint8Array): string[] {
  const parsed = parseMetadata(bytes, 'branches/main/metadata.yaml');
  if (!parsed.metadata) return [];
  const out: string[] = [];
  for (const dialect of ['python', 'typescript', 'go', 'rust'] as const) {
    const again = parseMetadata(encodeUtf8(serializeMetadata(parsed.metadata, dialect)), 'm').metadata;
    const fields = (m: BranchMetadata | null) => (m ? [m.name, m.purpose, m.status, m.createdFrom, m.createdAt, m.mergedInto, m.mergedAt] : null);
    if (!same(fields(again), fields(parsed.metadata))) out.push(`metadata written back as ${dialect} reads ${JSON.stringify(fields(again)).slice(0, 160)}, was ${JSON.stringify(fields(parsed.metadata)).slice(0, 160)}`);
  }
  return out;
}

/** Every Contexa reader's view of the records and its CONTEXT at K=1 and 2: must not throw. */
function contextProblems(input: FuzzInput): string[] {
  const log = input.kind === 'log' ? parseLog(input.bytes, { file: 'l' }) : null;
  const commits = input.kind === 'commit' ? parseCommits(input.bytes, { file: 'c', branch: 'main' }) : null;
  const roadmap = input.kind === 'roadmap' ? parseRoadmap(input.bytes).raw : '# r\n';
  for (const reader of CONTEXT_READERS) {
    const view = readerView(reader, { commits: commits?.commits ?? [], steps: log?.steps ?? [] }, {
      log: input.kind === 'log' ? input.bytes : undefined,
      commit: input.kind === 'commit' ? input.bytes : undefined,
      logPending: log?.pending?.range ?? null,
      commitPending: commits?.pending?.range ?? null,
    });
    for (const k of [1, 2]) renderContext({ branch: 'main', k, roadmap, ...view }, reader);
  }
  return [];
}

function runChecks(input: FuzzInput, split: number): string[] {
  const out: string[] = [];
  try {
    if (input.kind === 'log') for (const d of READ_DIALECTS) out.push(...logProblems(input.bytes, d, split));
    else if (input.kind === 'commit') for (const d of READ_DIALECTS) out.push(...commitProblems(input.bytes, d, split));
    else if (input.kind === 'metadata') out.push(...metadataProblems(input.bytes));
    else parseRoadmap(input.bytes);
    out.push(...contextProblems(input));
  } catch (err) {
    out.push(`threw ${describe(err)}`);
  }
  return out;
}

/**
 * The problems of one input (an empty list: it held). Time is the lesser of two runs when the first is over budget:
 * a super-linear reader is over on every run, a pause of a shared machine (another process, a GC) on one.
 */
export function checkInput(input: FuzzInput, options: CheckOptions): string[] {
  const now = options.now ?? (() => performance.now());
  const size = input.bytes?.length ?? 0;
  const budget = TIME_BUDGET.fixedMs + (TIME_BUDGET.perByteMicros * size) / 1000;
  let started = now();
  const out = runChecks(input, options.split);
  let ms = now() - started;
  if (ms > budget) {
    started = now();
    runChecks(input, options.split);
    ms = Math.min(ms, now() - started);
  }
  if (ms > budget) out.push(`took ${ms.toFixed(0)} ms for ${size} bytes (budget ${budget.toFixed(0)} ms)`);
  return out;
}
