// One event-stream client's queue and writer loop, shared by a workspace's stream (routes/events.ts) and the fleet's
// (fleet/fleet-events.ts): events queue while the socket drains, so a slow client never holds up the bus (its route
// bounds the queue and says what replaces it); a heartbeat comment keeps idle connections and proxies open; the loop
// ends when the client goes.
import type { SSEStreamingApi } from 'hono/streaming';

export interface SseFrame {
  id?: string;
  data: string;
}

export class EventPump<T> {
  private queue: T[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(private readonly heartbeatMs: number) {}

  get queued(): number {
    return this.queue.length;
  }

  push(...events: T[]): void {
    this.queue.push(...events);
    this.signal();
  }

  /** Drops what is queued for these (a client too far behind: a resync, or every row anew). */
  replace(events: T[]): void {
    this.queue = events;
    this.signal();
  }

  close(): void {
    this.closed = true;
    this.signal();
  }

  /** Writes the queue as it fills until close(); tells a browser how soon to reconnect, and flushes the headers first. */
  async run(stream: SSEStreamingApi, frame: (event: T) => SseFrame): Promise<void> {
    await stream.write(': connected\nretry: 1000\n\n');
    while (!this.closed) {
      if (this.queue.length > 0) {
        await stream.writeSSE(frame(this.queue.shift()!));
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = await new Promise<boolean>((resolve) => {
        this.wake = () => resolve(false);
        timer = setTimeout(() => resolve(true), this.heartbeatMs);
      });
      clearTimeout(timer);
      this.wake = null;
      if (timedOut && !this.closed) await stream.write(': heartbeat\n\n');
    }
  }

  private signal(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}
