// The bar between the fleet's list and the comparison: a window splitter (WAI-ARIA APG) one can drag, or focus and
// move with ↑/↓ (a step), Page Up/Down (a page), Home/End (smallest, largest). Its value is the pane's height in px.
import type { ComparePane } from './useComparePane.ts';

export function PaneSeparator({ ref, now, limits, controls, onPointerDown, onPointerMove, onPointerUp, onKeyDown }: ComparePane['separator'] & { controls: string }) {
  return (
    <div
      ref={ref}
      role="separator"
      aria-orientation="horizontal"
      aria-label="Height of the comparison"
      aria-controls={controls}
      aria-valuenow={now}
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      aria-valuetext={`${now} px`}
      tabIndex={0}
      className="pane-separator"
      title="Drag, or focus and press ↑ or ↓, to give the comparison more or less of the window"
      data-testid="compare-separator"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onLostPointerCapture={onPointerUp}
      onKeyDown={onKeyDown}
    >
      <span className="pane-separator-grip" aria-hidden="true" />
    </div>
  );
}
