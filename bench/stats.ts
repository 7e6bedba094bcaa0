// Small helpers shared by the benchmark parts.

export interface BenchRow {
  name: string;
  value: string;
  /** The target this figure is held to, if any. */
  target?: string;
  ok?: boolean;
}

export function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** Nearest-rank quantile (q in [0, 1]) of unsorted values. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const row of rows) {
    const verdict = row.ok === undefined ? '' : row.ok ? `  ok (target ${row.target})` : `  MISSED (target ${row.target})`;
    console.log(`  ${row.name.padEnd(width)}  ${row.value}${verdict}`);
  }
}
