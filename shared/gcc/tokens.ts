// Token counts of CONTEXT texts, with OpenAI's o200k_base encoding (gpt-tokenizer ships its ranks as
// a JS module, so this runs in the browser as well as in Node).
//
// Why o200k_base: it is the vocabulary of the models agents run on today (GPT-4o, GPT-4.1, GPT-5,
// o-series); cl100k_base is GPT-4/3.5's. It is no agent's exact bill for Claude or Gemini, but it is
// a real BPE count, not a chars/4 guess. Importing the encoding module alone (not the package root)
// keeps the other encodings out of the bundle; the page should still load this module lazily
// (its ranks are ~2.4 MB of JS).
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { contextLayout, contextRefusal, shownCommits, type ContextInput, type RenderDialect } from './context.ts';

export const TOKEN_ENCODING = 'o200k_base';

// Agent text may contain `<|endoftext|>` and friends: count them as the plain text they are,
// instead of throwing (gpt-tokenizer's default) or reading them as control tokens.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Number of o200k_base tokens of `text`, special-token look-alikes counted as plain text. */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200k(text, PLAIN_TEXT);
}

/**
 * Where the tokenizer's pre-split is guaranteed to cut: right after `\n`, before a character that is
 * neither whitespace nor `/`. No alternative of o200k_base's split pattern can match across that
 * point: letter runs never contain `\n`, whitespace runs stop at non-whitespace, and a punctuation
 * run's tail `[\r\n/]*` stops at anything but `\r`, `\n` and `/` (the property test found the `/`).
 * BPE merges never cross a pre-split chunk, so count(a + b) === count(a) + count(b) there.
 */
export function isTokenBoundary(before: string, after: string): boolean {
  return before.endsWith('\n') && after.length > 0 && !/^[\s/]/u.test(after);
}

/**
 * Token counts by text, kept from one tokenCountsByK call to the next: a live branch re-counts only what changed
 * (after a step is appended, the commit blocks, the roadmap and each K's header are the same texts). Holds only what
 * the last call used, so it does not grow with the branch's history of edits.
 */
export class TokenCountMemo {
  private previous = new Map<string, number>();
  private current = new Map<string, number>();

  count(text: string): number {
    let n = this.current.get(text);
    if (n !== undefined) return n;
    n = this.previous.get(text) ?? countTokens(text);
    this.current.set(text, n);
    return n;
  }

  /** Starts a new generation: what the coming call does not use is dropped at the next one. */
  nextGeneration(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}

/** Counts of pieces, memoized by string: the same piece object comes back for every K. */
class PieceCounter {
  constructor(private readonly memo: TokenCountMemo) {}

  count(text: string): number {
    return this.memo.count(text);
  }

  /** Tokens of pieces.join(''): pieces meeting at a non-boundary are counted together. */
  countJoined(pieces: readonly string[]): number {
    let total = 0;
    let segment = '';
    for (const piece of pieces) {
      if (piece === '') continue;
      if (segment !== '' && !isTokenBoundary(segment, piece)) {
        segment += piece;
      } else {
        if (segment !== '') total += this.count(segment);
        segment = piece;
      }
    }
    return segment === '' ? total : total + this.count(segment);
  }
}

/**
 * Token count of the CONTEXT text for K = 1 .. commits.length (index 0 is K = 1), exactly
 * countTokens(renderContext({...input, k: K}, dialect)) for each K, but tokenizing the roadmap, each
 * commit block and the steps only once. A K the implementation refuses counts 0 (like its '' text).
 * With `memo` (one per branch and dialect), texts counted by the previous call are not tokenized again.
 */
export function tokenCountsByK(input: Omit<ContextInput, 'k'>, dialect: RenderDialect, memo?: TokenCountMemo): number[] {
  if (input.commits.length === 0) return [];
  const layout = contextLayout(input, dialect);
  const n = layout.commits.length; // Zig's pieces are raw blocks, which need not be one per commit
  if (memo) memo.nextGeneration();
  const counter = new PieceCounter(memo ?? new TokenCountMemo());
  // The shown commits are always a suffix of the list, followed by the fixed tail: split that
  // sequence into boundary-delimited segments once, and sum segment counts from the back.
  const rest = [...layout.commits, ...layout.tail];
  const segmentStart: boolean[] = rest.map((p, i) => i === 0 || isTokenBoundary(rest[i - 1] ?? '', p));
  const suffixTokens = new Array<number>(rest.length + 1).fill(0);
  let segmentEnd = rest.length;
  for (let i = rest.length - 1; i >= 0; i--) {
    if (segmentStart[i]) {
      suffixTokens[i] = counter.count(rest.slice(i, segmentEnd).join('')) + (suffixTokens[segmentEnd] ?? 0);
      segmentEnd = i;
    }
  }
  const counts: number[] = [];
  for (let k = 1; k <= input.commits.length; k++) {
    if (contextRefusal(dialect, k) !== null) {
      counts.push(0);
      continue;
    }
    const { start, end } = shownCommits(dialect, k, n);
    const more = start < end || layout.tail.length > 0;
    const head = layout.head(k, more);
    // Exact fast path: the shown suffix starts a segment and meets the head at a boundary.
    if (end === n && start < rest.length && segmentStart[start] && isTokenBoundary(head.at(-1) ?? '', rest[start] ?? '')) {
      counts.push(counter.countJoined(head) + (suffixTokens[start] ?? 0));
    } else {
      counts.push(counter.countJoined([...head, ...layout.commits.slice(start, end), ...layout.tail]));
    }
  }
  return counts;
}
