// A branch's CONTEXT answer: the chosen implementation's summary() (its own reading of the files, through the context
// cache for the text and token counts), what it raised or did beside the text, and, when it raises or reads nothing
// where we read records, the same layout rendered from gcc-studio's lossless records, to be shown apart.
import { renderContext } from '../../shared/gcc/context/render.ts';
import { countTokens } from '../../shared/gcc/context/tokens.ts';
import type { ContextDialect } from '../../shared/types.ts';
import type { BranchEntry } from './branch-entry.ts';
import type { ContextCache, ContextResult } from './context-cache.ts';
import { chooseDialect, type ImplementationReadings } from './implementation-context.ts';

export interface ContextParts {
  contexts: ContextCache;
  readings: ImplementationReadings;
  /** main.md as the store read it (the lossless view's roadmap). */
  roadmap: string;
}

export function contextAnswer(b: BranchEntry, k: number, requested: ContextDialect | null, parts: ContextParts, alwaysLossless = false): ContextResult {
  const { dialect, source } = chooseDialect(b, requested);
  const read = parts.readings.reading(b, dialect, parts.roadmap);
  const lossless = () => {
    const text = renderContext({ branch: b.name, k, roadmap: parts.roadmap, commits: b.commits.records, steps: b.log.records }, dialect);
    return { text, tokens: countTokens(text) };
  };
  if (read && !read.ok) {
    return { branch: b.name, k, dialect, dialectSource: source, text: '', tokens: 0, error: read.error, notes: read.notes, lossless: lossless(), reading: 'files' };
  }
  const result = parts.contexts.context(b, k, dialect, read ? read.input.roadmap : parts.roadmap);
  const notes = read ? [...read.notes] : [
    `The branch's files are over 2 MiB: this CONTEXT is rebuilt record by record from gcc-studio's reading, which equals the implementation's own where each record is as its writer writes it.`,
  ];
  // Reads nothing: no step (or no commit) where our lossless reader finds some. Zig parses no records at all.
  const readsNothing = read && dialect !== 'zig' &&
    ((read.input.steps.length === 0 && b.log.records.length > 0) || (read.input.commits.length === 0 && b.commits.records.length > 0));
  return { ...result, dialectSource: source, notes, reading: read ? 'files' : 'records', ...(readsNothing || alwaysLossless ? { lossless: lossless() } : {}) };
}
