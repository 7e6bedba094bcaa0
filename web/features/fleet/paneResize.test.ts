import { describe, expect, it } from 'vitest';
import { clampHeight, heightForKey, KEY_STEP_PX, LIST_MIN_PX, PAGE_STEP_PX, PANE_MIN_PX, paneLimits } from './paneResize.ts';

describe('the comparison pane under its separator', () => {
  it('leaves the list its rows and the pane its pickers', () => {
    expect(paneLimits(700)).toEqual({ min: PANE_MIN_PX, max: 700 - LIST_MIN_PX });
    // A window too short for both: the pane keeps its floor.
    expect(paneLimits(250)).toEqual({ min: PANE_MIN_PX, max: PANE_MIN_PX });
    expect(clampHeight(10_000, paneLimits(700))).toBe(700 - LIST_MIN_PX);
    expect(clampHeight(3, paneLimits(700))).toBe(PANE_MIN_PX);
    expect(clampHeight(300.4, paneLimits(700))).toBe(300);
  });
  it('moves by a step with the arrows, a page with Page Up/Down, to an end with Home/End, clamped', () => {
    const limits = paneLimits(700);
    expect(heightForKey('ArrowUp', 300, limits)).toBe(300 + KEY_STEP_PX);
    expect(heightForKey('ArrowDown', 300, limits)).toBe(300 - KEY_STEP_PX);
    expect(heightForKey('PageUp', 300, limits)).toBe(300 + PAGE_STEP_PX);
    expect(heightForKey('PageDown', 300, limits)).toBe(300 - PAGE_STEP_PX);
    expect(heightForKey('Home', 300, limits)).toBe(PANE_MIN_PX);
    expect(heightForKey('End', 300, limits)).toBe(700 - LIST_MIN_PX);
    expect(heightForKey('ArrowUp', 700 - LIST_MIN_PX - 5, limits)).toBe(700 - LIST_MIN_PX);
    expect(heightForKey('PageDown', 120, limits)).toBe(PANE_MIN_PX);
    expect(heightForKey('ArrowLeft', 300, limits)).toBeNull();
    expect(heightForKey('Enter', 300, limits)).toBeNull();
  });
});
