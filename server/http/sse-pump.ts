// One event-stream client's backlog and writer loop, so a client whose socket does not drain holds up only itself.
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { DEFAULT_RING_SIZE } from '../live/index.ts';

/** How far behind one client may fall before its queue is dropped for a catch-up. */
export interface BacklogBound {
  /** Frames waiting (queued and in the socket's unaccepted chunk). */
  frames: number;
  /** Their bytes. */
  bytes: number;
}

/**
 * 256 KiB: about the size of the fresh snapshot a resync makes the page fetch (the workspace summary and the step
 * pages in view), so past it catching up by replay costs the client more than starting again; it is 2 s of the
 * bench's 500 steps/s on top of what the kernel's socket buffers and the browser already hold, and 20 stalled
 * clients cost at most 5 MB. 4096 frames: the replay ring's size, past which a reconnect could not replay either.
 */
export const DEFAULT_BACKLOG_BOUND: BacklogBound = { frames: DEFAULT_RING_SIZE, bytes: 256 * 1024 };

/** Batches written in one socket write while a client catches up (one frame at a time when it keeps up). */
const BATCH_BYTES = 64 * 1024;

export type StreamFigures = Pick<StreamStats, 'open' | 'peakBacklogBytes' | 'peakBacklogFrames' | 'overflows' | 'framesWritten' | 'bound'>;

/** What the streams of one app saw: the bench reads it (serve.ts hands it out); peaks since the last reset. */
export class StreamStats {
  open = 0;
  peakBacklogBytes = 0;
  peakBacklogFrames = 0;
  /** Backlogs dropped for a catch-up (a resync sent, or every row anew). */
  overflows = 0;
  framesWritten = 0;

  constructor(readonly bound: BacklogBound = DEFAULT_BACKLOG_BOUND) {}

  /** The figures so far, and peaks and counts start again from zero (the streams still open stay counted). */
  take(): StreamFigures {
    const { open, peakBacklogBytes, peakBacklogFrames, overflows, framesWritten, bound } = this;
    const taken = { open, peakBacklogBytes, peakBacklogFrames, overflows, framesWritten, bound };
    this.peakBacklogBytes = 0;
    this.peakBacklogFrames = 0;
    this.overflows = 0;
    this.framesWritten = 0;
    return taken;
  }
}

export interface EventPumpOptions<T> {
  heartbeatMs: number;
  bound?: BacklogBound;
  /** The SSE frame of an event, encoded (`data: …\nid: …\n\n`); a route may share one encoding between its clients. */
  frame: (event: T) => Uint8Array;
  /** What replaces a backlog past its bound: given the events dropped (oldest first, the newest last), what to send. */
  overflow: (dropped: T[]) => T[];
  stats?: StreamStats;
}

interface Queued<T> {
  event: T;
  frame: Uint8Array;
}

/**
 * The bus hands an event to each pump synchronously (a push never waits), and each loop awaits its own socket. A
 * client's backlog is the frames queued here plus the chunk its socket has not accepted; past its bound the queue is
 * dropped for what the route says instead (a resync, every row anew), so a stalled client costs bounded memory and is
 * told, never silently skipped. A heartbeat comment keeps idle connections and proxies open.
 */
export class EventPump<T> {
  private queue: Queued<T>[] = [];
  private queuedBytes = 0;
  private inFlightBytes = 0;
  private inFlightFrames = 0;
  private wake: (() => void) | null = null;
  private closed = false;
  private bound: BacklogBound;
  private readonly stats: StreamStats;

  constructor(private readonly options: EventPumpOptions<T>) {
    this.bound = options.bound ?? options.stats?.bound ?? DEFAULT_BACKLOG_BOUND;
    this.stats = options.stats ?? new StreamStats(this.bound);
  }

  /** What the client has not taken yet. */
  get backlog(): { frames: number; bytes: number } {
    return { frames: this.queue.length + this.inFlightFrames, bytes: this.queuedBytes + this.inFlightBytes };
  }

  /** Queues events in order; never waits. A client past its bound gets the route's catch-up instead of its queue. */
  push(...events: T[]): void {
    this.pushFramed(events.map((event) => ({ event, frame: this.options.frame(event) })));
  }

