// `push --watch`: a push whenever .GCC/ changes (the live watcher, not polling), debounced so that at most one push
// starts per interval, and a change during a push is pushed by the next one.

export interface PushWatchOptions {
  push: () => Promise<void>;
  intervalMs: number;
  /** A failed push (a remote away, a refusal): said, and tried again at the next change or interval. */
  onError: (error: unknown) => void;
  now?: () => number;
}

/** Takes change notices; pushes at most once per interval, never two at a time, and never drops a change. */
export class DebouncedPusher {
  private lastStart = Number.NEGATIVE_INFINITY;
  private running: Promise<void> | null = null;
  private pending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** How many pushes ran (tests). */
  pushes = 0;

  constructor(private readonly options: PushWatchOptions) {}

  changed(): void {
    if (this.closed) return;
    this.pending = true;
    this.schedule();
  }

  /** Resolves when no push is running and none is due. */
  async settled(): Promise<void> {
    while (this.running || this.timer) await (this.running ?? new Promise((r) => setTimeout(r, 20)));
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.running ?? Promise.resolve();
  }

  private schedule(): void {
    if (this.running || this.timer || !this.pending || this.closed) return;
    const now = (this.options.now ?? Date.now)();
    const wait = Math.max(0, this.lastStart + this.options.intervalMs - now);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, wait);
  }

  private start(): void {
    if (this.closed) return;
    this.pending = false;
    this.lastStart = (this.options.now ?? Date.now)();
    this.pushes++;
    this.running = this.options
      .push()
      .catch((err: unknown) => this.options.onError(err))
      .finally(() => {
        this.running = null;
        this.schedule();
      });
  }
}
