// Which steps of a log may hold a search's text, found on the file's bytes, so a 205,000-step log is not decoded to be
// searched.
import type { StepList } from './gcc/read/step-list.ts';

/** Characters whose lower case holds an ASCII letter, as UTF-8, by that letter. */
export const LOWERS_TO_ASCII: Readonly<Record<string, Uint8Array>> = {
  k: Uint8Array.of(0xe2, 0x84, 0xaa),
  i: Uint8Array.of(0xc4, 0xb0),
};

/** Bytes of records read at a time, from the end. */
const CHUNK = 1 << 20;
/** Steps decoded at a time when there are no bytes to look in. */
const RUN = 256;

const FOLD = new Uint8Array(256).map((_, b) => (b >= 0x41 && b <= 0x5a ? b + 32 : b));

/** The longest run of ASCII characters in the (lower-cased) query, as bytes; null when it has none. */
export function asciiRun(q: string): Uint8Array | null {
  let best = '';
  for (const run of q.split(/[^\x00-\x7f]+/)) if (run.length > best.length) best = run;
  return best ? Uint8Array.from(best, (c) => c.charCodeAt(0)) : null;
}

/**
 * A native search for `needle` in `hay` from `from` (the server's Buffer.indexOf: several times faster than looking
 * for one byte in JavaScript and checking around each find); -1 when there is none. Without one, the search anchors
 * on its rarest byte.
 */
export type FindBytes = (hay: Uint8Array, needle: Uint8Array, from: number) => number;

/** Caseless bytes a needle needs for the native search to beat a one-byte anchor. */
const MIN_NEEDLE = 3;

/** Bytes of the text sampled to count how common each byte is (a few tens of µs). */
const SAMPLE = 1 << 16;

/**
 * How often each byte occurs in (the start of) `bytes`: a search anchors on the byte of its run that is rarest in the
 * text searched (in an agent's log, digits fill every timestamp and step number; a guess from English text picked
 * them, and a search for `h1231.ts` stopped at a million of them).
 */
export function byteCounts(bytes: Uint8Array): Uint32Array {
  const counts = new Uint32Array(256);
  const n = Math.min(bytes.length, SAMPLE);
  for (let i = 0; i < n; i++) counts[bytes[i]!]!++;
  return counts;
}

/** The index of the byte of `needle` to anchor on: the rarest in `counts` (both cases when `fold`). */
function anchorOf(needle: Uint8Array, fold: boolean, counts: Uint32Array): number {
  const cost = (b: number): number => counts[b]! + (fold && b >= 0x61 && b <= 0x7a ? counts[b - 32]! : 0);
  let k = 0;
  for (let j = 1; j < needle.length; j++) if (cost(needle[j]!) < cost(needle[k]!)) k = j;
  return k;
}

/**
 * Offsets in `bytes` where `run` (lower case) starts, case-folded. The run's rarest byte (`counts`: byteCounts of the
 * text searched; counted here when not given) is looked for with the native search (both cases of a letter), and the
 * run checked around each find: a rare anchor skips most of the text unread.
 */
export function foldedHits(bytes: Uint8Array, run: Uint8Array, counts?: Uint32Array, find?: FindBytes): number[] {
  const m = run.length;
  const caseless = find ? caselessPart(run) : null;
  if (find && caseless) {
    // The part no case folding changes is found as it is, by the native search; the whole run checked around it.
    const needle = run.subarray(caseless.start, caseless.end);
    const found: number[] = [];
    for (let at = find(bytes, needle, 0); at !== -1; at = find(bytes, needle, at + 1)) {
      const i = at - caseless.start;
      if (i >= 0 && i + m <= bytes.length && foldedAt(bytes, run, i)) found.push(i);
    }
    return found;
  }
  const k = anchorOf(run, true, counts ?? byteCounts(bytes));
  const lower = run[k]!;
  const upper = lower >= 0x61 && lower <= 0x7a ? lower - 32 : lower;
  const found: number[] = [];
  const matchesAt = (at: number): boolean => {
    const i = at - k;
    return i >= 0 && i + m <= bytes.length && foldedAt(bytes, run, i);
  };
  for (const anchor of upper === lower ? [lower] : [lower, upper]) {
    for (let at = bytes.indexOf(anchor); at !== -1; at = bytes.indexOf(anchor, at + 1)) if (matchesAt(at)) found.push(at - k);
  }
  return upper === lower ? found : found.sort((a, b) => a - b);
}

