// A branch's steps as every reader of them sees them: a list that decodes a record only when asked, with the columns the
// hot paths need answered without decoding.
import type { ByteRange, OtaStep } from '../../types.ts';
import { isPlainStep } from '../dialects/plain-record.ts';
import { recordKey, timestampKey, type TimeKey } from './time-key.ts';
import { describeTimestamp, type TimestampShapeName } from './timestamp.ts';
import { SHAPE_ACTION_ONLY, SHAPE_EMPTY, SHAPE_TOLD } from './step-scan.ts';

export interface StepList extends Iterable<OtaStep> {
  readonly length: number;
  /** The steps [from, to), decoded (negative indices count from the end, as Array.slice). */
  slice(from?: number, to?: number): OtaStep[];
  /** One step, decoded; undefined outside the list. */
  at(i: number): OtaStep | undefined;
  /** The first `n` steps, as a list (nothing decoded). */
  prefix(n: number): StepList;
  stepAt(i: number): number;
  /** Exactly as written in the file. */
  timestampAt(i: number): string;
  /** The timestamps of steps [from, to) (one read for a run of them). */
  timestamps(from: number, to: number): string[];
  /** Their shapes (timestamp.ts), null where there is no timestamp: what dialect detection reads. */
  timestampShapes(from: number, to: number): (TimestampShapeName | null)[];
  /** timestampKey of the timestamp, null when it is not an ISO-8601 time. */
  timeKeyAt(i: number): [number, number] | null;
  /** time-key.ts recordKey of the timestamp: the instant time travel places the step at. */
  instantAt(i: number): TimeKey | null;
  mergedFromAt(i: number): string | undefined;
  rangeAt(i: number): ByteRange;
  /**
   * Which fields are empty (SHAPE_TOLD, SHAPE_ACTION_ONLY, SHAPE_EMPTY) when the step is plain (plain-record.ts): every
   * line reader reads it back as itself; -1 when it is not, or not proved (then decode it and ask isPlainStep).
   */
  plainShapeAt(i: number): number;
  /** plainShapeAt of steps [from, to) at once, for a list that keeps them in a column (a 205,000-step log's tally). */
  plainShapes?(from: number, to: number): Int8Array;
  /** The file's bytes of steps [from, to) (from the first's start to the last's end), for a list kept as an index. */
  rawBytes?(from: number, to: number): Uint8Array | null;
}

/** The shape reader-tally counts a plain step under, -1 for a step that is not plain. */
export function plainShapeOf(s: OtaStep): number {
  if (!isPlainStep(s)) return -1;
  return s.observation || s.thought ? SHAPE_TOLD : s.action ? SHAPE_ACTION_ONLY : SHAPE_EMPTY;
}

/** Array.slice's index rules. */
export function sliceBounds(length: number, from = 0, to = length): [number, number] {
  const norm = (i: number) => (i < 0 ? Math.max(0, length + i) : Math.min(i, length));
  const a = norm(Math.trunc(from) || 0);
  const b = norm(to === undefined ? length : Math.trunc(to) || 0);
  return [a, Math.max(a, b)];
}

class ArrayStepList implements StepList {
  constructor(private readonly steps: readonly OtaStep[]) {}

  get length(): number {
    return this.steps.length;
  }
  slice(from?: number, to?: number): OtaStep[] {
    return this.steps.slice(from, to);
  }
  at(i: number): OtaStep | undefined {
    return this.steps[i];
  }
  prefix(n: number): StepList {
    return n >= this.steps.length ? this : new ArrayStepList(this.steps.slice(0, Math.max(0, n)));
  }
  stepAt(i: number): number {
    return this.steps[i]!.step;
  }
  timestampAt(i: number): string {
    return this.steps[i]!.timestamp;
  }
  timestamps(from: number, to: number): string[] {
    return this.steps.slice(from, to).map((s) => s.timestamp);
  }
  timestampShapes(from: number, to: number): (TimestampShapeName | null)[] {
    return this.steps.slice(from, to).map((s) => describeTimestamp(s.timestamp)?.shape ?? null);
  }
  timeKeyAt(i: number): [number, number] | null {
    return timestampKey(this.steps[i]!.timestamp);
  }
  instantAt(i: number): TimeKey | null {
    return recordKey(this.steps[i]!.timestamp);
  }
  mergedFromAt(i: number): string | undefined {
    return this.steps[i]!.mergedFrom;
  }
  rangeAt(i: number): ByteRange {
    return this.steps[i]!.range;
  }
  plainShapeAt(i: number): number {
    return plainShapeOf(this.steps[i]!);
  }
  [Symbol.iterator](): Iterator<OtaStep> {
    return this.steps[Symbol.iterator]();
  }
}

const wrapped = new WeakMap<readonly OtaStep[], StepList>();

/** A list over records already decoded: it reads the array as it is at each call (the same array, the same list). */
export function arrayStepList(steps: readonly OtaStep[]): StepList {
  let list = wrapped.get(steps);
  if (!list) wrapped.set(steps, (list = new ArrayStepList(steps)));
  return list;
}

