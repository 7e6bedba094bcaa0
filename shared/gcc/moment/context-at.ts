// CONTEXT at a moment, as each implementation's summary() would have returned it then, at the cost of a lookup and a
// read of the last few steps, not of the whole log.
import type { Commit, ContextDialect, OtaStep } from '../../types.ts';
import { contextStepsShown, renderContext, type ContextInput } from '../context/render.ts';
import { isCutShort, TokenCountCache, tokenCountsByK, tokensOf } from '../context/tokens.ts';
import { commitReading, plainStepRule, stepReading, stepYield } from '../dialects/reader-view.ts';
import type { EditedSteps, StepList } from '../read/step-list.ts';
import { SHAPE_FIELDS } from '../dialects/reader-tally.ts';

export interface ContextAt {
  branch: string;
  k: number;
  dialect: ContextDialect;
  text: string;
  tokens: number;
  tokensByK: number[];
  /** `tokens` is a lower bound (a text too long to count in time; tokens.ts CUT_SHORT). */
  tokensAtLeast?: boolean;
  tokensAtLeastByK?: boolean[];
}

/** Counts of texts, CUT_SHORT added to a lower bound: the server's token worker, or count.ts in a test. */
export type CountTexts = (texts: readonly string[]) => Promise<number[]>;

interface Totals {
  source: StepList;
  /** cum[i]: how many steps the reader keeps of the first i records. */
  cum: number[];
}

/**
 * The reader's view of the records cut at the moment (memory-at.ts). CONTEXT shows the commits, the last five steps
 * and how many steps the reader counts; that count, for any prefix of a log, comes from running totals of each
 * record's yield (a record's reading depends on it alone, reader-view.ts), kept per branch and dialect and extended as
 * the log grows.
 */
export class ContextAtCache {
  private readonly totals = new Map<string, Totals>();
  private readonly tokens = new Map<string, TokenCountCache>();

  /**
   * `now` is the branch's full list of lossless steps as the store holds it; `steps`/`commits` the records at the
   * moment (a prefix of it, some replaced by the values before a later hand edit).
   */
  async context(branch: string, roadmap: string, now: StepList, at: { steps: EditedSteps; commits: readonly Commit[] }, k: number, dialect: ContextDialect, count: CountTexts): Promise<ContextAt> {
    const input = this.input(branch, roadmap, now, at, dialect);
    const cacheKey = `${branch}\u0000${dialect}`;
    let cache = this.tokens.get(cacheKey);
    if (!cache) this.tokens.set(cacheKey, (cache = new TokenCountCache()));
    // What the cache lacks is counted by `count` (the server's worker: never on the thread that answers requests),
    // then asked again; the second asking lacks nothing.
    const known = new Map<string, number>();
    let result = tokenCountsByK(input, dialect, cache, (t) => known.get(t));
    while (!result.ok) {
      const missing = result.missing;
      (await count(missing)).forEach((n, i) => known.set(missing[i]!, n));
      result = tokenCountsByK(input, dialect, cache, (t) => known.get(t));
    }
    const byK = result.counts;
    const text = renderContext({ ...input, k }, dialect);
    const counted = k >= 1 && k <= byK.length ? byK[k - 1]! : text === '' ? 0 : (await count([text]))[0]!;
    return {
      branch,
      k,
      dialect,
      text,
      tokens: tokensOf(counted),
      tokensByK: byK.map(tokensOf),
      ...(isCutShort(counted) ? { tokensAtLeast: true } : {}),
      ...(byK.some(isCutShort) ? { tokensAtLeastByK: byK.map(isCutShort) } : {}),
    };
  }

  /** The CONTEXT text at the moment alone, without counting. */
  text(branch: string, roadmap: string, now: StepList, at: { steps: EditedSteps; commits: readonly Commit[] }, k: number, dialect: ContextDialect): string {
    return renderContext({ ...this.input(branch, roadmap, now, at, dialect), k }, dialect);
  }

  private input(branch: string, roadmap: string, now: StepList, at: { steps: EditedSteps; commits: readonly Commit[] }, dialect: ContextDialect): Omit<ContextInput, 'k'> {
    const n = at.steps.length;
    const cum = this.cumulative(branch, dialect, now, n);
    let stepCount = cum[n]!;
    // Records put back to their values before a later edit are read as they were.
    for (const [i, s] of at.steps.replaced) if (i < n) stepCount += stepYield(dialect, s) - stepYield(dialect, now.at(i)!);
    const shown = Math.min(contextStepsShown(dialect), stepCount);
    const commits = at.commits.flatMap((c) => commitReading(dialect, c));
    return { branch, roadmap, commits, steps: recentReadings(dialect, at.steps, shown), stepCount };
  }

  private cumulative(branch: string, dialect: ContextDialect, now: StepList, upTo: number): number[] {
    const key = `${branch}\u0000${dialect}`;
    let t = this.totals.get(key);
    const grown = t && t.source === now && t.cum.length - 1 <= now.length;
    if (!t || !grown) this.totals.set(key, (t = { source: now, cum: [0] }));
    // A step proved plain is kept or not by the reader's rule on its shape alone; the others are decoded and read.
    const keep = plainStepRule(dialect);
    for (let i = t.cum.length - 1; i < upTo; i++) {
      const shape = keep ? now.plainShapeAt(i) : -1;
      t.cum.push(t.cum[i]! + (shape >= 0 ? (keep!(...SHAPE_FIELDS[shape]!) ? 1 : 0) : stepYield(dialect, now.at(i)!)));
    }
    return t.cum;
  }
}

/** The last `n` steps the reader keeps, read from the end of the records. */
function recentReadings(dialect: ContextDialect, steps: StepList, n: number): OtaStep[] {
  const readings: (readonly OtaStep[])[] = [];
  let found = 0;
  for (let i = steps.length - 1; i >= 0 && found < n; i--) {
    const reading = stepReading(dialect, steps.at(i)!);
    readings.push(reading);
    found += reading.length;
  }
  const out: OtaStep[] = [];
  for (let i = readings.length - 1; i >= 0; i--) out.push(...readings[i]!);
  return out.slice(Math.max(0, out.length - n));
}
