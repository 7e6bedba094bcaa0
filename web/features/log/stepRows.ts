// The step pages a range of drawn steps needs. Pure, so it is unit-tested beside.
import { STEPS_PAGE_SIZE } from '../../api/queries.ts';

/** Step pages covering steps [first, last]. */
export function pagesFor(first: number, last: number, count: number): number[] {
  if (count === 0 || last < first) return [];
  const out: number[] = [];
  for (let p = Math.floor(first / STEPS_PAGE_SIZE); p <= Math.floor(Math.min(last, count - 1) / STEPS_PAGE_SIZE); p++) out.push(p);
  return out;
}
