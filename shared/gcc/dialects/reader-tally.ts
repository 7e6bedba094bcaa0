// What CONTEXT needs of each reader's view of one branch, kept current as records are appended: every commit, but of the
// steps only the last five and how many, so each step is looked at once, when it arrives.
import type { Commit, OtaStep } from '../../types.ts';
import { contextStepsShown, type ContextInput, type RenderDialect } from '../context/render.ts';
import { arrayStepList, asStepList, type StepList } from '../read/step-list.ts';
import { SHAPE_ACTION_ONLY, SHAPE_EMPTY, SHAPE_TOLD } from '../read/step-scan.ts';
import { commitReading, plainStepRule, stepReading, stepYield } from './reader-view.ts';

/** The reader's records in the form renderContext and tokenCountsByK take them. */
export type TalliedRecords = Pick<ContextInput, 'commits' | 'steps' | 'stepCount' | 'raw'>;

/**
 * Follows one growing list of lossless records. Lists are expected to grow by appending (server/tracked-file.ts): the
 * same list, longer, with the record last seen still in its place (an array's last record is compared; a step index
 * only ever grows: a reload makes a new one). Any other list starts a new epoch and is read from its start.
 */
class Follower<L extends { readonly length: number }> {
  private source: L | null = null;
  private seen = 0;
  private last: unknown;
  epoch = 0;

  /** The index of the first record not seen yet (0 in a new epoch). */
  advance(records: L): number {
    const lastOf = (i: number) => (Array.isArray(records) ? (records as unknown[])[i] : undefined);
    const grown = records === this.source && records.length >= this.seen && (this.seen === 0 || lastOf(this.seen - 1) === this.last);
    if (!grown) {
      this.epoch += 1;
      this.seen = 0;
    }
    const from = this.seen;
    this.source = records;
    this.seen = records.length;
    this.last = lastOf(this.seen - 1);
    return from;
  }
}

// Which fields of a plain step are empty: all that the line readers' keep rules look at (an observation or a thought:
// every line reader keeps it; only an action: Python keeps it, TypeScript, Go and Rust drop it). A shape (step-scan.ts
// SHAPE_*, the index's plainShapeAt) is an index into SHAPE_FIELDS, which holds fields of that shape to ask a keep rule with.
export const SHAPE_FIELDS: [string, string, string][] = [];
SHAPE_FIELDS[SHAPE_TOLD] = ['o', '', ''];
SHAPE_FIELDS[SHAPE_ACTION_ONLY] = ['', '', 'a'];
SHAPE_FIELDS[SHAPE_EMPTY] = ['', '', ''];

/** One dialect's running state: the part of the counts that its own reader decides. */
interface DialectState {
  stepEpoch: number;
  /** Fast dialects: how far into `unproved`; the others: how far into the steps. */
  stepsSeen: number;
  /** Steps its reader returned for those. */
  stepYield: number;
  commitEpoch: number;
  commitsSeen: number;
  commits: Commit[];
  /** A copy handed out, so what a caller holds does not change under it. */
  commitsView: readonly Commit[] | null;
}

/**
 * Looking at a step means proving it plain (plain-record.ts): then Python, TypeScript, Go and Rust all read it back as
 * itself, and whether each keeps it depends only on which fields are empty. The proof is made once per step and
 * shared by the four; the steps it fails for (none in a typical log) are read by each dialect's transcribed reader.
 * Lua and Elixir, which have no fast path, read every step once, when first asked. A record's reading depends only on
 * that record (reader-view.ts, writtenBlocks), which is what makes running totals exact; readerView's `files` (each
 * record read from its own bytes) needs the whole view instead.
 */
export class ReaderTally {
  private readonly stepFollower = new Follower<StepList | readonly OtaStep[]>();
  private readonly commitFollower = new Follower<readonly Commit[]>();
  private steps: StepList = arrayStepList([]);
  private commitRecords: readonly Commit[] = [];
  /** Plain steps seen, by Shape. */
  private readonly plainShapes = [0, 0, 0];
  /** Indices of the steps not proved plain, in order. */
  private readonly unproved: number[] = [];
  private readonly dialects = new Map<RenderDialect, DialectState>();

