// The timeline's axis: the canvas it is drawn on, click or drag to travel, the wheel to zoom, and the time under the
// pointer, so a click is never a guess.
import { useEffect, useMemo, useRef, useState } from 'react';
import { pieceAtFraction } from '../../../shared/gcc/moment/axis-segments.ts';
import type { TimelineResponse } from '../../../shared/timeline-api.ts';
import { formatDuration, formatInstant } from '../../ui/time.ts';
import { drawAxis } from './axisDraw.ts';
import { axisScale, zoomInAt, zoomRange, zoomWithin, type AxisRange, type AxisScale } from './axisScale.ts';
import { travelTo } from './travel.ts';

const HEIGHT = 36;

interface AxisProps {
  axis: TimelineResponse;
  momentMs: number | null;
  /** The whole workspace's range (null before it has records); `range`: the part shown. */
  bounds: AxisRange | null;
  range: AxisRange;
  setZoom: (zoom: AxisRange | null) => void;
  width: number;
  setWidth: (width: number) => void;
  /** The moment shown, for a screen reader. */
  valueText: string;
}

export function TimelineAxis(p: AxisProps) {
  const scale = useMemo(() => axisScale(p.axis.segments, p.width), [p.axis, p.width]);
  const canvas = useAxisCanvas(scale, p.axis, p.momentMs, p.bounds?.toMs ?? null, p.setWidth);
  const [hover, setHover] = useState<{ x: number; text: string } | null>(null);
  const pointer = useAxisPointer(scale, p.range, p.bounds, p.setZoom, setHover);
  const onKeyDown = useAxisKeys(scale, p);
  return (
    <div className="timeline-axis-box">
      <canvas
        ref={canvas}
        className="timeline-axis"
        height={HEIGHT}
        tabIndex={0}
        role="slider"
        aria-label="Moment"
        aria-valuemin={p.bounds?.fromMs}
        aria-valuemax={p.bounds?.toMs}
        aria-valuenow={p.momentMs ?? p.bounds?.toMs}
        aria-valuetext={p.valueText}
        {...pointer}
        onKeyDown={onKeyDown}
        onDoubleClick={() => p.setZoom(null)}
      />
      {hover ? (
        <div className="timeline-hover" style={{ left: hover.x }} aria-hidden="true" data-testid="timeline-hover">
          {hover.text}
        </div>
      ) : null}
    </div>
  );
}

const iso = (ms: number) => new Date(Math.round(ms)).toISOString();

/** What the pointer is over: its time, and a quiet stretch's length. */
function hoverText(scale: AxisScale, x: number): string {
  const piece = pieceAtFraction(scale.pieces, x / Math.max(1, scale.width));
  return piece.quiet ? `${formatDuration(piece.toMs - piece.fromMs)} without a record` : formatInstant(iso(scale.msAtX(x)));
}

/** Click or drag to travel, the wheel to zoom, the time under the pointer: the canvas's handlers, on the axis as drawn. */
function useAxisPointer(scale: AxisScale, range: AxisRange, bounds: AxisRange | null, setZoom: (zoom: AxisRange | null) => void, setHover: (hover: { x: number; text: string } | null) => void) {
  const drag = useRef(false);
  // The pointer's x on the scale (the canvas's box may be a pixel off the width the scale was made for).
  const xOf = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return ((e.clientX - box.left) / Math.max(1, box.width)) * scale.width;
  };
  const travelAt = (e: React.PointerEvent<HTMLCanvasElement>) => travelTo(iso(scale.msAtX(xOf(e))));
  return {
    onPointerDown: (e: React.PointerEvent<HTMLCanvasElement>) => {
      drag.current = true;
      e.currentTarget.setPointerCapture(e.pointerId);
      travelAt(e);
    },
    onPointerMove: (e: React.PointerEvent<HTMLCanvasElement>) => {
      const x = xOf(e);
      setHover({ x: Math.min(Math.max(x, 0), scale.width), text: hoverText(scale, x) });
      if (drag.current) travelAt(e);
    },
    onPointerUp: () => (drag.current = false),
    onPointerLeave: () => setHover(null),
    onWheel: (e: React.WheelEvent<HTMLCanvasElement>) => {
      if (!bounds) return;
      // In: the part under the pointer as drawn (a quiet stretch's neighbours with it); out: twice the time around it.
      const next = e.deltaY < 0 ? zoomInAt(scale, xOf(e), bounds) : zoomRange(range, scale.msAtX(xOf(e)), 2, bounds);
      setZoom(zoomWithin(next, bounds));
    },
  };
}

/** The slider's keys (← and → step record by record for the whole page): Home the first moment, End live, + and − zoom. */
function useAxisKeys(scale: AxisScale, p: AxisProps) {
  return (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    const bounds = p.bounds;
    if (!bounds) return;
    // Zoomed around the moment shown when it is on the axis, else around the middle.
    const x = p.momentMs !== null && p.momentMs >= p.range.fromMs && p.momentMs <= p.range.toMs ? scale.xAtMs(p.momentMs) : scale.width / 2;
    if (e.key === 'Home' && p.axis.start) travelTo(p.axis.start);
    else if (e.key === 'End') travelTo(null);
    else if (e.key === '+' || e.key === '=') p.setZoom(zoomInAt(scale, x, bounds));
    else if (e.key === '-') p.setZoom(zoomWithin(zoomRange(p.range, scale.msAtX(x), 2, bounds), bounds));
    else return;
    e.preventDefault();
  };
}

/** The canvas, kept as wide as its box (at the screen's pixel ratio) and redrawn when what it shows changes. */
function useAxisCanvas(scale: AxisScale, axis: TimelineResponse, momentMs: number | null, nowMs: number | null, setWidth: (width: number) => void) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(100, Math.floor(el.clientWidth))));
    observer.observe(el);
    return () => observer.disconnect();
  }, [setWidth]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.floor(scale.width * ratio);
    el.height = Math.floor(HEIGHT * ratio);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawAxis(ctx, scale.width, HEIGHT, { scale, buckets: axis.buckets, records: axis.records, momentMs, nowMs, gitMs: axis.gitMoments?.map((m) => m.ms) });
  }, [scale, axis, momentMs, nowMs]);
  return ref;
}
