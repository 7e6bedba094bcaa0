// The live stream's route: the resync that replaces a dropped backlog, and what a client gets on connect.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../../shared/events.ts';
import type { OtaStep } from '../../../shared/types.ts';
import { createEventBus } from '../../live/event-bus.ts';
import { StreamStats } from '../sse-pump.ts';
import { eventRoutes, resyncFor } from './events.ts';

const step = (n: number, text: string): OtaStep => ({ step: n, timestamp: '2025-01-01 00:00:00', observation: text, thought: '', action: '', range: { start: 0, end: 0 } });
const appended = (id: number, branch: string): StudioEvent => ({ type: 'steps-appended', id, branch, from: id, steps: [step(id, 'x')] });

describe('resyncFor', () => {
  it('names the branches the dropped events changed, at the newest one’s id', () => {
    const dropped: StudioEvent[] = [appended(4, 'b'), { type: 'metadata-changed', id: 5, branch: 'a', summary: {} as never }, appended(6, 'b')];
    expect(resyncFor(dropped)).toEqual({ type: 'resync', id: 6, branches: ['a', 'b'] });
  });

  it('adds the branches of a resync dropped earlier, and is whole when that one was', () => {
    expect(resyncFor([{ type: 'resync', id: 3, branches: ['c'] }, appended(4, 'a')])).toEqual({ type: 'resync', id: 4, branches: ['a', 'c'] });
    expect(resyncFor([{ type: 'resync', id: 3 }, appended(4, 'a')])).toEqual({ type: 'resync', id: 4 });
  });

  it('is whole when a dropped event changed the workspace as a whole', () => {
    expect(resyncFor([appended(1, 'a'), { type: 'roadmap-changed', id: 2, text: '' }])).toEqual({ type: 'resync', id: 2 });
    expect(resyncFor([{ type: 'record-edited', id: 7, entry: {} as never }])).toEqual({ type: 'resync', id: 7 });
  });

  it('keeps the fleet’s workspace tag', () => {
    expect(resyncFor([{ ...appended(2, 'a'), ws: 'agents/one' } as unknown as StudioEvent])).toEqual({ type: 'resync', id: 2, branches: ['a'], ws: 'agents/one' });
  });
});

describe('GET /api/events with a client that stops reading', () => {
  const frames = (text: string) => [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as StudioEvent);

  /** Reads the body as it comes; `until` resolves with every event read so far once `done` holds. */
  function frameReader(body: ReadableStream<Uint8Array>) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    return {
      async until(done: (events: StudioEvent[]) => boolean) {
        while (!done(frames(text))) {
          const chunk = await reader.read();
          if (chunk.done) break;
          text += decoder.decode(chunk.value, { stream: true });
        }
        return frames(text);
      },
      cancel: () => reader.cancel(),
    };
  }

  it('drops its backlog past the bound and tells it to resync, naming the branch; what follows arrives in order', async () => {
    const bus = createEventBus(64);
    const stats = new StreamStats({ frames: 1000, bytes: 4096 });
    const app = new Hono().route('/api/events', eventRoutes(bus, { stats, heartbeatMs: 60_000 }));
    const res = await app.request('/api/events');
    await expect.poll(() => bus.listenerCount).toBe(1);
    // Nothing is read: the stream's writes wait, as on a socket that does not drain.
    const big = 'y'.repeat(300);
    for (let i = 0; i < 40; i++) bus.publish({ type: 'steps-appended', branch: 'main', from: i, steps: [step(i, big)] });
    expect(stats.overflows).toBeGreaterThan(0);
    expect(stats.peakBacklogBytes).toBeLessThanOrEqual(4096);
    const reader = frameReader(res.body!);
    await reader.until((events) => events.some((e) => e.type === 'resync'));
    bus.publish({ type: 'roadmap-changed', text: 'later' });
    const events = await reader.until((got) => got.some((e) => e.type === 'roadmap-changed'));
    await reader.cancel();
    // Every event in order up to the dropped backlog, the resync in its place (at the newest dropped id), then every
    // later event in order, the last one published included: nothing skipped without a word.
    const at = events.findIndex((e) => e.type === 'resync');
    const resync = events[at]!;
    expect(resync).toMatchObject({ type: 'resync', branches: ['main'] });
    const run = (from: number, length: number) => Array.from({ length }, (_, i) => from + i);
    expect(events.slice(0, at).map((e) => e.id)).toEqual(run(1, at));
    expect(resync.id).toBeGreaterThan(at + 1);
    expect(events.slice(at + 1).map((e) => e.id)).toEqual(run(resync.id + 1, 41 - resync.id));
    await expect.poll(() => bus.listenerCount).toBe(0);
  });

  it('resyncs a client whose Last-Event-ID the ring no longer holds, whole', async () => {
    const bus = createEventBus(4);
    for (let i = 0; i < 10; i++) bus.publish(appended(0, 'a'));
    const app = new Hono().route('/api/events', eventRoutes(bus));
    const res = await app.request('/api/events?lastEventId=2');
    const reader = frameReader(res.body!);
    expect(await reader.until((events) => events.length > 0)).toEqual([{ type: 'resync', id: 10 }]);
    await reader.cancel();
  });
});
