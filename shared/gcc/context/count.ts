// Counting o200k_base tokens of one text, exactly or within a budget. The only module that loads gpt-tokenizer (~200 ms
// to load): the server loads it in its token worker only.
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { lowerBoundTokens } from './token-bounds.ts';
import { CUT_SHORT, tokenCountsByK, type TokenCountCache } from './tokens.ts';
import type { ContextInput, RenderDialect } from './render.ts';

// Agent text may contain `<|endoftext|>` and friends: count them as the plain text they are,
// instead of throwing (gpt-tokenizer's default) or reading them as control tokens.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// Why a budget: gpt-tokenizer's byte-pair merge is quadratic in the length of one pre-split chunk (a run of letters
// with no space: 20,000 characters take 150 ms, 100,000 take 7 s, 500,000 minutes). Longer chunks, and whatever is
// left when the deadline passes, are given a lower bound instead, and the count says it was cut short.
/** Pre-split chunks up to this length are merged exactly (≤ ~150 ms each); longer ones get a lower bound. */
export const MAX_EXACT_CHUNK = 20_000;

/** Plain chunks are counted about this many characters at a time, so that the deadline is looked at often enough. */
const RUN_LENGTH = 50_000;

/** Number of o200k_base tokens of `text`, special-token look-alikes counted as plain text. No budget. */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200k(text, PLAIN_TEXT);
}

export interface CountBudget {
  /** `performance.now()` after which the rest of the text is bounded, not counted. */
  deadline?: number;
  maxExactChunk?: number;
  runLength?: number;
}

/**
 * Tokens of `text` as a count that may be cut short (tokens.ts: `tokens + CUT_SHORT` when it is a lower bound).
 * The text is cut only after a pre-split chunk that does not end in whitespace: byte-pair merges never reach across
 * a chunk, and the split pattern's one look-ahead (`\s+(?!\S)`) only reads past whitespace. So a count that is not
 * cut short equals countTokens(text) (the property test in count.test.ts cuts at every such point).
 */
export function countTokensWithin(text: string, budget: CountBudget = {}): number {
  const deadline = budget.deadline ?? Number.POSITIVE_INFINITY;
  const maxChunk = budget.maxExactChunk ?? MAX_EXACT_CHUNK;
  const runLength = budget.runLength ?? RUN_LENGTH;
  let tokens = 0;
  let cut = false;
  /** Counted (or bounded) up to here; the last cut point after it. */
  let counted = 0;
  let safe = 0;
  const countTo = (end: number) => {
    if (end > counted) tokens += countO200k(text.slice(counted, end), PLAIN_TEXT);
    counted = end;
  };
  const boundTo = (end: number) => {
    if (end > counted) tokens += lowerBoundTokens(text.slice(counted, end));
    counted = end;
    cut = true;
  };
  for (const match of text.matchAll(new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu'))) {
    const end = match.index + match[0].length;
    if (match[0].length > maxChunk) {
      // Exact up to the last cut point, then a bound for the rest through this chunk; what follows a chunk's end
      // is split the same whatever came before.
      countTo(safe);
      boundTo(end);
      safe = end;
      continue;
    }
    if (/\s$/u.test(match[0])) continue;
    safe = end;
    if (safe - counted >= runLength) {
      countTo(safe);
      if (performance.now() > deadline) break;
    }
  }
  if (counted < text.length) {
    // Past the deadline, a short rest is still counted: it is cheap, and most texts are short.
    if (performance.now() > deadline && text.length - counted > runLength) boundTo(text.length);
    else countTo(text.length);
  }
  return cut ? tokens + CUT_SHORT : tokens;
}

/** tokenCountsByK with exact counts, on the calling thread: for tests, benches and one-shot tools. */
export function exactCountsByK(input: Omit<ContextInput, 'k'>, dialect: RenderDialect, cache?: TokenCountCache): number[] {
  const result = tokenCountsByK(input, dialect, cache, countTokens);
  if (!result.ok) throw new Error('an exact count cannot be missing');
  return result.counts;
}
