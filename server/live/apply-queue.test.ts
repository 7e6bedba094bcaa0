// The apply queue on its own: one batch at a time, paths that arrive meanwhile merged into the next batch, and a
// batch that throws reported without stopping the ones after it.
import { describe, expect, it } from 'vitest';
import { createApplyQueue } from './apply-queue.ts';

/** A process() that holds each batch until released, recording the batches it was given. */
function heldProcess() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const process = (batch: Set<string>) => {
    batches.push([...batch]);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  const releaseNext = async () => {
    await new Promise((r) => setImmediate(r));
    releases.shift()!();
  };
  return { batches, process, releaseNext };
}

describe('createApplyQueue', () => {
  it('runs one batch at a time and merges what arrives meanwhile into the next', async () => {
    const held = heldProcess();
    const queue = createApplyQueue(held.process, (e) => expect.unreachable(String(e)));
    const first = queue.enqueue(['branches/main/log.md']);
    const second = queue.enqueue(['branches/main/commit.md', 'branches/main/log.md']);
    const third = queue.enqueue(['main.md']);
    // The same drain answers every caller of one run.
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(held.batches).toEqual([['branches/main/log.md']]);
    await held.releaseNext();
    await new Promise((r) => setImmediate(r));
    expect(held.batches).toEqual([['branches/main/log.md'], ['branches/main/commit.md', 'branches/main/log.md', 'main.md']]);
    await held.releaseNext();
    await first;
    expect(held.batches).toHaveLength(2);
  });

  it('reports a batch that throws and goes on with the next; idle waits for all', async () => {
    const errors: unknown[] = [];
    const seen: string[][] = [];
    const queue = createApplyQueue(async (batch) => {
      seen.push([...batch]);
      if (batch.has('bad')) throw new Error('cannot read');
    }, (e) => errors.push(e));
    void queue.enqueue(['bad']);
    void queue.enqueue(['main.md']);
    await queue.idle();
    expect(seen).toEqual([['bad'], ['main.md']]);
    expect(errors.map((e) => (e as Error).message)).toEqual(['cannot read']);
    // Dry again: a new path starts a new run.
    await queue.enqueue(['branches']);
    expect(seen.at(-1)).toEqual(['branches']);
  });
});
