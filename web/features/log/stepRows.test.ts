// Which step pages the visible rows of the log need, and which steps a row holds.
import { describe, expect, it } from 'vitest';
import { pagesFor, rowOfStep, stepsInRow, stepsOfRows, STEPS_PER_ROW } from './stepRows.ts';

describe('pagesFor', () => {
  it('lists the step pages a range of rows needs', () => {
    expect(pagesFor(0, 7, 9)).toEqual([0]);
    expect(pagesFor(195, 210, 1000)).toEqual([0, 1]);
    expect(pagesFor(0, 50, 0)).toEqual([]);
    expect(pagesFor(10, 5, 100)).toEqual([]);
  });
});

describe('rows of steps', () => {
  it('holds STEPS_PER_ROW steps a row, fewer in the last', () => {
    expect(stepsInRow(0, 100)).toBe(STEPS_PER_ROW);
    expect(stepsInRow(Math.floor(19 / STEPS_PER_ROW), 19)).toBe(19 % STEPS_PER_ROW);
    expect(rowOfStep(0)).toBe(0);
    expect(rowOfStep(STEPS_PER_ROW - 1)).toBe(0);
    expect(rowOfStep(STEPS_PER_ROW)).toBe(1);
  });

  it('spans the first step of the first row to the last step of the last, cut at the end of the log', () => {
    expect(stepsOfRows([], 50)).toEqual({ first: 0, last: -1 });
    expect(stepsOfRows([{ index: 1 }, { index: 2 }], 100)).toEqual({ first: STEPS_PER_ROW, last: 3 * STEPS_PER_ROW - 1 });
    expect(stepsOfRows([{ index: 2 }], 2 * STEPS_PER_ROW + 3)).toEqual({ first: 2 * STEPS_PER_ROW, last: 2 * STEPS_PER_ROW + 2 });
  });
});
