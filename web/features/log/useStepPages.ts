// The steps drawn: the step pages they fall in, fetched (and cached) page by page.
import { useQueries } from '@tanstack/react-query';
import type { StepsPage } from '../../../shared/api.ts';
import { STEPS_PAGE_SIZE, stepsPageOptions } from '../../api/queries.ts';
import { pagesFor } from './stepRows.ts';

/** The step at an index, once its page has come; steps [first, last] are the ones drawn. */
export function useStepPages(branch: string, count: number, first: number, last: number) {
  const pageNumbers = pagesFor(first, last, count);
  const pages = useQueries({ queries: pageNumbers.map((p) => stepsPageOptions(branch, p)) });
  const byPage = new Map<number, StepsPage>();
  pages.forEach((q, i) => q.data && byPage.set(pageNumbers[i]!, q.data));
  return (i: number) => byPage.get(Math.floor(i / STEPS_PAGE_SIZE))?.steps[i % STEPS_PAGE_SIZE];
}
