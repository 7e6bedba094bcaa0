// Token counts of CONTEXT for every K at once, counting the roadmap and each commit's piece once. It asks for the counts
// it needs and tokenizes nothing itself.
import type { Commit } from '../../types.ts';
import { contextLayout, contextRefusal, shownCommits, type ContextInput, type ContextLayout, type RenderDialect } from './render.ts';

/**
 * A count that is only a lower bound (a chunk too long to merge, or a budget spent) has CUT_SHORT added to it. The
 * counts below are only ever added and subtracted, so every sum carries, above CUT_SHORT, how many cut-short counts
 * went into it, and below it the tokens (a text of 2^32 tokens would be 16 GB).
 */
export const CUT_SHORT = 2 ** 32;

/** Tokens of a (possibly summed) count, and whether it is a lower bound. */
export const tokensOf = (count: number): number => count % CUT_SHORT;
export const isCutShort = (count: number): boolean => count >= CUT_SHORT;

/** The count of a text (CUT_SHORT added when it is a lower bound), or undefined when it has not been counted yet. */
export type TokenLookup = (text: string) => number | undefined;

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
 * Token counts by text, kept from one generation to the next: what the new generation asks for again is not
 * tokenized again, what it does not ask for is dropped at the one after.
 */
class TokenCountMemo {
  private previous = new Map<string, number>();
  private current = new Map<string, number>();
  /** Where counts come from during a tokenCountsByK call, and the texts it could not give. */
  lookup: TokenLookup = () => undefined;
  readonly missing = new Set<string>();

  /** The text's count; NaN when it is not counted yet (the text is noted, and NaN spoils every sum it enters). */
  count(text: string): number {
    let n = this.current.get(text) ?? this.previous.get(text) ?? this.lookup(text);
    if (n === undefined) {
      this.missing.add(text);
      return Number.NaN;
    }
    this.current.set(text, n);
    return n;
  }

