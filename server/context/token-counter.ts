// Token counts from a worker thread, restarted if it dies: a count may be late or a lower bound, never blocking.
import type { Worker } from 'node:worker_threads';
import { moduleWorker } from '../fs/index.ts';
import { lowerBoundTokens } from '../../shared/gcc/context/token-bounds.ts';
import { CUT_SHORT } from '../../shared/gcc/context/tokens.ts';

export interface CountRequest {
  id: number;
  texts: string[];
  /** Counting time for the whole request; what is left after it is bounded (count.ts). */
  budgetMs: number;
}

export interface CountReply {
  id: number;
  /** Per text: its tokens, CUT_SHORT added when only a lower bound. */
  counts: number[];
}

export interface TokenCounter {
  count(texts: readonly string[]): Promise<number[]>;
  /** Requests answered with bounds because the worker died or did not answer: such counts are not to be kept. */
  readonly failures?: number;
}

/**
 * The worker thread's nice value (on Linux, nice is per thread: the server's own thread keeps its priority). Counting
 * is background work: on a 2-core machine its first second (the tokenizer loading, the first CONTEXT counts) ran beside
 * the page's first render and the watcher's scan, and now yields to them.
 */
export const TOKEN_WORKER_NICE = 10;

/** Counting time a request may take in the worker (then the rest is bounded), and how long we wait for its answer. */
export const COUNT_BUDGET_MS = 2000;
const ANSWER_TIMEOUT_MS = 15_000;
/**
 * A worker with nothing to count for this long is stopped: its tokenizer holds ~70 MB, and a server nobody looks at
 * should hold its index and nothing more. The next count loads it again (~0.5 s of CPU, off the server's thread).
 */
export const WORKER_IDLE_MS = 30_000;

const boundsOf = (texts: readonly string[]) => texts.map((t) => lowerBoundTokens(t) + CUT_SHORT);

interface Pending {
  texts: readonly string[];
  resolve(counts: number[]): void;
  timer: ReturnType<typeof setTimeout>;
}

export class WorkerTokenCounter implements TokenCounter {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  failures = 0;
  /** Workers started so far (a test reads it to see an idle one retired and a new one started). */
  started = 0;

  constructor(
    private readonly budgetMs = COUNT_BUDGET_MS,
    private readonly timeoutMs = ANSWER_TIMEOUT_MS,
    private readonly idleMs = WORKER_IDLE_MS,
  ) {}

  count(texts: readonly string[]): Promise<number[]> {
    if (texts.length === 0) return Promise.resolve([]);
    this.clearIdleTimer();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      // A worker stuck past every budget is stopped; what it owed is answered with bounds.
      const timer = setTimeout(() => this.stop(), this.timeoutMs);
      this.pending.set(id, { texts, resolve, timer });
      worker.ref();
      worker.postMessage({ id, texts: [...texts], budgetMs: this.budgetMs } satisfies CountRequest);
    });
  }

  /** Stops the worker; pending requests are answered with lower bounds. The next count starts a new one. */
  stop(): void {
    this.clearIdleTimer();
    const worker = this.worker;
    this.worker = null;
    this.failPending();
    if (worker) void worker.terminate();
  }

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.worker !== null;
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    this.started++;
    const worker = moduleWorker(import.meta.url, 'token-worker');
    worker.on('message', ({ id, counts }: CountReply) => {
      const p = this.pending.get(id);
      if (!p) return;
      this.settle(id, p, counts);
    });
    const died = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failPending();
    };
    worker.on('error', died);
    worker.on('exit', died);
    worker.unref();
    return (this.worker = worker);
  }

  private settle(id: number, p: Pending, counts: number[]): void {
    clearTimeout(p.timer);
    this.pending.delete(id);
    // Idle, the worker must not keep the process alive, and is retired after a while.
    if (this.pending.size === 0 && this.worker) {
      this.worker.unref();
      this.clearIdleTimer();
      this.idleTimer = setTimeout(() => {
        if (this.pending.size === 0) this.stop();
      }, this.idleMs);
      this.idleTimer.unref();
    }
    p.resolve(counts);
  }

  private failPending(): void {
    for (const [id, p] of [...this.pending]) {
      this.failures++;
      this.settle(id, p, boundsOf(p.texts));
    }
  }
}

let shared: WorkerTokenCounter | null = null;

/** The process's token counter (one worker, whatever the number of stores). */
export function sharedTokenCounter(): WorkerTokenCounter {
  return (shared ??= new WorkerTokenCounter());
}
