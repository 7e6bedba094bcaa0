// A branch's CONTEXT answer: the chosen implementation's text, what it raised or noted, and, where it reads nothing we
// read, the same layout from our lossless records, shown apart.
import { contextStepsShown, renderContext, type ContextInput } from '../../shared/gcc/context/render.ts';
import { isCutShort, tokensOf } from '../../shared/gcc/context/tokens.ts';
import type { ContextDialect } from '../../shared/types.ts';
import type { BranchEntry } from '../live/index.ts';
import type { ContextResponse } from '../../shared/api.ts';
import type { ContextCache } from './context-cache.ts';
import { chooseDialect, type ImplementationReadings } from './implementation-context.ts';

export interface ContextParts {
  contexts: ContextCache;
  readings: ImplementationReadings;
  /** main.md as the store read it (the lossless view's roadmap). */
  roadmap: string;
}

/** The answer without token counts: the text (or what the implementation raises), its notes, the lossless text. */
export type ContextReading = Omit<ContextResponse, 'tokens' | 'tokensAtLeast' | 'tokensByK' | 'tokensAtLeastByK' | 'lossless'> & {
  lossless?: { text: string };
  /** The roadmap the implementation's text was rendered with (its own reading of main.md, or the store's). */
  roadmapUsed: string;
};

/** The text alone, without token counts: what the one-shot `context` command prints. */
export function contextReading(b: BranchEntry, k: number, requested: ContextDialect | null, parts: ContextParts, alwaysLossless = false): ContextReading {
  const { dialect, source } = chooseDialect(b, requested);
  const read = parts.readings.reading(b, dialect, parts.roadmap);
  const lossless = () => ({ text: renderContext({ branch: b.name, k, roadmap: parts.roadmap, commits: b.commits.records, ...shownSteps(b, dialect) }, dialect) });
  if (read && !read.ok) {
    return { branch: b.name, k, dialect, dialectSource: source, text: '', error: read.error, notes: read.notes, lossless: lossless(), reading: 'files', roadmapUsed: parts.roadmap };
  }
  const roadmapUsed = read ? read.input.roadmap : parts.roadmap;
  const text = parts.contexts.text(b, k, dialect, roadmapUsed);
  const notes = read ? [...read.notes] : [
    `A file this CONTEXT reads (the branch's log.md, commit.md, metadata.yaml or main.md) is over 2 MiB, or its log and commits together are: this CONTEXT is rebuilt record by record from gcc-studio's reading, which equals the implementation's own where each record is as its writer writes it.`,
  ];
  // Reads nothing: no step (or no commit) where our lossless reader finds some. Zig parses no records at all.
  const readsNothing = read && dialect !== 'zig' &&
    ((read.input.steps.length === 0 && b.log.records.length > 0) || (read.input.commits.length === 0 && b.commits.records.length > 0));
  return { branch: b.name, k, dialect, dialectSource: source, text, notes, reading: read ? 'files' : 'records', roadmapUsed, ...(readsNothing || alwaysLossless ? { lossless: lossless() } : {}) };
}

/** The steps CONTEXT shows of the branch's lossless records (the last five and how many; Zig: all), decoded. */
function shownSteps(b: BranchEntry, dialect: ContextDialect): Pick<ContextInput, 'steps' | 'stepCount'> {
  const list = b.log.records;
  const shown = contextStepsShown(dialect);
  return Number.isFinite(shown) ? { steps: list.slice(-shown), stepCount: list.length } : { steps: list.slice() };
}

/** The answer with its token counts, which the context cache has the token worker count. */
export async function contextAnswer(b: BranchEntry, k: number, requested: ContextDialect | null, parts: ContextParts, alwaysLossless = false): Promise<ContextResponse> {
  const { roadmapUsed, lossless, ...reading } = contextReading(b, k, requested, parts, alwaysLossless);
  const counted = reading.error !== undefined ? { tokens: 0 } : await parts.contexts.context(b, k, reading.dialect, roadmapUsed);
  const losslessCount = lossless ? await parts.contexts.countText(lossless.text) : null;
  return {
    ...counted,
    ...reading,
    // The counted text: the records may have moved on between the reading and the count.
    ...('text' in counted ? { text: counted.text } : {}),
    ...(lossless && losslessCount !== null ? { lossless: { text: lossless.text, tokens: tokensOf(losslessCount), ...(isCutShort(losslessCount) ? { tokensAtLeast: true } : {}) } } : {}),
  };
}
