// A branch's steps as every reader of them sees them: a list whose records are decoded only when asked for (the
// store keeps a 205,000-step log as an index of byte offsets, step-index.ts), with the few columns the hot paths need
// (step numbers, timestamps, time keys, merges, how every Contexa reader reads the step) answered without decoding.
// Arrays of records (tests, a moment's memory, a file read whole) are wrapped by arrayStepList.
import type { ByteRange, OtaStep } from '../../types.ts';
import { isPlainStep } from '../dialects/plain-record.ts';
import { timestampKey } from './records.ts';
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
  /** timestampKey of the timestamp, null when it is not an ISO-8601 time. */
  timeKeyAt(i: number): [number, number] | null;
  mergedFromAt(i: number): string | undefined;
  rangeAt(i: number): ByteRange;
  /**
   * Which fields are empty (SHAPE_TOLD, SHAPE_ACTION_ONLY, SHAPE_EMPTY) when the step is plain (plain-record.ts): every
   * line reader reads it back as itself; -1 when it is not, or not proved (then decode it and ask isPlainStep).
   */
  plainShapeAt(i: number): number;
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
  private shapes: Int8Array | null = null;
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
  timeKeyAt(i: number): [number, number] | null {
    return timestampKey(this.steps[i]!.timestamp);
  }
  mergedFromAt(i: number): string | undefined {
    return this.steps[i]!.mergedFrom;
  }
  rangeAt(i: number): ByteRange {
    return this.steps[i]!.range;
  }
  plainShapeAt(i: number): number {
    if (!this.shapes || this.shapes.length !== this.steps.length) this.shapes = Int8Array.from(this.steps, plainShapeOf);
    return this.shapes[i]!;
  }
  [Symbol.iterator](): Iterator<OtaStep> {
    return this.steps[Symbol.iterator]();
  }
}

/** A list over records already decoded (the array is not copied: do not change it afterwards). */
export function arrayStepList(steps: readonly OtaStep[]): StepList {
  return new ArrayStepList(steps);
}

/** The list as it is, or an array wrapped. */
export function asStepList(steps: StepList | readonly OtaStep[]): StepList {
  return Array.isArray(steps) ? arrayStepList(steps as readonly OtaStep[]) : (steps as StepList);
}
