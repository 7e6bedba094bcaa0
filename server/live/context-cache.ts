// The branches' CONTEXT views, branch × dialect, the most recently used 16 kept: each is brought up to date on
// request from the branch's ReaderTally, and renders the CONTEXT text of any K with its token counts.
import type { ContextResponse } from '../../shared/api.ts';
import { renderContext } from '../../shared/gcc/context/render.ts';
import { ReaderTally, type TalliedRecords } from '../../shared/gcc/dialects/reader-tally.ts';
import { countTokens, TokenCountCache, tokenCountsByK } from '../../shared/gcc/context/tokens.ts';
import { CONTEXT_DIALECTS, type ContextDialect } from '../../shared/types.ts';
import type { BranchEntry } from './branch-entry.ts';

/** Branch × dialect views kept: each holds its reader commits and running step count, not a copy of the steps. */
export const MAX_CACHED_CONTEXTS = 16;

export type ContextResult = ContextResponse & { tokensByK?: number[] };

/**
 * One branch's CONTEXT inputs for one dialect, brought up to date on request from the branch's ReaderTally (which
 * reads only the records appended since: a 205,000-step log is read once); its token cache re-tokenizes only the texts that
 * changed.
 */
export interface ContextView {
  tokens: TokenCountCache;
  version: number;
  roadmap: string;
  records: TalliedRecords;
  tokensByK: number[];
  /** The exact records the view was made from (implementation-context.ts), null when made from the tally. */
  exact: TalliedRecords | null;
}

/** The records an implementation reads from the branch's whole files, or null to tally record by record. */
export type ExactRecords = (b: BranchEntry, dialect: ContextDialect) => TalliedRecords | null;

/** The dialect whose CONTEXT a branch shows unless another is asked for: its own when we render it exactly, else python. */
export const contextDialectOf = (b: BranchEntry): ContextDialect =>
  (CONTEXT_DIALECTS as readonly string[]).includes(b.dialect) ? (b.dialect as ContextDialect) : 'python';

export class ContextCache {
  private readonly views = new Map<string, ContextView>();
  /** Per branch, shared by its dialects; goes with the branch entry. */
  private readonly tallies = new WeakMap<BranchEntry, ReaderTally>();

  constructor(private readonly exactRecords: ExactRecords = () => null) {}

  get size(): number {
    return this.views.size;
  }

  /** The branch's view for the dialect, current with its records and the roadmap; now the most recently used. */
  view(b: BranchEntry, dialect: ContextDialect, roadmap: string): ContextView {
    const cacheKey = `${b.name}\u0000${dialect}`;
    let view = this.views.get(cacheKey);
    if (!view) view = { tokens: new TokenCountCache(), version: -1, roadmap, records: { commits: [], steps: [] }, tokensByK: [], exact: null };
    const exact = this.exactRecords(b, dialect);
    if (view.version !== b.version || view.roadmap !== roadmap || view.exact !== exact) {
      let tally = this.tallies.get(b);
      if (!tally) this.tallies.set(b, (tally = new ReaderTally()));
      // What that implementation's own parser would read: its CONTEXT renders that, not our lossless records.
      if (!exact) tally.sync({ commits: b.commits.records, steps: b.log.records });
      view.records = exact ?? tally.contextRecords(dialect);
      view.exact = exact;
      view.tokensByK = tokenCountsByK({ branch: b.name, roadmap, ...view.records }, dialect, view.tokens);
      view.version = b.version;
      view.roadmap = roadmap;
    }
    this.views.delete(cacheKey);
    this.views.set(cacheKey, view);
    while (this.views.size > MAX_CACHED_CONTEXTS) this.views.delete(this.views.keys().next().value!);
    return view;
  }

  /** The CONTEXT text for K, with the token counts of every K; `requested` null: the branch's own dialect. */
  context(b: BranchEntry, k: number, requested: ContextDialect | null, roadmap: string): ContextResult {
    const dialect = requested ?? contextDialectOf(b);
    const cached = this.view(b, dialect, roadmap);
    const text = renderContext({ branch: b.name, k, roadmap, ...cached.records }, dialect);
    const byK = cached.tokensByK;
    const tokens = k >= 1 && k <= byK.length ? byK[k - 1]! : countTokens(text);
    return { branch: b.name, k, dialect, text, tokens, tokensByK: byK };
  }

  /** Forgets the views of a branch that is gone. */
  dropBranch(name: string): void {
    for (const key of [...this.views.keys()]) if (key.startsWith(`${name}\u0000`)) this.views.delete(key);
  }

  clear(): void {
    this.views.clear();
  }
}
