// The store's one queue: batches of watcher paths are processed one at a time, never two at once, so each batch
// sees the records the previous one left.
export interface ApplyQueue {
  /** Adds paths to the next batch; resolves when the queue has run dry. */
  enqueue(paths: Iterable<string>): Promise<void>;
  /** Resolves when every queued batch has been processed. */
  idle(): Promise<void>;
}

/** `process` runs one batch; a batch that throws goes to `onError` and the queue goes on. */
export function createApplyQueue(process: (batch: Set<string>) => Promise<void>, onError: (error: unknown) => void): ApplyQueue {
  // One queue for everything: paths that arrive while a batch is processed are merged into the next batch.
  let queued = new Set<string>();
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (queued.size > 0) {
      const batch = queued;
      queued = new Set();
      try {
        await process(batch);
      } catch (err) {
        onError(err);
      }
    }
    running = null;
  };
  return {
    enqueue(paths) {
      for (const p of paths) queued.add(p);
      running ??= drain();
      return running;
    },
    async idle() {
      while (running) await running;
    },
  };
}
