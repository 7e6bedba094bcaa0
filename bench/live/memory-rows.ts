// Our server's memory at points of the live section, against the bytes of log.md then: the ceiling (RSS ≤ 1.5 × the
// bytes + 100 MB), and no growth beyond the data over the soak.
import { mb } from '../figures.ts';
import type { BenchRow } from '../stats.ts';

export interface MemoryPoint {
  label: string;
  /** log.md's size then. */
  bytes: number;
  /** Its steps then. */
  steps: number;
  rss: number;
  /** The heap and the array buffers (a log's step index is typed arrays): what the store holds. */
  heapUsed: number;
  /** The V8 heap's committed pages, of the RSS (heapTotal). */
  heapCommitted?: number;
}

const delta = (v: number) => `${v >= 0 ? '+' : '−'}${mb(Math.abs(v))}`;

/**
 * After a full GC (serve-probe.mjs). The soak's heap growth is judged against the steps and bytes appended, by what a
 * step cost the heap at load (the store keeps records: the bench's appended steps are half the generated ones' size,
 * so per byte they cost more for the same record; both are printed).
 */
export function memoryRows(points: readonly MemoryPoint[]): BenchRow[] {
  const rows: BenchRow[] = points.map((pt) => ({
    name: `ours ${pt.label}`,
    value: `RSS ${mb(pt.rss)}${pt.heapCommitted === undefined ? '' : ` (V8 heap committed ${mb(pt.heapCommitted)})`}, heap + buffers ${mb(pt.heapUsed)}; log.md ${mb(pt.bytes)}`,
    target: 'RSS ≤ 1.5 × bytes + 100 MB',
    ok: pt.rss <= 1.5 * pt.bytes + 100e6,
  }));
  if (points.length < 3) return rows;
  const load = points[0]!;
  const before = points[points.length - 2]!;
  const after = points[points.length - 1]!;
  const appended = after.bytes - before.bytes;
  const steps = after.steps - before.steps;
  const heapGrowth = after.heapUsed - before.heapUsed;
  const perStepAtLoad = load.heapUsed / load.steps;
  rows.push({
    name: 'the soak: growth against what was appended',
    value:
      `heap + buffers ${delta(heapGrowth)}, RSS ${delta(after.rss - before.rss)} for ${steps} steps, ${mb(appended)} appended: ` +
      `${(heapGrowth / steps).toFixed(0)} B per step (at load ${perStepAtLoad.toFixed(0)}), ` +
      `${(heapGrowth / appended).toFixed(2)} B per byte (at load ${(load.heapUsed / load.bytes).toFixed(2)})`,
    target: 'heap growth ≤ the steps appended × the heap per step at load',
    ok: heapGrowth <= steps * perStepAtLoad,
  });
  return rows;
}
