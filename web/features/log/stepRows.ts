// The log's virtualizer rows as groups of STEPS_PER_ROW steps (why groups: StepLog.tsx), and the step pages the
// visible rows need. Pure, so it is unit-tested beside.
import { STEPS_PAGE_SIZE } from '../../api/queries.ts';

export const STEPS_PER_ROW = 8;

/** Step pages covering steps [first, last]. */
export function pagesFor(first: number, last: number, count: number): number[] {
  if (count === 0 || last < first) return [];
  const out: number[] = [];
  for (let p = Math.floor(first / STEPS_PAGE_SIZE); p <= Math.floor(Math.min(last, count - 1) / STEPS_PAGE_SIZE); p++) out.push(p);
  return out;
}

/** Steps in row `row` of a log of `count` steps: STEPS_PER_ROW, fewer in the last row. */
export function stepsInRow(row: number, count: number): number {
  return Math.min(STEPS_PER_ROW, count - row * STEPS_PER_ROW);
}

/** The row that holds step `index`. */
export function rowOfStep(index: number): number {
  return Math.floor(index / STEPS_PER_ROW);
}

/** The first and last step of the given rows (in order); none: first 0, last -1. */
export function stepsOfRows(rows: readonly { index: number }[], count: number): { first: number; last: number } {
  if (rows.length === 0) return { first: 0, last: -1 };
  return { first: rows[0]!.index * STEPS_PER_ROW, last: Math.min(count, (rows[rows.length - 1]!.index + 1) * STEPS_PER_ROW) - 1 };
}
