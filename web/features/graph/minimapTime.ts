// The minimap's time axis: d3's time scale picks the ticks over the rows' span of time and tickLabel words them; each
// is placed at the first row of its moment. Loaded after the first screen (d3 is not on it).
import { scaleTime, timeDay, timeFormat, timeMinute, timeMonth, timeYear } from 'd3';
import { displayRow, type RowOrder } from './geometry.ts';
import type { AxisTick, MinimapScale } from './minimap.ts';

/**
 * The time axis: d3's ticks over the rows' span of time, each at the first row at or after it, none closer than
 * 16 px. Several ticks falling before the same row (a quiet night) give one label, the last; and when that row is on
 * another day than the row before it, the label is that row's day, so "18:00" never stands for a day it is not.
 */
export function timeTicks(times: Float64Array, order: RowOrder, s: MinimapScale, height: number): AxisTick[] {
  let lo = 0;
  while (lo < times.length && !Number.isFinite(times[lo]!)) lo++;
  if (lo >= times.length || times[lo] === times[times.length - 1]) return [];
  const scale = scaleTime().domain([new Date(times[lo]!), new Date(times[times.length - 1]!)]);
  const lastTickAt = new Map<number, Date>();
  for (const tick of scale.ticks(Math.max(2, Math.floor(height / 48)))) {
    // The first row at or after the tick (times never go back, so a binary search finds it).
    let a = lo;
    let b = times.length - 1;
    while (a < b) {
      const m = (a + b) >> 1;
      if (times[m]! < +tick) a = m + 1;
      else b = m;
    }
    lastTickAt.set(a, tick);
  }
  const ticks: AxisTick[] = [];
  for (const [row, tick] of lastTickAt) {
    const newDay = row > lo && +timeDay(new Date(times[row - 1]!)) !== +timeDay(new Date(times[row]!));
    const y = s.y(displayRow(row, order));
    if (ticks.every((t) => Math.abs(t.y - y) >= 16)) ticks.push({ y, label: newDay ? DAY(new Date(times[row]!)) : tickLabel(tick) });
  }
  return ticks;
}

const SECONDS = timeFormat('%H:%M:%S');
const MINUTES = timeFormat('%H:%M');
const DAY = timeFormat('%b %d');
const MONTH = timeFormat('%b');
const YEAR = timeFormat('%Y');

/** d3's multi-scale format, but a time of day always with its hour (":45" alone says little beside a graph). */
export function tickLabel(t: Date): string {
  if (timeMinute(t) < t) return SECONDS(t);
  if (timeDay(t) < t) return MINUTES(t);
  if (timeMonth(t) < t) return DAY(t);
  return timeYear(t) < t ? MONTH(t) : YEAR(t);
}

