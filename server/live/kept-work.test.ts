import { describe, expect, it } from 'vitest';
import { KeptWork, MAX_HELD_MS, nextSliceAt, QUIET_AFTER_REQUEST_MS, SLICE_MS, type KeptWorkClock } from './kept-work.ts';

/** A clock the test moves: turns of the event loop and timers run only when it says. */
function fakeLoop() {
  let t = 0;
  let turns: (() => void)[] = [];
  const timers: { at: number; run: () => void; live: boolean }[] = [];
  const clock: KeptWorkClock = {
    now: () => t,
    nextTurn: (run) => void turns.push(run),
    after: (ms, run) => {
      const timer = { at: t + ms, run, live: true };
      timers.push(timer);
      return () => (timer.live = false);
    },
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    clock,
    /** Moves time on, firing the timers that fall due. */
    async advance(ms: number) {
      t += ms;
      for (const timer of timers.filter((x) => x.live && x.at <= t)) {
        timer.live = false;
        timer.run();
      }
      await settle();
    },
    /** One turn of the loop: the callbacks asked for before it. */
    async turn() {
      const due = turns;
      turns = [];
      for (const run of due) run();
      await settle();
    },
    get pendingTurns() {
      return turns.length;
    },
  };
}

/** A turn() whose resolution the test can look at. */
function asked(work: KeptWork) {
  const seen = { given: false };
  void work.turn().then(() => (seen.given = true));
  return seen;
}

describe('nextSliceAt', () => {
  const idle = { inFlight: 0, lastRequestAt: Number.NEGATIVE_INFINITY, heldSince: 0 };

  it('is now when no request came', () => {
    expect(nextSliceAt(idle, 50)).toBeLessThanOrEqual(50);
  });

  it('waits for the quiet after a request, but not past the hold', () => {
    expect(nextSliceAt({ ...idle, lastRequestAt: 100 }, 120)).toBe(100 + QUIET_AFTER_REQUEST_MS);
    expect(nextSliceAt({ ...idle, lastRequestAt: 2000, heldSince: 1000 }, 2010)).toBe(2010);
  });

  it('waits for a request in flight, until it has run the longest hold', () => {
    expect(nextSliceAt({ inFlight: 1, lastRequestAt: 100, heldSince: 0 }, 5000)).toBe(100 + MAX_HELD_MS);
  });
});

describe('KeptWork', () => {
  it('gives a slice on a later turn of the loop, and the pieces within it at once', async () => {
    const loop = fakeLoop();
    const work = new KeptWork(loop.clock);
    const first = asked(work);
    await loop.advance(0);
    expect(first.given).toBe(false);
    await loop.turn();
    expect(first.given).toBe(true);
    await loop.advance(SLICE_MS - 1);
    const within = asked(work);
    await loop.advance(0);
    expect(within.given).toBe(true);
    await loop.advance(1);
    const past = asked(work);
    await loop.advance(0);
    expect(past.given).toBe(false);
    await loop.turn();
    expect(past.given).toBe(true);
  });

  it('gives waiting pieces one turn each', async () => {
    const loop = fakeLoop();
    const work = new KeptWork(loop.clock);
    const a = asked(work);
    const b = asked(work);
    await loop.turn();
    expect([a.given, b.given]).toEqual([true, false]);
    await loop.advance(SLICE_MS);
    await loop.turn();
    expect(b.given).toBe(true);
  });

  it('holds back while a request is answered, and for the quiet after it', async () => {
    const loop = fakeLoop();
    const work = new KeptWork(loop.clock);
    const ended = work.request();
    const piece = asked(work);
    await loop.turn();
    await loop.advance(MAX_HELD_MS / 2);
    expect(piece.given).toBe(false);
    ended();
    await loop.advance(QUIET_AFTER_REQUEST_MS - 1);
    await loop.turn();
    expect(piece.given).toBe(false);
    await loop.advance(1);
    await loop.turn();
    expect(piece.given).toBe(true);
  });

  it('ends a slice when a request begins', async () => {
    const loop = fakeLoop();
    const work = new KeptWork(loop.clock);
    const first = asked(work);
    await loop.turn();
    expect(first.given).toBe(true);
    work.request();
    const next = asked(work);
    await loop.turn();
    expect(next.given).toBe(false);
  });

  it('goes on between the requests of a client that keeps asking, never while one is in flight', async () => {
    const loop = fakeLoop();
    const work = new KeptWork(loop.clock);
    const poll = async () => {
      const ended = work.request();
      await loop.advance(5);
      ended();
    };
    await poll();
    const piece = asked(work);
    // A request every 100 ms: never a quiet moment.
    for (let elapsed = 0; elapsed < MAX_HELD_MS - 100; elapsed += 100) {
      await loop.advance(95);
      await loop.turn();
      expect(piece.given).toBe(false);
      await poll();
    }
    const ended = work.request();
    await loop.advance(200);
    await loop.turn();
    expect(piece.given).toBe(false);
    ended();
    await loop.advance(0);
    await loop.turn();
    expect(piece.given).toBe(true);
    // The hold goes on for the next piece of the same work: it runs between two requests again.
    await poll();
    const next = asked(work);
    await loop.advance(SLICE_MS);
    await loop.turn();
    expect(next.given).toBe(true);
  });

  it('stops holding back for a request in flight past the longest hold', async () => {
    const loop = fakeLoop();
    const work = new KeptWork(loop.clock);
    work.request();
    const piece = asked(work);
    await loop.advance(MAX_HELD_MS - 1);
    await loop.turn();
    expect(piece.given).toBe(false);
    await loop.advance(1);
    await loop.turn();
    expect(piece.given).toBe(true);
  });

  it('asks for one turn at a time however many pieces wait', async () => {
    const loop = fakeLoop();
    const work = new KeptWork(loop.clock);
    for (let i = 0; i < 5; i++) asked(work);
    expect(loop.pendingTurns).toBe(1);
    expect(work.waitingCount).toBe(5);
  });
});
