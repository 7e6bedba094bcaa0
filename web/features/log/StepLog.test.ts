// Which step pages the visible rows of the log need.
import { describe, expect, it } from 'vitest';
import { pagesFor } from './StepLog.tsx';

describe('pagesFor', () => {
  it('lists the step pages a range of rows needs', () => {
    expect(pagesFor(0, 7, 9)).toEqual([0]);
    expect(pagesFor(195, 210, 1000)).toEqual([0, 1]);
    expect(pagesFor(0, 50, 0)).toEqual([]);
    expect(pagesFor(10, 5, 100)).toEqual([]);
  });
});
