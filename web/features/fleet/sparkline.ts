// Steps per minute over the last hour as a small d3 area: one path and one baseline per row, redrawn only when the
// series changes (the caller memoises), so a hundred live rows stay cheap.
import { area, max, scaleLinear, select } from 'd3';

export const SPARK_WIDTH = 120;
export const SPARK_HEIGHT = 22;

export function drawSparkline(svg: SVGSVGElement, series: readonly number[]): void {
  const x = scaleLinear().domain([0, Math.max(1, series.length - 1)]).range([0, SPARK_WIDTH]);
  const y = scaleLinear().domain([0, Math.max(1, max(series) ?? 0)]).range([SPARK_HEIGHT - 1, 1]);
  const shape = area<number>()
    .x((_, i) => x(i))
    .y0(SPARK_HEIGHT - 1)
    .y1((d) => y(d));
  const root = select(svg);
  root
    .selectAll<SVGPathElement, readonly number[]>('path.spark-area')
    .data([series])
    .join('path')
    .attr('class', 'spark-area')
    .attr('d', (d) => shape(d as number[]) ?? '');
  root
    .selectAll<SVGLineElement, number>('line.spark-base')
    .data([0])
    .join('line')
    .attr('class', 'spark-base')
    .attr('x1', 0)
    .attr('x2', SPARK_WIDTH)
    .attr('y1', SPARK_HEIGHT - 0.5)
    .attr('y2', SPARK_HEIGHT - 0.5);
}
