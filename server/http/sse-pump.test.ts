// One stream client's backlog: kept in order for a client that keeps up, bounded and replaced for one that stalls.
import type { SSEStreamingApi } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { EventPump, StreamStats, encodeFrame, type BacklogBound } from './sse-pump.ts';

/** A socket the test drains by hand: each write stays pending (unaccepted) until `drain()`, as a stalled client's. */
function handSocket(auto = false) {
  const written: string[] = [];
  const pending: (() => void)[] = [];
  const decoder = new TextDecoder();
  const stream = {
    write(input: string | Uint8Array) {
      written.push(typeof input === 'string' ? input : decoder.decode(input));
      if (auto) return Promise.resolve(stream);
      return new Promise((resolve) => pending.push(() => resolve(stream)));
    },
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    stream: stream as unknown as SSEStreamingApi,
    written,
    /** Accepts every pending write, again and again, until the pump stops writing. */
    async drain() {
      for (let i = 0; i < 1000; i++) {
        await flush();
        if (pending.length === 0) return;
        pending.splice(0).forEach((accept) => accept());
      }
    },
    /** Data lines written so far, parsed. */
    messages: () => written.flatMap((w) => [...w.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as Message)),
    chunks: () => written.filter((w) => w.startsWith('data:')),
  };
}

type Message = { id: number; pad?: string } | { resync: number[] };

function pumpOf(bound: BacklogBound, stats = new StreamStats(bound)) {
  const dropped: number[][] = [];
  const pump = new EventPump<Message>({
    heartbeatMs: 60_000,
    bound,
    stats,
    frame: (m) => encodeFrame(JSON.stringify(m)),
    overflow: (events) => {
      const ids = events.map((e) => ('id' in e ? e.id : -1));
      dropped.push(ids);
      return [{ resync: ids }];
    },
  });
  return { pump, dropped, stats };
}

const padded = (id: number, bytes: number): Message => ({ id, pad: 'x'.repeat(bytes) });
const frameBytes = (m: Message) => encodeFrame(JSON.stringify(m)).byteLength;

