// Which steps of a log may hold a search's text, found on the file's bytes so that a 205,000-step log is not decoded
// to be searched: the query's longest ASCII run is looked for case-folded in the bytes (an ASCII byte in UTF-8 is only
// ever that character), a chunk of records at a time from the end (results are newest first), and only the records it
// is found in are decoded and checked exactly (search.ts). Nothing that matches is missed: lower-casing turns only two
// other characters into ASCII letters, KELVIN SIGN into `k` and LATIN CAPITAL I WITH DOT into `i` + a dot (checked over
// every code point in search-steps.test.ts), and a record holding either counts as found. A query without an ASCII
// character, or a list without its bytes, is checked step by step.
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

/** How common a (lower-case) byte is in agents' text, roughly: the anchor of a search is the rarest of its run. */
const COMMON = ' etaoinsrhldcumfpgwybvk.,:-_/=()';
const commonness = (b: number): number => {
  const at = COMMON.indexOf(String.fromCharCode(b));
  return at === -1 ? 0 : COMMON.length - at;
};

/**
 * Offsets in `bytes` where `run` (lower case) starts, case-folded. The run's rarest byte is looked for with the native
 * search (both cases of a letter), and the run checked around each find: a rare anchor skips most of the text unread.
 */
export function foldedHits(bytes: Uint8Array, run: Uint8Array): number[] {
  const m = run.length;
  let k = 0;
  for (let j = 1; j < m; j++) if (commonness(run[j]!) < commonness(run[k]!)) k = j;
  const lower = run[k]!;
  const upper = lower >= 0x61 && lower <= 0x7a ? lower - 32 : lower;
  const found: number[] = [];
  const matchesAt = (at: number): boolean => {
    const i = at - k;
    if (i < 0 || i + m > bytes.length) return false;
    for (let q = 0; q < m; q++) if (FOLD[bytes[i + q]!] !== run[q]) return false;
    return true;
  };
  for (const anchor of upper === lower ? [lower] : [lower, upper]) {
    for (let at = bytes.indexOf(anchor); at !== -1; at = bytes.indexOf(anchor, at + 1)) if (matchesAt(at)) found.push(at - k);
  }
  return upper === lower ? found : found.sort((a, b) => a - b);
}

function exactHits(bytes: Uint8Array, needle: Uint8Array): number[] {
  const hits: number[] = [];
  outer: for (let i = bytes.indexOf(needle[0]!); i !== -1; i = bytes.indexOf(needle[0]!, i + 1)) {
    for (let k = 1; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    hits.push(i);
  }
  return hits;
}

/**
 * Indices of the steps that may hold `q` (lower case), newest first, in runs (each run newest first): the caller
 * checks each exactly and stops when it has enough.
 */
export function* candidateSteps(steps: StepList, q: string): Generator<number[]> {
  const run = asciiRun(q);
  const extras = run ? Object.entries(LOWERS_TO_ASCII).filter(([c]) => q.includes(c)).map(([, bytes]) => bytes) : [];
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
    const offsets = [...foldedHits(bytes, run), ...extras.flatMap((e) => exactHits(bytes, e))];
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
