// The branches' CONTEXT views (branch × dialect), kept current from their records and counted by the token worker, so a
// CONTEXT request waits for its counts while every other request goes on.
import type { ContextResponse } from '../../shared/api.ts';
import { renderContext } from '../../shared/gcc/context/render.ts';
import { isCutShort, TokenCountCache, tokenCountsByK, tokensOf } from '../../shared/gcc/context/tokens.ts';
import { ReaderTally, type TalliedRecords } from '../../shared/gcc/dialects/reader-tally.ts';
import { CONTEXT_DIALECTS, type ContextDialect } from '../../shared/types.ts';
import type { BranchEntry } from '../live/index.ts';
import { sharedTokenCounter, type TokenCounter } from './token-counter.ts';

/** Branch × dialect views kept: each holds its reader commits and running step count, not a copy of the steps. */
export const MAX_CACHED_CONTEXTS = 16;

/** A finished count: the inputs it counted (records are immutable snapshots) and the counts by K, CUT_SHORT kept. */
export interface CountedContext {
  generation: number;
  roadmap: string;
  records: TalliedRecords;
  byK: number[];
}

/**
 * One branch's CONTEXT inputs for one dialect, brought up to date on request from the branch's ReaderTally (which
 * reads only the records appended since: a 205,000-step log is read once); its token cache counts again only the
 * texts that changed.
 */
export interface ContextView {
  tokens: TokenCountCache;
  /** Goes up each time the records or the roadmap change. */
  generation: number;
  version: number;
  roadmap: string;
  records: TalliedRecords;
  counted: CountedContext | null;
  counting: Promise<void> | null;
  /** The exact records the view was made from (implementation-context.ts), null when made from the tally. */
  exact: TalliedRecords | null;
}

/** The records an implementation reads from the branch's whole files, or null to tally record by record. */
export type ExactRecords = (b: BranchEntry, dialect: ContextDialect) => TalliedRecords | null;

/** The dialect whose CONTEXT a branch shows unless another is asked for: its own when we render it exactly, else python. */
export const contextDialectOf = (b: BranchEntry): ContextDialect =>
  (CONTEXT_DIALECTS as readonly string[]).includes(b.dialect) ? (b.dialect as ContextDialect) : 'python';

/**
 * The most recently used MAX_CACHED_CONTEXTS views, each brought up to date on request from the branch's ReaderTally;
 * any K's text is rendered with the token counts of every K. Tokens are counted by the token worker, never here.
 */
export class ContextCache {
  private readonly views = new Map<string, ContextView>();
  /** Per branch, shared by its dialects; goes with the branch entry. */
  private readonly tallies = new WeakMap<BranchEntry, ReaderTally>();

  constructor(
    private readonly counter: TokenCounter = sharedTokenCounter(),
    private readonly exactRecords: ExactRecords = () => null,
  ) {}

  get size(): number {
    return this.views.size;
  }

  /** The branch's view for the dialect, current with its records and the roadmap; now the most recently used. */
  view(b: BranchEntry, dialect: ContextDialect, roadmap: string): ContextView {
    const cacheKey = `${b.name}\u0000${dialect}`;
    let view = this.views.get(cacheKey);
    if (!view) view = { tokens: new TokenCountCache(), generation: 0, version: -1, roadmap, records: { commits: [], steps: [] }, counted: null, counting: null, exact: null };
    const exact = this.exactRecords(b, dialect);
    if (view.version !== b.version || view.roadmap !== roadmap || view.exact !== exact) {
      let tally = this.tallies.get(b);
      if (!tally) this.tallies.set(b, (tally = new ReaderTally()));
      // What that implementation's own parser would read: its CONTEXT renders that, not our lossless records.
      if (!exact) tally.sync({ commits: b.commits.records, steps: b.log.records });
      view.records = exact ?? tally.contextRecords(dialect);
      view.exact = exact;
      view.version = b.version;
      view.roadmap = roadmap;
      view.generation++;
    }
    this.views.delete(cacheKey);
    this.views.set(cacheKey, view);
    while (this.views.size > MAX_CACHED_CONTEXTS) this.views.delete(this.views.keys().next().value!);
    return view;
  }

