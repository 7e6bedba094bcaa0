// How the bench turns repeated measurements into one honest line: min, median and the spread between them, and
// ratios of ours to a peer measured in the same run (medians against medians).

/** The middle value (the mean of the two middle ones for an even count). */
export function middle(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

/** `min 41 ms, median 44 ms (spread 7 %, 5 runs)`: the spread is (median − min) / min. */
export function describeMs(values: readonly number[], unit = 'ms', digits = 0): string {
  const min = Math.min(...values);
  const med = middle(values);
  const spread = min > 0 ? ((med - min) / min) * 100 : 0;
  return `min ${min.toFixed(digits)} ${unit}, median ${med.toFixed(digits)} ${unit} (spread ${spread.toFixed(0)} %, ${values.length} run${values.length === 1 ? '' : 's'})`;
}

/** How many times faster ours is than the peer, medians against medians. */
export function speedup(ours: readonly number[], peer: readonly number[]): number {
  return middle(peer) / middle(ours);
}

export function times(x: number): string {
  return `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`;
}

export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

/**
 * Runs each task `rounds` times, interleaved (a, b, c, a, b, c…): a busy machine then slows every contender alike,
 * instead of whichever happened to run during the busy spell.
 */
export async function interleaved<K extends string>(rounds: number, tasks: Record<K, () => Promise<number>>): Promise<Record<K, number[]>> {
  const keys = Object.keys(tasks) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (const k of keys) out[k].push(await tasks[k]());
  }
  return out;
}