  nextGeneration(): void {
    this.previous = this.current;
    this.current = new Map();
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
 * What tokenCountsByK learnt of a branch's commits, enough to count every K again from the tail's count alone. The
 * shown pieces are a suffix of the commit pieces followed by the tail, cut into segments at token boundaries; every
 * segment but the one holding the last commit piece (the junction, which may run into the tail) lies among the
 * commit pieces, and so does each K's header. When commits are appended, everything before the junction stays.
 */
interface CommitPart {
  /** The commits it was computed for (their pieces depend on nothing else but the keys below). */
  commits: Commit[];
  dialect: RenderDialect;
  branch: string;
  roadmap: string;
  tailPresent: boolean;
  pieceCount: number;
  /** Index of the junction's first piece; -1 without pieces. */
  junction: number;
  junctionPieces: string[];
  /** Per piece up to the junction: whether a shown suffix starting there opens a segment after a header line. */
  opens: boolean[];
  /** Per segment start up to the junction: tokens of all commit pieces before it. */
  tokensBefore: number[];
  /** Per K (index K - 1): tokens of its header, and whether the header ends where a segment may start. */
  headTokens: number[];
  headOpen: boolean[];
}

/**
 * Counts kept between tokenCountsByK calls for one branch and dialect (the server keeps one per CONTEXT view): after
 * a step is appended only the tail (the heading with the step count, the last five steps and the commit block they
 * meet) is tokenized, and after a commit is appended only the new blocks and headers.
 */
export class TokenCountCache {
  /** Commit blocks and K headers, so that a reload or a roadmap edit does not tokenize every block again. */
  readonly commitTexts = new TokenCountMemo();
  /** The tail's texts: a generation per call. */
  readonly tailTexts = new TokenCountMemo();
  part: CommitPart | null = null;
}

export type CountsByK =
  /** Index 0 is K = 1; each count may carry CUT_SHORT (tokensOf, isCutShort). */
  | { ok: true; counts: number[] }
  /** Texts `lookup` has no count for: count them, and call again with a lookup that has them. */
  | { ok: false; missing: string[] };

/**
 * Token count of the CONTEXT text for K = 1 .. commits.length (index 0 is K = 1), exactly
 * count(renderContext({...input, k: K}, dialect)) for each K, but counting the roadmap, each commit block and the
 * steps only once. A K the implementation refuses counts 0 (like its '' text). With `cache` (one per branch and
 * dialect), what the previous call counted is not counted again; a call that misses counts leaves it as it was.
 */
// o200k_base is the vocabulary of the models agents run on today (GPT-4o, GPT-4.1, GPT-5, o-series): no agent's exact
// bill for Claude or Gemini, but a real BPE count, not a chars/4 guess. The lookup answers from count.ts; on the
// server, from the token worker, so a count it lacks is counted there and the call made again.
export function tokenCountsByK(input: Omit<ContextInput, 'k'>, dialect: RenderDialect, cache = new TokenCountCache(), lookup: TokenLookup): CountsByK {
  if (input.commits.length === 0) return { ok: true, counts: [] };
  const saved = cache.part && copyPart(cache.part);
  cache.commitTexts.lookup = cache.tailTexts.lookup = lookup;
  try {
    const counts = countAllK(input, dialect, cache);
    const missing = [...cache.commitTexts.missing, ...cache.tailTexts.missing];
    if (missing.length === 0) return { ok: true, counts };
    cache.part = saved;
    return { ok: false, missing: [...new Set(missing)] };
  } finally {
    cache.commitTexts.lookup = cache.tailTexts.lookup = () => undefined;
    cache.commitTexts.missing.clear();
    cache.tailTexts.missing.clear();
  }
}

function countAllK(input: Omit<ContextInput, 'k'>, dialect: RenderDialect, cache: TokenCountCache): number[] {
  const layout = contextLayout(input, dialect);
  const part = (cache.part = updatedPart(cache.part, input, dialect, layout, cache.commitTexts));
  cache.tailTexts.nextGeneration();
  const { junction, opens, tokensBefore, headTokens, headOpen } = part;
  const fromJunction = cache.tailTexts.countJoined([...part.junctionPieces, ...layout.tail]);
  const counts: number[] = [];
  for (let k = 1; k <= input.commits.length; k++) {
    if (contextRefusal(dialect, k) !== null) {
      counts.push(0);
      continue;
    }
    const { start, end } = shownCommits(dialect, k, part.pieceCount);
    // Exact: the shown suffix starts a segment before the junction and meets the header at a boundary.
    if (end === part.pieceCount && start <= junction && opens[start] && headOpen[k - 1]) {
      counts.push(headTokens[k - 1]! + tokensBefore[junction]! - tokensBefore[start]! + fromJunction);
    } else {
      const head = layout.head(k, start < end || layout.tail.length > 0);
      counts.push(cache.tailTexts.countJoined([...head, ...layout.commitPieces(start, end), ...layout.tail]));
    }
  }
  return counts;
}

/** `prior` brought up to `input`: from the old junction on when commits were only appended, else from scratch. */
function updatedPart(prior: CommitPart | null, input: Omit<ContextInput, 'k'>, dialect: RenderDialect, layout: ContextLayout, memo: TokenCountMemo): CommitPart {
  const tailPresent = layout.tail.length > 0;
  const n = layout.commitCount; // Zig's pieces are raw blocks, which need not be one per commit
  const sameKeys =
    prior !== null && prior.dialect === dialect && prior.branch === input.branch && prior.roadmap === input.roadmap && prior.tailPresent === tailPresent;
  const prefixKept = sameKeys && input.commits.length >= prior.commits.length && sameRecords(prior.commits, input.commits, prior.commits.length);
  if (prefixKept && input.commits.length === prior.commits.length && prior.pieceCount === n) return prior;
  // Zig's blocks come from splitting the whole file, so only a full count is safe there.
  let part = prefixKept && dialect !== 'zig' && prior.junction >= 0 && n >= prior.pieceCount ? prior : null;
  // Pieces before the old junction are unchanged (the one piece that depends on being last is at or after it);
  // the junction must still start a segment, which only a different first character of its piece could change.
  let from = part ? part.junction : 0;
  let pieces = layout.commitPieces(from, n);
  if (part && from > 0 && !isTokenBoundary(layout.commitPieces(from - 1, from)[0]!, pieces[0]!)) {
    part = null;
    from = 0;
    pieces = layout.commitPieces(0, n);
  }
  if (!part) {
    memo.nextGeneration();
    part = {
      commits: [],
      dialect,
      branch: input.branch,
      roadmap: input.roadmap,
      tailPresent,
      pieceCount: 0,
      junction: -1,
      junctionPieces: [],
      opens: [],
      tokensBefore: [0],
      headTokens: [],
      headOpen: [],
    };
  }
  part.opens.length = from;
  part.tokensBefore.length = from + 1;
  let junction = n > 0 ? from : -1;
  for (let i = from; i < n; i++) {
    const piece = pieces[i - from]!;
    const starts = i === from || isTokenBoundary(pieces[i - from - 1]!, piece);
    part.opens.push(starts && isTokenBoundary('\n', piece));
    if (starts && i > from) {
      part.tokensBefore[i] = part.tokensBefore[junction]! + memo.count(pieces.slice(junction - from, i - from).join(''));
      junction = i;
    }
  }
  part.junction = junction;
  part.junctionPieces = junction < 0 ? [] : pieces.slice(junction - from);
  part.pieceCount = n;
  // Each K's header depends on K alone here: with commits, some are always shown, so `more` is always true.
  for (let k = part.headTokens.length + 1; k <= input.commits.length; k++) {
    const { start, end } = shownCommits(dialect, k, n);
    const head = layout.head(k, start < end || tailPresent);
    part.headTokens.push(memo.countJoined(head));
    part.headOpen.push((head.at(-1) ?? '').endsWith('\n'));
  }
  part.commits = [...input.commits];
  return part;
}

/** A copy a failed call can put back: tokenCountsByK changes the arrays of its part in place. */
function copyPart(p: CommitPart): CommitPart {
  return { ...p, opens: [...p.opens], tokensBefore: [...p.tokensBefore], headTokens: [...p.headTokens], headOpen: [...p.headOpen] };
}

/** The first `count` records of both lists are the same objects (records are immutable). */
function sameRecords(a: readonly Commit[], b: readonly Commit[], count: number): boolean {
  for (let i = 0; i < count; i++) if (a[i] !== b[i]) return false;
  return true;
}