  /** Takes in what was appended to the branch's lossless records since the last call (all of them after a reload). */
  sync(records: { commits: readonly Commit[]; steps: StepList | readonly OtaStep[] }): void {
    const from = this.stepFollower.advance(records.steps);
    const steps = asStepList(records.steps);
    if (from === 0) {
      this.plainShapes.fill(0);
      this.unproved.length = 0;
    }
    // The index proved most steps plain when it read them; the rest are decoded and read by each reader.
    const shapes = steps.plainShapes?.(from, steps.length);
    for (let i = from; i < steps.length; i++) {
      const shape = shapes ? shapes[i - from]! : steps.plainShapeAt(i);
      if (shape < 0) this.unproved.push(i);
      else this.plainShapes[shape]! += 1;
    }
    this.steps = steps;
    this.commitFollower.advance(records.commits);
    this.commitRecords = records.commits;
  }

  /** readerView(dialect, …).steps.length. */
  stepCount(dialect: RenderDialect): number {
    if (dialect === 'zig') return this.steps.length;
    const state = this.stateOf(dialect);
    const keep = plainStepRule(dialect);
    if (!keep) {
      for (const s of this.steps.slice(state.stepsSeen)) state.stepYield += stepYield(dialect, s);
      state.stepsSeen = this.steps.length;
      return state.stepYield;
    }
    for (; state.stepsSeen < this.unproved.length; state.stepsSeen++) {
      state.stepYield += stepYield(dialect, this.steps.at(this.unproved[state.stepsSeen]!)!);
    }
    let plain = 0;
    for (let shape = 0; shape < SHAPE_FIELDS.length; shape++) if (keep(...SHAPE_FIELDS[shape]!)) plain += this.plainShapes[shape]!;
    return plain + state.stepYield;
  }

  /** readerView(dialect, …).commits. */
  commits(dialect: RenderDialect): readonly Commit[] {
    const state = this.stateOf(dialect);
    if (state.commitsSeen < this.commitRecords.length) state.commitsView = null;
    for (; state.commitsSeen < this.commitRecords.length; state.commitsSeen++) {
      for (const r of commitReading(dialect, this.commitRecords[state.commitsSeen]!)) state.commits.push(r);
    }
    return (state.commitsView ??= [...state.commits]);
  }

  /** The last `n` of readerView(dialect, …).steps (all of them when there are fewer), read from the end of the log. */
  recentSteps(dialect: RenderDialect, n: number): OtaStep[] {
    const readings: (readonly OtaStep[])[] = [];
    let found = 0;
    // Decoded a few at a time from the end (a step index reads them from the file).
    for (let end = this.steps.length; end > 0 && found < n; end -= n + 2) {
      const batch = this.steps.slice(Math.max(0, end - n - 2), end);
      for (let k = batch.length - 1; k >= 0 && found < n; k--) {
        const reading = stepReading(dialect, batch[k]!);
        readings.push(reading);
        found += reading.length;
      }
    }
    const out: OtaStep[] = [];
    for (let i = readings.length - 1; i >= 0; i--) out.push(...readings[i]!);
    return out.slice(Math.max(0, out.length - n));
  }

  /** What renderContext and tokenCountsByK need: their output equals what the whole readerView gives. */
  contextRecords(dialect: RenderDialect): TalliedRecords {
    const stepCount = this.stepCount(dialect);
    const shown = Math.min(contextStepsShown(dialect), stepCount);
    return { commits: this.commits(dialect), steps: this.recentSteps(dialect, shown), stepCount };
  }

  /** The dialect's state, started afresh when either list was replaced since it was last brought up to date. */
  private stateOf(dialect: RenderDialect): DialectState {
    let state = this.dialects.get(dialect);
    if (!state) {
      state = { stepEpoch: -1, stepsSeen: 0, stepYield: 0, commitEpoch: -1, commitsSeen: 0, commits: [], commitsView: null };
      this.dialects.set(dialect, state);
    }
    if (state.stepEpoch !== this.stepFollower.epoch) {
      state.stepEpoch = this.stepFollower.epoch;
      state.stepsSeen = 0;
      state.stepYield = 0;
    }
    if (state.commitEpoch !== this.commitFollower.epoch) {
      state.commitEpoch = this.commitFollower.epoch;
      state.commitsSeen = 0;
      state.commits = [];
      state.commitsView = null;
    }
    return state;
  }
}