describe('EventPump', () => {
  it('writes every event in order to a client that keeps up, one frame per write', async () => {
    const socket = handSocket(true);
    const { pump, stats } = pumpOf({ frames: 10, bytes: 1000 });
    const running = pump.run(socket.stream);
    for (let id = 1; id <= 50; id++) {
      pump.push({ id });
      await new Promise((r) => setTimeout(r, 0));
    }
    pump.close();
    await running;
    expect(socket.messages()).toEqual(Array.from({ length: 50 }, (_, i) => ({ id: i + 1 })));
    expect(socket.written[0]).toBe(': connected\nretry: 1000\n\n');
    expect(stats.overflows).toBe(0);
    expect(stats.framesWritten).toBe(50);
    expect(stats.open).toBe(0);
  });

  it('makes room for a catch-up larger than its bound, so the next events do not drop it for another', async () => {
    const socket = handSocket();
    const { pump, stats } = pumpOf({ frames: 10, bytes: 1000 });
    const running = pump.run(socket.stream);
    await socket.drain();
    // 40 frames of ~300 bytes: four times the bound's frames, twelve times its bytes.
    const catchUp = Array.from({ length: 40 }, (_, i) => padded(i + 1, 300));
    pump.pushCatchUp(catchUp);
    for (let id = 41; id <= 60; id++) pump.push(padded(id, 300));
    expect(stats.overflows).toBe(0);
    // Bounded still: twice the catch-up. Past it the client is told to resync, as before.
    for (let id = 61; id <= 200; id++) pump.push(padded(id, 300));
    expect(stats.overflows).toBeGreaterThan(0);
    expect(pump.backlog.bytes).toBeLessThanOrEqual(2 * catchUp.reduce((n, m) => n + frameBytes(m), 0));
    pump.close();
    await socket.drain();
    await running;
  });

  it('keeps a stalled client’s backlog within its bytes: the queue is dropped for what the route says, in order', async () => {
    const socket = handSocket();
    const bound = { frames: 1000, bytes: 2000 };
    const { pump, dropped, stats } = pumpOf(bound);
    const running = pump.run(socket.stream);
    await socket.drain();
    pump.push(padded(1, 100)); // taken by the socket at once, never accepted: the client stalls from here
    await new Promise((r) => setTimeout(r, 0));
    for (let id = 2; id <= 60; id++) {
      pump.push(padded(id, 100));
      expect(pump.backlog.bytes).toBeLessThanOrEqual(bound.bytes);
    }
    expect(stats.peakBacklogBytes).toBeLessThanOrEqual(bound.bytes);
    expect(stats.peakBacklogBytes).toBeGreaterThan(bound.bytes - 2 * frameBytes(padded(99, 100)));
    expect(stats.overflows).toBe(dropped.length);
    expect(dropped.length).toBeGreaterThan(1);
    // Each overflow drops everything queued, oldest first, the event that did not fit last; a later one drops the
    // earlier replacement (-1) too. Nothing is dropped twice, and every event after the first is dropped or queued.
    expect(dropped[0]![0]).toBe(2);
    for (const ids of dropped.slice(1)) expect(ids[0]).toBe(-1);
    await socket.drain();
    pump.close();
    await socket.drain();
    await running;
    const got = socket.messages();
    const last = dropped[dropped.length - 1]!;
    expect(got[0]).toMatchObject({ id: 1 });
    expect(got[1]).toEqual({ resync: last });
    const after = got.slice(2).map((m) => ('id' in m ? m.id : -1));
    expect(after).toEqual(Array.from({ length: after.length }, (_, i) => last[last.length - 1]! + 1 + i));
    expect(after[after.length - 1]).toBe(60);
  });

  it('counts frames too: a backlog of many small events is cut at its frame bound', () => {
    const { pump, dropped } = pumpOf({ frames: 5, bytes: 1_000_000 });
    for (let id = 1; id <= 12; id++) pump.push({ id });
    expect(dropped).toEqual([
      [1, 2, 3, 4, 5, 6],
      [-1, 7, 8, 9, 10, 11],
    ]);
    expect(pump.backlog.frames).toBe(2);
  });

  it('always takes the next frame when nothing is waiting, however large', async () => {
    const socket = handSocket();
    const { pump, dropped, stats } = pumpOf({ frames: 100, bytes: 500 });
    const running = pump.run(socket.stream);
    await socket.drain();
    pump.push(padded(1, 5_000));
    await new Promise((r) => setTimeout(r, 0));
    expect(dropped).toEqual([]);
    pump.push(padded(2, 10));
    expect(dropped).toEqual([[2]]);
    await socket.drain();
    pump.close();
    await socket.drain();
    await running;
    expect(socket.messages()).toEqual([padded(1, 5_000), { resync: [2] }]);
    // The large frame still in the socket, and the resync behind it.
    expect(stats.peakBacklogBytes).toBe(frameBytes(padded(1, 5_000)) + frameBytes({ resync: [2] }));
  });

  it('writes what queued while the socket was busy in batches of at most 64 KiB, frames whole and in order', async () => {
    const socket = handSocket();
    const { pump } = pumpOf({ frames: 10_000, bytes: 10_000_000 });
    const running = pump.run(socket.stream);
    for (let id = 1; id <= 300; id++) pump.push(padded(id, 1_000));
    await socket.drain();
    pump.close();
    await socket.drain();
    await running;
    const chunks = socket.chunks();
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(300 / 10);
    for (const chunk of chunks) {
      expect(new TextEncoder().encode(chunk).byteLength).toBeLessThanOrEqual(64 * 1024);
      expect(chunk.endsWith('\n\n')).toBe(true);
    }
    expect(socket.messages().map((m) => ('id' in m ? m.id : -1))).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });

  it('lets one stalled client hold up nobody: a second client fed the same events gets them all', async () => {
    const stalled = handSocket();
    const healthy = handSocket(true);
    const stats = new StreamStats({ frames: 100, bytes: 1_000 });
    const a = pumpOf(stats.bound, stats);
    const b = pumpOf(stats.bound, stats);
    const runs = [a.pump.run(stalled.stream), b.pump.run(healthy.stream)];
    for (let id = 1; id <= 200; id++) {
      a.pump.push(padded(id, 50));
      b.pump.push(padded(id, 50));
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(healthy.messages().map((m) => ('id' in m ? m.id : -1))).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(stalled.messages()).toEqual([]);
    expect(stats.open).toBe(2);
    expect(stats.overflows).toBeGreaterThan(0);
    expect(b.dropped).toEqual([]);
    a.pump.close();
    b.pump.close();
    await stalled.drain();
    await Promise.all(runs);
    expect(stats.open).toBe(0);
    const figures = stats.take();
    expect(figures.peakBacklogBytes).toBeLessThanOrEqual(1_000);
    expect(stats.take()).toMatchObject({ overflows: 0, peakBacklogBytes: 0, framesWritten: 0 });
  });
});
