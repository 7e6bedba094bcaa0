// The work start-up keeps for after the first screen (the watches, the second look at every file, the compression of
// sleeping files, the collection of start-up's garbage) runs in slices of a few ms between a page's requests: all of
// it at once held a page opened meanwhile ~1 s on one event loop.

/** How long kept work runs before it gives the event loop back (a request then waits at most about this long). */
export const SLICE_MS = 6;
/** A request begun or ended this recently holds kept work back: a page's requests come in bursts. */
export const QUIET_AFTER_REQUEST_MS = 150;
/**
 * Held back this long, kept work runs whenever no request is in flight (a page that keeps asking must not stop it),
 * and a request in flight this long no longer holds it (it waits for a worker or a client, not for the loop). The
 * watcher's start is kept work: a second's hold delayed the first live events by as much (a client asking every
 * 100 ms saw a step ~0.8 s after it was written).
 */
export const MAX_HELD_MS = 400;

/** What the scheduler knows of the requests and of its own waiting. */
export interface KeptWorkState {
  /** Requests begun and not yet ended (the event stream, which never ends, is not one). */
  inFlight: number;
  /** When a request last began or ended. */
  lastRequestAt: number;
  /** Since when kept work has waited without a slice of its own (reset by one given in a quiet moment). */
  heldSince: number;
}

/** When the next slice may begin (a time at or before `now`: at once). Pure. */
export function nextSliceAt(s: KeptWorkState, now: number): number {
  if (s.inFlight > 0) return s.lastRequestAt + MAX_HELD_MS;
  const quietAt = s.lastRequestAt + QUIET_AFTER_REQUEST_MS;
  return Math.min(quietAt, Math.max(now, s.heldSince + MAX_HELD_MS));
}

/** The event loop as the scheduler uses it (tests give their own). */
export interface KeptWorkClock {
  now(): number;
  /** On a later turn of the event loop, after its I/O. */
  nextTurn(run: () => void): void;
  /** After `ms`; never keeps the process alive. */
  after(ms: number, run: () => void): () => void;
}

const realClock: KeptWorkClock = {
  now: () => performance.now(),
  nextTurn: (run) => void setImmediate(run),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * Gives kept work its slices: `await turn()` before each piece (a watch set, a file compressed, a few branches looked
 * at). Within a slice it resolves at once; past it, on a later turn of the event loop, once no request is being
 * answered. The servers tell it of every request (`request()`, http/first-answer.ts).
 */
export class KeptWork {
  private readonly state: KeptWorkState = { inFlight: 0, lastRequestAt: Number.NEGATIVE_INFINITY, heldSince: Number.NEGATIVE_INFINITY };
  /** When the running slice began (null: none runs; a request ends it). */
  private sliceAt: number | null = null;
  /** When the last slice began: a turn asked long after it starts a new bout of work, held from then. */
  private lastSliceAt = Number.NEGATIVE_INFINITY;
  private readonly waiting: (() => void)[] = [];
  private pumpAt: number | null = null;
  private cancelPump = () => {};

  constructor(private readonly clock: KeptWorkClock = realClock) {}

  /** Resolves when the caller may run a piece of kept work: at once inside a slice, else at the next slice. */
  turn(): Promise<void> {
    const now = this.clock.now();
    if (this.sliceAt !== null && now - this.sliceAt < SLICE_MS) return Promise.resolve();
    this.sliceAt = null;
    if (this.waiting.length === 0 && now - this.lastSliceAt > MAX_HELD_MS) this.state.heldSince = now;
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule(now);
    });
  }

  /** A request has begun; call what it returns once it is answered. */
  request(): () => void {
    this.state.inFlight += 1;
    this.state.lastRequestAt = this.clock.now();
    this.sliceAt = null;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.state.inFlight -= 1;
      this.state.lastRequestAt = this.clock.now();
      if (this.waiting.length > 0) this.schedule(this.state.lastRequestAt);
    };
  }

  /** Requests begun and not yet answered to their last byte. */
  get requestsInFlight(): number {
    return this.state.inFlight;
  }

  /** Pieces waiting for a slice. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Runs `pump` at the next slice's time: on the next turn when due now, else on a timer. */
  private schedule(now: number): void {
    const at = Math.max(nextSliceAt(this.state, now), now);
    if (this.pumpAt !== null && this.pumpAt <= at) return;
    this.cancelPump();
    this.pumpAt = at;
    if (at <= now) {
      let cancelled = false;
      this.cancelPump = () => (cancelled = true);
      this.clock.nextTurn(() => void (cancelled || this.pump()));
    } else {
      this.cancelPump = this.clock.after(at - now, () => this.pump());
    }
  }

  /** Gives the next waiting piece a slice when it is due, and the one after it the next turn. */
  private pump(): void {
    this.pumpAt = null;
    this.cancelPump = () => {};
    if (this.waiting.length === 0) return;
    const now = this.clock.now();
    const at = nextSliceAt(this.state, now);
    if (at > now) return this.schedule(now);
    // A slice given in a quiet moment ends the hold; one given because the hold ran out keeps it (the next may come
    // between two requests again).
    const quiet = this.state.inFlight === 0 && now >= this.state.lastRequestAt + QUIET_AFTER_REQUEST_MS;
    if (quiet) this.state.heldSince = now;
    this.sliceAt = now;
    this.lastSliceAt = now;
    this.waiting.shift()!();
    if (this.waiting.length > 0) this.schedule(now);
  }
}

let shared: KeptWork | null = null;

/** One scheduler for the process: the fleet's 1,000 members share the loop and the requests. */
export function keptWork(): KeptWork {
  return (shared ??= new KeptWork());
}
