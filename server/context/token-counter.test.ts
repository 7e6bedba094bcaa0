// The token worker for real: a worker thread started from the sources, counting as count.ts does; a request it cannot
// finish in time is answered with lower bounds marked cut short, and the next request starts a new worker.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../shared/gcc/context/count.ts';
import { lowerBoundTokens } from '../../shared/gcc/context/token-bounds.ts';
import { CUT_SHORT, isCutShort, tokensOf } from '../../shared/gcc/context/tokens.ts';
import { TOKEN_WORKER_NICE, WorkerTokenCounter } from './token-counter.ts';

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
const threadNices = () =>
  readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));

describe('WorkerTokenCounter', () => {
  it.runIf(existsSync('/proc/self/task'))('counts on a thread of lower priority, leaving this one as it was', async () => {
    const before = threadNices();
    const counter = new WorkerTokenCounter();
    try {
      await counter.count(['hello']);
      const after = threadNices();
      expect(after.filter((n) => n === TOKEN_WORKER_NICE).length).toBe(before.filter((n) => n === TOKEN_WORKER_NICE).length + 1);
      expect(threadNices()[0]).toBe(before[0]);
    } finally {
      counter.stop();
    }
  });

  it('counts in a worker thread exactly as on this one, and cuts a long unbroken run short at once', async () => {
    const counter = new WorkerTokenCounter();
    try {
      const texts = ['hello world', '# CONTEXT — branch `main` (K=1)\n\n## Global Roadmap\n', 'a <|endoftext|> b', ''];
      expect(await counter.count(texts)).toEqual(texts.map(countTokens));
      const run = 'q'.repeat(1_000_000);
      const started = performance.now();
      const [count] = await counter.count([run]);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(count).toBe(lowerBoundTokens(run) + CUT_SHORT);
    } finally {
      counter.stop();
    }
  });

  it('answers with lower bounds when the worker does not answer in time, then starts a new one', async () => {
    // No budget to speak of in the worker's eyes, and 1 ms for us to wait: the first answer is ours, not the worker's.
    const counter = new WorkerTokenCounter(60_000, 1);
    const text = 'word '.repeat(1000);
    try {
      const [bound] = await counter.count([text]);
      expect(isCutShort(bound!)).toBe(true);
      expect(tokensOf(bound!)).toBe(lowerBoundTokens(text));
    } finally {
      counter.stop();
    }
    const patient = new WorkerTokenCounter();
    try {
      expect(await patient.count([text])).toEqual([countTokens(text)]);
    } finally {
      patient.stop();
    }
  });

  it('retires a worker left idle and starts a new one for the next count, counting the same', async () => {
    const counter = new WorkerTokenCounter(undefined, undefined, 50);
    try {
      expect(await counter.count(['hello world'])).toEqual([countTokens('hello world')]);
      expect(counter.running).toBe(true);
      await expect.poll(() => counter.running, { timeout: 5000 }).toBe(false);
      expect(await counter.count(['a b c'])).toEqual([countTokens('a b c')]);
      expect(counter.started).toBe(2);
      expect(counter.failures).toBe(0);
    } finally {
      counter.stop();
    }
  });
});
