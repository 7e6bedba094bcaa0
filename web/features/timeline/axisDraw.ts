// The timeline's axis on a canvas (steps as log-scaled columns, other records as ticks, a quiet stretch as a break
// with its length). Pure.
import type { AxisBucket, AxisKind, AxisRecord } from '../../../shared/timeline-api.ts';
import { formatDuration } from '../../ui/time.ts';
import type { AxisScale } from './axisScale.ts';

/** Milliseconds of an ISO time with any fraction width (Date.parse may refuse more than 3 digits). */
export function isoMs(iso: string): number {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(iso);
  if (!m) return Date.parse(iso);
  return Date.parse(`${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}${m[3]}`);
}

const GIT_COLOUR = '#bf3989';
const COLOURS: Record<AxisKind, string> = { step: '#8c959f', commit: '#0969da', branch: '#1a7f37', merge: '#8250df', roadmap: '#9a6700', edit: '#bc4c00' };
const TICK_KINDS: AxisKind[] = ['commit', 'branch', 'merge', 'roadmap', 'edit'];

export interface AxisPicture {
  scale: AxisScale;
  buckets: readonly AxisBucket[];
  records: readonly AxisRecord[] | null;
  momentMs: number | null;
  nowMs: number | null;
  /** Exact moments (git commits that changed .GCC/): marked apart from the records, whose moments are reconstructed. */
  gitMs?: readonly number[];
}

export function drawAxis(ctx: CanvasRenderingContext2D, width: number, height: number, p: AxisPicture): void {
  ctx.clearRect(0, 0, width, height);
  const base = height - 4;
  const stepHeight = height - 14;
  const x = p.scale.xAtMs;
  if (p.records) {
    for (const r of p.records) tick(ctx, Math.round(x(r.ms)) + 0.5, r.kind === 'step' ? base - stepHeight * 0.5 : 2, base, COLOURS[r.kind]);
  } else {
    const max = Math.max(1, ...p.buckets.map((b) => b.counts.step));
    for (const b of p.buckets) {
      const x0 = x(b.fromMs);
      const w = Math.max(1, x(b.toMs) - x0 - 0.5);
      if (b.counts.step > 0) {
        const h = Math.max(2, (Math.log1p(b.counts.step) / Math.log1p(max)) * stepHeight);
        ctx.fillStyle = COLOURS.step;
        ctx.fillRect(x0, base - h, w, h);
      }
      TICK_KINDS.forEach((kind, k) => {
        if (b.counts[kind] === 0) return;
        ctx.fillStyle = COLOURS[kind];
        ctx.fillRect(x0, 1 + k * 2, Math.max(1.5, w), 2);
      });
    }
  }
  if (!p.records?.length && p.buckets.every((b) => Object.values(b.counts).every((n) => n === 0))) note(ctx, width, base, 'No record in this range');
  ctx.fillStyle = BASELINE;
  for (const piece of p.scale.pieces) {
    const x0 = piece.x0 * width;
    const x1 = piece.x1 * width;
    if (piece.quiet) quietBreak(ctx, x0, x1, base, piece.toMs - piece.fromMs);
    else ctx.fillRect(x0, base, x1 - x0, 1);
  }
  for (const ms of p.gitMs ?? []) gitMark(ctx, x(ms), height);
  if (p.nowMs !== null) line(ctx, x(p.nowMs), height, '#1a7f37');
  if (p.momentMs !== null) line(ctx, x(p.momentMs), height, '#d1242f');
}

const BASELINE = '#d1d9e0';
const QUIET_TEXT = '#8c959f';

/** A line of text in the middle of the axis (a zoomed range with nothing in it). */
function note(ctx: CanvasRenderingContext2D, width: number, base: number, text: string): void {
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = QUIET_TEXT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, width / 2, base / 2);
}

/** A quiet stretch: the baseline broken by two slashes, and how long it was when there is room to say it. */
function quietBreak(ctx: CanvasRenderingContext2D, x0: number, x1: number, base: number, ms: number): void {
  const mid = (x0 + x1) / 2;
  ctx.strokeStyle = QUIET_TEXT;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const dx of [-2, 2]) {
    ctx.moveTo(mid + dx - 2, base + 3);
    ctx.lineTo(mid + dx + 2, base - 3);
  }
  ctx.stroke();
  const label = formatDuration(ms);
  ctx.font = '10px system-ui, sans-serif';
  // A little past the break's edges if need be: "3 min" in a narrow one.
  if (ctx.measureText(label).width > x1 - x0 + 8) return;
  ctx.fillStyle = QUIET_TEXT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, mid, base / 2);
}

/** A small downward triangle on the top edge: an exact moment (a git commit). */
function gitMark(ctx: CanvasRenderingContext2D, x: number, height: number): void {
  ctx.fillStyle = GIT_COLOUR;
  ctx.beginPath();
  ctx.moveTo(x - 4, 0);
  ctx.lineTo(x + 4, 0);
  ctx.lineTo(x, Math.min(7, height / 4));
  ctx.closePath();
  ctx.fill();
}

function tick(ctx: CanvasRenderingContext2D, x: number, top: number, bottom: number, colour: string): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x, bottom);
  ctx.stroke();
}

function line(ctx: CanvasRenderingContext2D, x: number, height: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.fillRect(Math.round(x) - 1, 0, 2, height);
}
