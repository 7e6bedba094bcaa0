import { memo, useLayoutEffect, useRef } from 'react';
import { drawSparkline, SPARK_HEIGHT, SPARK_WIDTH } from './sparkline.ts';

/** `series`: steps per minute, oldest first; `label` is what a screen reader hears instead of the drawing. */
export const Sparkline = memo(function Sparkline({ series, label }: { series: readonly number[]; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const key = series.join(',');
  useLayoutEffect(() => {
    if (ref.current) drawSparkline(ref.current, series);
    // Redrawn when the numbers change, not when the array is a new one with the same numbers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return <svg ref={ref} className="sparkline" width={SPARK_WIDTH} height={SPARK_HEIGHT} role="img" aria-label={label} data-total={series.reduce((a, b) => a + b, 0)} />;
});