  private pushFramed(framed: readonly Queued<T>[]): void {
    if (this.closed) return;
    for (const { event, frame } of framed) {
      const { frames, bytes } = this.backlog;
      // A client that has taken everything always gets the next frame, however large: only falling behind overflows.
      const behind = frames > 0;
      if (behind && (frames + 1 > this.bound.frames || bytes + frame.byteLength > this.bound.bytes)) {
        const dropped = this.queue.map((q) => q.event);
        dropped.push(event);
        this.queue = [];
        this.queuedBytes = 0;
        this.stats.overflows += 1;
        const replacements = this.options.overflow(dropped).map((r) => ({ event: r, frame: this.options.frame(r) }));
        this.fitAtLeast(replacements.map((r) => r.frame));
        for (const r of replacements) this.enqueue(r.event, r.frame);
      } else {
        this.enqueue(event, frame);
      }
    }
    this.signal();
  }

  /**
   * Queues a route's catch-up (everything a client lacks on connect) and makes room for it: a bound smaller than the
   * catch-up would drop it for another catch-up on every later event (a fleet of 1,000 rebuilt every row per step).
   */
  pushCatchUp(events: T[]): void {
    const framed = events.map((event) => ({ event, frame: this.options.frame(event) }));
    this.fitAtLeast(framed.map((f) => f.frame));
    this.pushFramed(framed);
  }

  /** Twice what `frames` take, at least: one more catch-up then always fits beside a backlog of the same size. */
  private fitAtLeast(frames: readonly Uint8Array[]): void {
    const bytes = frames.reduce((n, f) => n + f.byteLength, 0);
    this.bound = { frames: Math.max(this.bound.frames, 2 * frames.length), bytes: Math.max(this.bound.bytes, 2 * bytes) };
  }

  close(): void {
    this.closed = true;
    this.signal();
  }

  /** Writes the backlog as it fills until close(); tells a browser how soon to reconnect, and flushes the headers first. */
  async run(stream: SSEStreamingApi): Promise<void> {
    this.stats.open += 1;
    try {
      await stream.write(': connected\nretry: 1000\n\n');
      while (!this.closed) {
        if (this.queue.length > 0) {
          await stream.write(this.takeBatch());
          this.stats.framesWritten += this.inFlightFrames;
          this.inFlightBytes = 0;
          this.inFlightFrames = 0;
          continue;
        }
        if (await this.idle()) await stream.write(': heartbeat\n\n');
      }
    } finally {
      this.stats.open -= 1;
    }
  }

  private enqueue(event: T, frame: Uint8Array): void {
    this.queue.push({ event, frame });
    this.queuedBytes += frame.byteLength;
    const { frames, bytes } = this.backlog;
    if (bytes > this.stats.peakBacklogBytes) this.stats.peakBacklogBytes = bytes;
    if (frames > this.stats.peakBacklogFrames) this.stats.peakBacklogFrames = frames;
  }

  /** Moves frames from the queue to the socket's chunk: the first always, then more up to BATCH_BYTES. */
  private takeBatch(): Uint8Array {
    let count = 1;
    let size = this.queue[0]!.frame.byteLength;
    while (count < this.queue.length && size + this.queue[count]!.frame.byteLength <= BATCH_BYTES) size += this.queue[count++]!.frame.byteLength;
    const taken = this.queue.splice(0, count);
    this.queuedBytes -= size;
    this.inFlightBytes = size;
    this.inFlightFrames = count;
    if (count === 1) return taken[0]!.frame;
    const chunk = new Uint8Array(size);
    let at = 0;
    for (const q of taken) {
      chunk.set(q.frame, at);
      at += q.frame.byteLength;
    }
    return chunk;
  }

  /** Waits for a push or close (false) or the heartbeat interval (true, unless closed meanwhile). */
  private async idle(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = await new Promise<boolean>((resolve) => {
      this.wake = () => resolve(false);
      timer = setTimeout(() => resolve(true), this.options.heartbeatMs);
    });
    clearTimeout(timer);
    this.wake = null;
    return timedOut && !this.closed;
  }

  private signal(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}

const encoder = new TextEncoder();

/** An SSE frame of one JSON message (JSON text holds no raw newline, so it is one `data:` line), with its id if any. */
export function encodeFrame(data: string, id?: string): Uint8Array {
  return encoder.encode(id === undefined ? `data: ${data}\n\n` : `data: ${data}\nid: ${id}\n\n`);
}

/**
 * Answers with `pump` as an SSE stream: `attach` subscribes it (and pushes what the client missed) in the stream's
 * first turn and returns its unsubscribe, which runs when the client goes or the pump stops.
 */
export function streamPump<T>(c: Context, pump: EventPump<T>, attach: () => () => void): Response {
  return streamSSE(c, async (stream) => {
    const unsubscribe = attach();
    stream.onAbort(() => {
      unsubscribe();
      pump.close();
    });
    try {
      await pump.run(stream);
    } finally {
      unsubscribe();
    }
  });
}
