// The step pages the drawn steps fall in, fetched and cached. A page is asked only once the view has stayed on it a
// moment: a fling crosses a page every frame.
import { useQueries } from '@tanstack/react-query';
import type { StepsPage } from '../../../shared/api.ts';
import { STEPS_PAGE_SIZE, stepsPageOptions } from '../../api/queries.ts';
import { useSettledValue } from '../../state/useSettledRevision.ts';
import { pagesFor } from './stepRows.ts';

/** How long the steps drawn must stay on a page before it is asked for. */
const SETTLE_MS = 60;
/**
 * Steps beyond each edge of those drawn whose pages are asked too: read at a steady pace, the next page is in before
 * its steps scroll in, drawn a card or two a frame instead of a whole screen of placeholders turned at once.
 */
const AHEAD = 50;

/** The step at an index, once its page has come; steps [first, last] are the ones drawn. */
export function useStepPages(branch: string, count: number, first: number, last: number) {
  const pageNumbers = last < first ? [] : pagesFor(Math.max(0, first - AHEAD), last + AHEAD, count);
  const settled = useSettledValue(pageNumbers.join(','), SETTLE_MS).split(',');
  // A page already cached is shown at once whether asked or not (a disabled query still reads the cache).
  const pages = useQueries({ queries: pageNumbers.map((p) => ({ ...stepsPageOptions(branch, p), enabled: settled.includes(String(p)) })) });
  const byPage = new Map<number, StepsPage>();
  pages.forEach((q, i) => q.data && byPage.set(pageNumbers[i]!, q.data));
  return (i: number) => byPage.get(Math.floor(i / STEPS_PAGE_SIZE))?.steps[i % STEPS_PAGE_SIZE];
}