function foldedAt(bytes: Uint8Array, run: Uint8Array, i: number): boolean {
  for (let q = 0; q < run.length; q++) if (FOLD[bytes[i + q]!] !== run[q]) return false;
  return true;
}

/** The longest stretch of `run` without a letter, when it is long enough to be a better needle than one rare byte. */
function caselessPart(run: Uint8Array): { start: number; end: number } | null {
  let best = { start: 0, end: 0 };
  for (let i = 0; i < run.length; ) {
    if (run[i]! >= 0x61 && run[i]! <= 0x7a) {
      i++;
      continue;
    }
    let j = i;
    while (j < run.length && !(run[j]! >= 0x61 && run[j]! <= 0x7a)) j++;
    if (j - i > best.end - best.start) best = { start: i, end: j };
    i = j;
  }
  return best.end - best.start >= MIN_NEEDLE ? best : null;
}

function exactHits(bytes: Uint8Array, needle: Uint8Array, counts: Uint32Array, find?: FindBytes): number[] {
  const hits: number[] = [];
  if (find) {
    for (let at = find(bytes, needle, 0); at !== -1; at = find(bytes, needle, at + 1)) hits.push(at);
    return hits;
  }
  const k = anchorOf(needle, false, counts);
  outer: for (let at = bytes.indexOf(needle[k]!); at !== -1; at = bytes.indexOf(needle[k]!, at + 1)) {
    const i = at - k;
    if (i < 0 || i + needle.length > bytes.length) continue;
    for (let q = 0; q < needle.length; q++) if (bytes[i + q] !== needle[q]) continue outer;
    hits.push(i);
  }
  return hits;
}

// The query's longest ASCII run is looked for case-folded in the bytes (an ASCII byte in UTF-8 is only ever that
// character), a chunk of records at a time from the end (results are newest first), and only the records it is found
// in are decoded and checked exactly (search.ts). Nothing that matches is missed: lower-casing turns only two other
// characters into ASCII letters, KELVIN SIGN into `k` and LATIN CAPITAL I WITH DOT into `i` + a dot (checked over every
// code point in search-steps.test.ts), and a record holding either counts as found. A query without an ASCII
// character, or a list without its bytes, is checked step by step.
/**
 * Indices of the steps that may hold `q` (lower case), newest first, in runs (each run newest first): the caller
 * checks each exactly and stops when it has enough.
 */
export function* candidateSteps(steps: StepList, q: string, find?: FindBytes): Generator<number[]> {
  const run = asciiRun(q);
  const extras = run ? Object.entries(LOWERS_TO_ASCII).filter(([c]) => q.includes(c)).map(([, bytes]) => bytes) : [];
  let counts: Uint32Array | undefined;
  for (let to = steps.length; to > 0; ) {
    // Records [from, to): about CHUNK bytes of them.
    let from = to - 1;
    const end = steps.rangeAt(to - 1).end;
    while (from > 0 && end - steps.rangeAt(from - 1).start <= CHUNK) from--;
    const bytes = run ? (steps.rawBytes?.(from, to) ?? null) : null;
    if (!run || !bytes) {
      for (let j = to; j > from; j -= RUN) yield Array.from({ length: Math.min(RUN, j - from) }, (_, k) => j - 1 - k);
      to = from;
      continue;
    }
    const base = steps.rangeAt(from).start;
    // Counted once a search, on its first (newest) chunk.
    const sample = (counts ??= byteCounts(bytes));
    const offsets = [...foldedHits(bytes, run, sample, find), ...extras.flatMap((e) => exactHits(bytes, e, sample, find))];
    const found = new Set<number>();
    for (const at of offsets) found.add(recordAt(steps, from, to, base + at));
    found.delete(-1);
    yield [...found].sort((a, b) => b - a);
    to = from;
  }
}

/** The index in [from, to) of the record holding byte `at`, or -1 (between records). */
function recordAt(steps: StepList, from: number, to: number, at: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (steps.rangeAt(mid).start <= at) lo = mid;
    else hi = mid - 1;
  }
  const r = steps.rangeAt(lo);
  return at >= r.start && at < r.end ? lo : -1;
}
