// CONTEXT at a moment, as each implementation's summary() would have returned it then: its reader's view of the
// records cut at the moment (memory-at.ts). CONTEXT shows the commits, the last five steps and how many steps the
// reader counts; that count, for any prefix of a 205,000-step log, comes from running totals of each record's yield
// (a record's reading depends on that record alone, reader-view.ts), kept per branch and dialect and extended as the
// log grows, so a moment costs a lookup and a read of the last few steps, not a read of the whole log.
import type { Commit, ContextDialect, OtaStep } from '../../types.ts';
import { contextStepsShown, renderContext, type ContextInput } from '../context/render.ts';
import { countTokens } from '../context/count.ts';
import { TokenCountCache, tokenCountsByK } from '../context/tokens.ts';
import { commitReading, stepReading, stepYield } from '../dialects/reader-view.ts';

export interface ContextAt {
  branch: string;
  k: number;
  dialect: ContextDialect;
  text: string;
  tokens: number;
  tokensByK: number[];
}

interface Totals {
  source: readonly OtaStep[];
  /** cum[i]: how many steps the reader keeps of the first i records. */
  cum: number[];
}

export class ContextAtCache {
  private readonly totals = new Map<string, Totals>();
  private readonly tokens = new Map<string, TokenCountCache>();

  /**
   * `now` is the branch's full list of lossless steps as the store holds it; `steps`/`commits` the records at the
   * moment (a prefix of it, some replaced by the values before a later hand edit).
   */
  context(branch: string, roadmap: string, now: readonly OtaStep[], at: { steps: readonly OtaStep[]; commits: readonly Commit[] }, k: number, dialect: ContextDialect): ContextAt {
    const input = this.input(branch, roadmap, now, at, dialect);
    const cacheKey = `${branch}\u0000${dialect}`;
    let cache = this.tokens.get(cacheKey);
    if (!cache) this.tokens.set(cacheKey, (cache = new TokenCountCache()));
    // Counted here, synchronously: a moment's CONTEXT is asked for by tests and one-shot commands (the live server
    // counts in its worker, server/live/context-cache.ts).
    const result = tokenCountsByK(input, dialect, cache, countTokens);
    if (!result.ok) throw new Error('tokenCountsByK missed counts with a counting lookup');
    const tokensByK = result.counts;
    const text = renderContext({ ...input, k }, dialect);
    const tokens = k >= 1 && k <= tokensByK.length ? tokensByK[k - 1]! : countTokens(text);
    return { branch, k, dialect, text, tokens, tokensByK };
  }

  private input(branch: string, roadmap: string, now: readonly OtaStep[], at: { steps: readonly OtaStep[]; commits: readonly Commit[] }, dialect: ContextDialect): Omit<ContextInput, 'k'> {
    const n = at.steps.length;
    const cum = this.cumulative(branch, dialect, now, n);
    let stepCount = cum[n]!;
    // Records put back to their values before a later edit are read as they were.
    for (let i = 0; i < n; i++) {
      const s = at.steps[i]!;
      if (s !== now[i]) stepCount += stepYield(dialect, s) - stepYield(dialect, now[i]!);
    }
    const shown = Math.min(contextStepsShown(dialect), stepCount);
    const commits = at.commits.flatMap((c) => commitReading(dialect, c));
    return { branch, roadmap, commits, steps: recentReadings(dialect, at.steps, shown), stepCount };
  }

  private cumulative(branch: string, dialect: ContextDialect, now: readonly OtaStep[], upTo: number): number[] {
    const key = `${branch}\u0000${dialect}`;
    let t = this.totals.get(key);
    const grown = t && t.source === now && t.cum.length - 1 <= now.length;
    if (!t || !grown) this.totals.set(key, (t = { source: now, cum: [0] }));
    for (let i = t.cum.length - 1; i < upTo; i++) t.cum.push(t.cum[i]! + stepYield(dialect, now[i]!));
    return t.cum;
  }
}

/** The last `n` steps the reader keeps, read from the end of the records. */
function recentReadings(dialect: ContextDialect, steps: readonly OtaStep[], n: number): OtaStep[] {
  const readings: (readonly OtaStep[])[] = [];
  let found = 0;
  for (let i = steps.length - 1; i >= 0 && found < n; i--) {
    const reading = stepReading(dialect, steps[i]!);
    readings.push(reading);
    found += reading.length;
  }
  const out: OtaStep[] = [];
  for (let i = readings.length - 1; i >= 0; i--) out.push(...readings[i]!);
  return out.slice(Math.max(0, out.length - n));
}
