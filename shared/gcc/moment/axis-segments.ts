// The timeline's axis in pieces: a long quiet stretch (a night, a hand edit days after the agent stopped) is drawn
// narrow, so the records on either side of it are not squeezed into a tick each. Pure: the server finds the pieces and
// shares out the buckets by them, the page maps pixels and times by the same shares.

/** A stretch of the axis: busy (drawn to scale) or quiet (no event, drawn narrow whatever its length). */
export interface AxisSegment {
  fromMs: number;
  toMs: number;
  quiet: boolean;
}

/** A segment with where it is drawn, as fractions of the axis's width. */
export interface AxisPiece extends AxisSegment {
  x0: number;
  x1: number;
}

/** Where the events of [fromMs, toMs] fall among equal buckets: the first and last event of each (epoch ms), NaN in an empty one. */
export interface AxisProbe {
  fromMs: number;
  toMs: number;
  first: Float64Array;
  last: Float64Array;
}

/** A stretch with no event at least this share of the range, and at least a minute, is quiet (a pause of seconds is drawn to scale). */
const QUIET_MIN_SHARE = 0.15;
export const QUIET_MIN_MS = 60_000;
/** The width a quiet stretch is drawn at; all of them together take at most QUIET_MAX_TOTAL. */
const QUIET_SHARE = 0.04;
const QUIET_MAX_TOTAL = 0.2;
/** The least width a busy stretch is drawn at (a burst of a minute beside hours of work stays a place to click). */
const BUSY_MIN_SHARE = 0.06;
/** A busy stretch reaches this share of its own length into the quiet beside it, and at least PAD_MIN_MS. */
const PAD_SHARE = 0.05;
const PAD_MIN_MS = 500;

/** Buckets of the whole range the quiet stretches are looked for in. */
export const PROBE_BUCKETS = 1000;

export function emptyProbe(fromMs: number, toMs: number, buckets: number): AxisProbe {
  return { fromMs, toMs, first: new Float64Array(buckets).fill(Number.NaN), last: new Float64Array(buckets).fill(Number.NaN) };
}

/** Notes an event at `ms` in bucket `b`. */
export function noteEvent(probe: AxisProbe, b: number, ms: number): void {
  const first = probe.first[b]!;
  if (!(first <= ms)) probe.first[b] = ms;
  const last = probe.last[b]!;
  if (!(last >= ms)) probe.last[b] = ms;
}

/**
 * The probe's range cut into busy and quiet segments: a run of empty buckets at least QUIET_MIN_SHARE of the range and
 * QUIET_MIN_MS long is quiet (none when the range holds no event). A quiet stretch reaches to the events on either side, less a pad: a busy
 * stretch is as long as its events (a burst of seconds in a range of days is not a bucket's minutes wide), and its
 * first and last event are not drawn on the break.
 */
export function findSegments(probe: AxisProbe): AxisSegment[] {
  const { fromMs, toMs, first, last } = probe;
  const n = first.length;
  const span = toMs - fromMs;
  const width = span / Math.max(1, n);
  const busy = (i: number) => !Number.isNaN(first[i]!);
  // Quiet runs of buckets [i, j), in order.
  const runs: [number, number][] = [];
  for (let i = 0; i < n; ) {
    let j = i;
    while (j < n && !busy(j)) j++;
    const length = (j - i) * width;
    if (j > i && length >= QUIET_MIN_SHARE * span && length >= QUIET_MIN_MS && j - i < n) runs.push([i, j]);
    i = Math.max(j, i + 1);
  }
  if (runs.length === 0 || span <= 0) return [{ fromMs, toMs, quiet: false }];
  // Each quiet run pulled in to the events beside it: the last before, the first after (the range's end at an end).
  const cuts = runs.map(([i, j]) => ({ from: i > 0 ? last[i - 1]! : fromMs, to: j < n ? first[j]! : toMs, atStart: i === 0, atEnd: j === n }));
  const out: AxisSegment[] = [];
  let at = fromMs;
  cuts.forEach((c, k) => {
    const room = (c.to - c.from) / 4;
    const pad = (busyMs: number) => Math.min(room, Math.max(PAD_MIN_MS, busyMs * PAD_SHARE));
    const from = c.atStart ? c.from : c.from + pad(c.from - (k > 0 ? cuts[k - 1]!.to : fromMs));
    const next = cuts[k + 1];
    const to = c.atEnd ? c.to : c.to - pad((next ? next.from : toMs) - c.to);
    if (from > at) out.push({ fromMs: at, toMs: from, quiet: false });
    out.push({ fromMs: from, toMs: to, quiet: true });
    at = to;
  });
  if (at < toMs) out.push({ fromMs: at, toMs, quiet: false });
  return out;
}

/** Where each segment is drawn: quiet ones narrow, busy ones by their length (at least BUSY_MIN_SHARE each). */
export function axisPieces(segments: readonly AxisSegment[]): AxisPiece[] {
  const quiet = segments.filter((s) => s.quiet).length;
  const busy = segments.filter((s) => !s.quiet);
  const quietShare = quiet === 0 ? 0 : Math.min(QUIET_SHARE, QUIET_MAX_TOTAL / quiet);
  const busyTotal = busy.reduce((n, s) => n + (s.toMs - s.fromMs), 0);
  const raw = busy.map((s) => Math.max(BUSY_MIN_SHARE, busyTotal > 0 ? (s.toMs - s.fromMs) / busyTotal : 1 / busy.length));
  const scale = (1 - quiet * quietShare) / Math.max(1e-9, raw.reduce((a, b) => a + b, 0));
  let x = 0;
  let k = 0;
  return segments.map((s, i) => {
    const x0 = x;
    x = i === segments.length - 1 ? 1 : x + (s.quiet ? quietShare : raw[k]! * scale);
    if (!s.quiet) k++;
    return { ...s, x0, x1: x };
  });
}

/** `total` buckets shared out among the busy pieces by their width (largest remainders; at least one each). */
export function bucketsPerPiece(pieces: readonly AxisPiece[], total: number): number[] {
  const busy = pieces.filter((p) => !p.quiet);
  const width = busy.reduce((n, p) => n + (p.x1 - p.x0), 0);
  const exact = pieces.map((p) => (p.quiet ? 0 : (total * (p.x1 - p.x0)) / Math.max(1e-9, width)));
  const counts = exact.map((e, i) => (pieces[i]!.quiet ? 0 : Math.max(1, Math.floor(e))));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).filter(([, i]) => !pieces[i]!.quiet).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0 && order.length > 0; k = (k + 1) % order.length, left--) counts[order[k]![1]]!++;
  return counts;
}

/** The piece that holds `ms` (the first or last for a time outside the range). */
export function pieceAtMs(pieces: readonly AxisPiece[], ms: number): AxisPiece {
  for (const p of pieces) if (ms < p.toMs) return p;
  return pieces.at(-1)!;
}

/** The piece at fraction `f` of the axis's width. */
export function pieceAtFraction(pieces: readonly AxisPiece[], f: number): AxisPiece {
  for (const p of pieces) if (f < p.x1) return p;
  return pieces.at(-1)!;
}