  /** The view's counts, of its records as they are now or newer; one count runs at a time per view. */
  async counts(view: ContextView, branch: string, dialect: ContextDialect): Promise<CountedContext> {
    const wanted = view.generation;
    let waited = false;
    for (;;) {
      const counted = view.counted;
      // A count made of bounds (generation -1) is answered once, not waited out: the next request counts again.
      if (counted && (counted.generation >= wanted || (waited && counted.generation < 0))) return counted;
      view.counting ??= this.countView(view, branch, dialect).finally(() => {
        view.counting = null;
      });
      await view.counting;
      waited = true;
    }
  }

  /** Counts what the token cache lacks in the worker, and asks again; the second asking lacks nothing. */
  private async countView(view: ContextView, branch: string, dialect: ContextDialect): Promise<void> {
    const { generation, roadmap, records } = view;
    const input = { branch, roadmap, ...records };
    const counted = new Map<string, number>();
    const failuresBefore = this.counter.failures ?? 0;
    for (;;) {
      const result = tokenCountsByK(input, dialect, view.tokens, (text) => counted.get(text));
      if (result.ok) {
        if (!view.counted || view.counted.generation < generation) view.counted = { generation, roadmap, records, byK: result.counts };
        if ((this.counter.failures ?? 0) !== failuresBefore) {
          // Bounds standing in for counts the worker never made: answer with them now, count afresh next time.
          view.tokens = new TokenCountCache();
          view.counted = { generation: -1, roadmap, records, byK: result.counts };
        }
        return;
      }
      const counts = await this.counter.count(result.missing);
      result.missing.forEach((text, i) => counted.set(text, counts[i]!));
    }
  }

  /** The CONTEXT text for K, with the token counts of every K; `requested` null: the branch's own dialect. */
  async context(b: BranchEntry, k: number, requested: ContextDialect | null, roadmap: string): Promise<ContextResponse> {
    const dialect = requested ?? contextDialectOf(b);
    const view = this.view(b, dialect, roadmap);
    const counted = await this.counts(view, b.name, dialect);
    // Text and counts of the same records: the branch may have moved on while they were counted.
    const text = renderContext({ branch: b.name, k, roadmap: counted.roadmap, ...counted.records }, dialect);
    const byK = counted.byK;
    const count = k >= 1 && k <= byK.length ? byK[k - 1]! : text === '' ? 0 : (await this.counter.count([text]))[0]!;
    return {
      branch: b.name,
      k,
      dialect,
      text,
      tokens: tokensOf(count),
      ...(isCutShort(count) ? { tokensAtLeast: true } : {}),
      tokensByK: byK.map(tokensOf),
      ...(byK.some(isCutShort) ? { tokensAtLeastByK: byK.map(isCutShort) } : {}),
    };
  }

  /** One text's count in the worker (CUT_SHORT added when it is a lower bound). */
  async countText(text: string): Promise<number> {
    return text === '' ? 0 : (await this.counter.count([text]))[0]!;
  }

  /** The CONTEXT text for K alone, without counting (the one-shot `context` command). */
  text(b: BranchEntry, k: number, requested: ContextDialect | null, roadmap: string): string {
    const dialect = requested ?? contextDialectOf(b);
    return renderContext({ branch: b.name, k, roadmap, ...this.view(b, dialect, roadmap).records }, dialect);
  }

  /** Forgets the views of a branch that is gone. */
  dropBranch(name: string): void {
    for (const key of [...this.views.keys()]) if (key.startsWith(`${name}\u0000`)) this.views.delete(key);
  }

  clear(): void {
    this.views.clear();
  }
}
