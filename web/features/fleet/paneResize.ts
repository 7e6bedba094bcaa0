// The comparison pane's height under its separator, pure: a floor that keeps the pickers in view, a ceiling that
// leaves the list a few rows, and the keys of a window splitter (WAI-ARIA APG: the value is the pane's size).

/** The pickers' row and a line of the result: under it the pane would show nothing. */
export const PANE_MIN_PX = 96;
/** The list keeps its head and three rows whatever the pane takes. */
export const LIST_MIN_PX = 200;
export const KEY_STEP_PX = 16;
export const PAGE_STEP_PX = 96;

export interface PaneLimits {
  min: number;
  max: number;
}

/** `available`: the height the list and the pane share (what one gains the other loses). */
export function paneLimits(available: number): PaneLimits {
  return { min: PANE_MIN_PX, max: Math.max(PANE_MIN_PX, Math.floor(available - LIST_MIN_PX)) };
}

export function clampHeight(height: number, limits: PaneLimits): number {
  return Math.round(Math.min(limits.max, Math.max(limits.min, height)));
}

/** The separator sits above the pane: up makes the pane taller. null: not a key the separator takes. */
export function heightForKey(key: string, current: number, limits: PaneLimits): number | null {
  const by = (delta: number) => clampHeight(current + delta, limits);
  switch (key) {
    case 'ArrowUp':
      return by(KEY_STEP_PX);
    case 'ArrowDown':
      return by(-KEY_STEP_PX);
    case 'PageUp':
      return by(PAGE_STEP_PX);
    case 'PageDown':
      return by(-PAGE_STEP_PX);
    case 'Home':
      return limits.min;
    case 'End':
      return limits.max;
    default:
      return null;
  }
}
