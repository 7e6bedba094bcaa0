// The debounce of push --watch: one push per interval at most, none at once, and the last change always pushed.
import { describe, expect, it } from 'vitest';
import { DebouncedPusher } from './push-watch.ts';

describe('DebouncedPusher', () => {
  it('coalesces a burst into one push now and one after the interval, never two at a time', async () => {
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    let release: () => void = () => {};
    const pusher = new DebouncedPusher({
      intervalMs: 50,
      onError: (e) => {
        throw e;
      },
      push: async () => {
        starts.push(Date.now());
        most = Math.max(most, ++running);
        await new Promise<void>((r) => (release = r));
        running--;
      },
    });
    pusher.changed();
    await expect.poll(() => starts.length).toBe(1);
    for (let i = 0; i < 10; i++) pusher.changed();
    release();
    await expect.poll(() => starts.length).toBe(2);
    release();
    await pusher.settled();
    expect(most).toBe(1);
    expect(pusher.pushes).toBe(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(45);
    await pusher.close();
  });

  it('keeps watching after a failed push', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const pusher = new DebouncedPusher({ intervalMs: 1, onError: (e) => errors.push(e), push: () => (++calls === 1 ? Promise.reject(new Error('remote away')) : Promise.resolve()) });
    pusher.changed();
    await expect.poll(() => errors.length).toBe(1);
    pusher.changed();
    await expect.poll(() => calls).toBe(2);
    await pusher.settled();
    await pusher.close();
  });
});
