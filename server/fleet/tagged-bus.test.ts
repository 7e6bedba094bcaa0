// A fleet workspace's events, tagged with its id, live and replayed.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../live/event-bus.ts';
import { taggedBus } from './tagged-bus.ts';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { CORPUS } from '../../fixtures/corpus.ts';
import { securityOptionsFor } from '../http/security.ts';
import { createFleetApp } from './fleet-app.ts';
import { Fleet } from './fleet.ts';

describe('taggedBus', () => {
  it('tags live and replayed events with the workspace id, and numbers them on the workspace bus', () => {
    const bus = createEventBus(4);
    const tagged = taggedBus(bus, 'agents/a');
    const seen: unknown[] = [];
    tagged.subscribe((e) => seen.push(e));
    tagged.publish({ type: 'roadmap-changed', text: 'x' });
    expect(seen).toEqual([{ type: 'roadmap-changed', text: 'x', id: 1, ws: 'agents/a' }]);
    expect(tagged.revision).toBe(1);
    expect(tagged.since(0)).toEqual({ kind: 'events', events: [{ type: 'roadmap-changed', text: 'x', id: 1, ws: 'agents/a' }] });
    expect(tagged.since(9)).toEqual({ kind: 'events', events: [{ type: 'resync', id: 1, ws: 'agents/a' }] });
  });
});

const made: { dir: string; fleet: Fleet }[] = [];
afterEach(async () => {
  for (const { dir, fleet } of made.splice(0)) {
    await fleet.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The frames of an SSE answer until `until` matches the text read so far (or 3 s pass). */
async function readStream(res: Response, until: RegExp): Promise<string> {
  const reader = res.body!.getReader();
  let text = '';
  const deadline = Date.now() + 3_000;
  while (!until.test(text) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (chunk && !chunk.done) text += new TextDecoder().decode(chunk.value);
  }
  await reader.cancel();
  return text;
}

describe('per-workspace streams of a fleet', () => {
  it('each workspace streams and replays its own events, tagged with its id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-fleet-events-'));
    for (const ws of ['one', 'two']) cpSync(join(CORPUS, 'python', '.GCC'), join(dir, ws, '.GCC'), { recursive: true });
    const fleet = new Fleet({ roots: [dir], maxDepth: 4, scanIntervalMs: 60_000, warn: () => {} });
    made.push({ dir, fleet });
    await fleet.start();
    const app = createFleetApp({ fleet, security: securityOptionsFor('127.0.0.1', 4780, 'tok-0123456789') });
    const get = (path: string) => app.request(`http://127.0.0.1:4780${path}`, { headers: { host: '127.0.0.1:4780', authorization: 'Bearer tok-0123456789' } });
    const two = fleet.members.get('two')!.live!;
    appendFileSync(join(dir, 'two', '.GCC', 'main.md'), '\nA line the fleet test adds.\n');
    await two.store.apply(['main.md']);
    expect(two.bus.revision).toBeGreaterThan(0);
    const replayTwo = await readStream(await get('/api/events?ws=two&lastEventId=0'), /roadmap-changed/);
    expect(replayTwo).toMatch(/"type":"roadmap-changed".*"ws":"two"/);
    const replayOne = await readStream(await get('/api/events?ws=one&lastEventId=0'), /roadmap-changed/);
    expect(replayOne).not.toContain('roadmap-changed');
    // A revision from the future of workspace one (another process): a resync for one alone.
    expect(await readStream(await get('/api/events?ws=one&lastEventId=999'), /resync/)).toMatch(/"type":"resync".*"ws":"one"/);
  });
});
