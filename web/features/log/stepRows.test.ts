// Which step pages the drawn steps of the log need.
import { describe, expect, it } from 'vitest';
import { pagesFor } from './stepRows.ts';

describe('pagesFor', () => {
  it('lists the step pages a range of steps needs', () => {
    expect(pagesFor(0, 7, 9)).toEqual([0]);
    expect(pagesFor(195, 210, 1000)).toEqual([0, 1]);
    expect(pagesFor(0, 50, 0)).toEqual([]);
    expect(pagesFor(10, 5, 100)).toEqual([]);
    expect(pagesFor(990, 2000, 1000)).toEqual([4]);
  });
});