/** The list as it is, or an array wrapped. */
export function asStepList(steps: StepList | readonly OtaStep[]): StepList {
  return Array.isArray(steps) ? arrayStepList(steps as readonly OtaStep[]) : (steps as StepList);
}

/**
 * A list with some steps replaced (time travel puts back the values a later hand edit changed): the replaced ones are
 * answered from `replaced`, the rest from the list beneath.
 */
export class EditedSteps implements StepList {
  readonly replaced = new Map<number, OtaStep>();
  constructor(readonly base: StepList) {}

  get length(): number {
    return this.base.length;
  }
  set(i: number, step: OtaStep): void {
    this.replaced.set(i, step);
  }
  slice(from?: number, to?: number): OtaStep[] {
    const [a, b] = sliceBounds(this.length, from, to);
    const out = this.base.slice(a, b);
    for (const [i, s] of this.replaced) if (i >= a && i < b) out[i - a] = s;
    return out;
  }
  at(i: number): OtaStep | undefined {
    const k = i < 0 ? this.length + i : i;
    return this.replaced.get(k) ?? this.base.at(k);
  }
  prefix(n: number): StepList {
    if (n >= this.length) return this;
    const out = new EditedSteps(this.base.prefix(n));
    for (const [i, s] of this.replaced) if (i < n) out.set(i, s);
    return out;
  }
  private edited<T>(i: number, own: (s: OtaStep) => T, beneath: () => T): T {
    const s = this.replaced.get(i);
    return s ? own(s) : beneath();
  }
  stepAt = (i: number) => this.edited(i, (s) => s.step, () => this.base.stepAt(i));
  timestampAt = (i: number) => this.edited(i, (s) => s.timestamp, () => this.base.timestampAt(i));
  timestamps = (from: number, to: number) => this.base.timestamps(from, to).map((t, k) => this.replaced.get(from + k)?.timestamp ?? t);
  timestampShapes = (from: number, to: number) => this.base.timestampShapes(from, to).map((t, k) => { const r = this.replaced.get(from + k); return r ? (describeTimestamp(r.timestamp)?.shape ?? null) : t; });
  timeKeyAt = (i: number) => this.edited(i, (s) => timestampKey(s.timestamp), () => this.base.timeKeyAt(i));
  instantAt = (i: number) => this.edited(i, (s) => recordKey(s.timestamp), () => this.base.instantAt(i));
  mergedFromAt = (i: number) => this.edited(i, (s) => s.mergedFrom, () => this.base.mergedFromAt(i));
  rangeAt = (i: number) => this.edited(i, (s) => s.range, () => this.base.rangeAt(i));
  plainShapeAt = (i: number) => this.edited(i, plainShapeOf, () => this.base.plainShapeAt(i));
  [Symbol.iterator](): Iterator<OtaStep> {
    return iterateInRuns(this);
  }
}

/** Decoded a few hundred at a time: iterating a 200,000-step log never holds it all decoded. */
export function* iterateInRuns(list: StepList): Generator<OtaStep> {
  const RUN = 512;
  for (let i = 0; i < list.length; i += RUN) yield* list.slice(i, Math.min(list.length, i + RUN));
}

/** The first `length` steps of a list. */
export class PrefixList implements StepList {
  constructor(
    private readonly whole: StepList,
    readonly length: number,
  ) {}
  private checked(i: number): number {
    if (!(i >= 0 && i < this.length)) throw new RangeError(`step ${i} of ${this.length}`);
    return i;
  }
  slice(from?: number, to?: number): OtaStep[] {
    const [a, b] = sliceBounds(this.length, from, to);
    return this.whole.slice(a, b);
  }
  at(i: number): OtaStep | undefined {
    const k = i < 0 ? this.length + i : i;
    return k >= 0 && k < this.length ? this.whole.at(k) : undefined;
  }
  prefix(n: number): StepList {
    return n >= this.length ? this : new PrefixList(this.whole, Math.max(0, n));
  }
  stepAt = (i: number) => this.whole.stepAt(this.checked(i));
  timestampAt = (i: number) => this.whole.timestampAt(this.checked(i));
  timestamps = (from: number, to: number) => this.whole.timestamps(...sliceBounds(this.length, from, to));
  timestampShapes = (from: number, to: number) => this.whole.timestampShapes(...sliceBounds(this.length, from, to));
  timeKeyAt = (i: number) => this.whole.timeKeyAt(this.checked(i));
  instantAt = (i: number) => this.whole.instantAt(this.checked(i));
  mergedFromAt = (i: number) => this.whole.mergedFromAt(this.checked(i));
  rangeAt = (i: number) => this.whole.rangeAt(this.checked(i));
  plainShapeAt = (i: number) => this.whole.plainShapeAt(this.checked(i));
  rawBytes = (from: number, to: number) => (to <= this.length ? (this.whole.rawBytes?.(from, to) ?? null) : null);
  [Symbol.iterator](): Iterator<OtaStep> {
    return iterateInRuns(this);
  }
}
