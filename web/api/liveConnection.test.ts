// The live connection: resume, reconnect with backoff, pause and resume, and a refused token.
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { StudioEvent } from '../../shared/events.ts';
import type { OtaStep } from '../../shared/types.ts';
import { LiveConnection, type ProbeResult } from './liveConnection.ts';
import { createLiveStore } from './liveStore.ts';
import { keys } from './queries.ts';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  send(event: StudioEvent, name: string = event.type) {
    for (const fn of this.listeners.get(name) ?? []) fn(new MessageEvent(name, { data: JSON.stringify(event), lastEventId: String(event.id) }));
  }
}

const step = (n: number): OtaStep => ({ step: n, timestamp: 'T', observation: 'o', thought: 't', action: 'a', range: { start: 0, end: 0 } });

function setup() {
  FakeEventSource.all = [];
  vi.useFakeTimers();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const ws: WorkspaceResponse = { present: true, root: '/', readOnly: false, revision: 4, roadmap: { text: '' }, branches: [], diagnostics: [] };
  client.setQueryData(keys.workspace(), ws);
  client.setQueryData<StepsPage>(keys.stepsPage('main', 0), { branch: 'main', from: 0, total: 1, steps: [step(1)] });
  const store = createLiveStore();
  // What GET /api/session would answer now: the tests change it as the "server" goes down, restarts, changes token.
  const server = { probe: { kind: 'down' } as ProbeResult, probes: 0 };
  const probe = () => (server.probes++, Promise.resolve(server.probe));
  const conn = new LiveConnection({ client, store, createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource, backoff: () => 100, probe });
  const steps = () => client.getQueryData<StepsPage>(keys.stepsPage('main', 0))!.steps.map((s) => s.step);
  const es = () => FakeEventSource.all.at(-1)!;
  return { client, store, conn, steps, es, server };
}

const append = (id: number, from: number, n: number): StudioEvent => ({ type: 'steps-appended', id, branch: 'main', from, steps: [step(n)] });

describe('LiveConnection', () => {
  it('resumes from the snapshot revision, applies named and unnamed frames, skips older replays', () => {
    const { conn, store, steps, es } = setup();
    conn.start(4);
    expect(es().url).toBe('/api/events?lastEventId=4');
    es().onopen!();
    expect(store.get().status).toBe('live');
    es().send(append(5, 1, 2));
    es().send(append(6, 2, 3), 'message');
    es().send(append(5, 1, 99)); // stale replay: ignored
    expect(steps()).toEqual([1, 2, 3]);
    expect(store.get().lastEventId).toBe(6);
    expect(store.isFresh('step:main:2')).toBe(true);
    conn.stop();
    vi.useRealTimers();
  });

  it('reconnects after an error from the last id, and reports offline after repeated failures', async () => {
    const { conn, store, steps, es } = setup();
    conn.start(null);
    es().onopen!();
    es().send(append(7, 1, 2));
    const first = es();
    first.onerror!();
    expect(first.closed).toBe(true);
    expect(store.get().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    expect(es().url).toBe('/api/events?lastEventId=7');
    for (let i = 0; i < 3; i++) {
      es().onerror!();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(store.get().status).toBe('offline');
    es().onopen!();
    expect(store.get().status).toBe('live');
    es().send(append(8, 2, 3));
    expect(steps()).toEqual([1, 2, 3]);
    expect(FakeEventSource.all.filter((e) => !e.closed)).toHaveLength(1);
    conn.stop();
    vi.useRealTimers();
  });

  it('queues while paused and applies everything, in order, when resumed', () => {
    const { conn, store, steps, es } = setup();
    conn.start(null);
    conn.setPaused(true);
    es().send(append(5, 1, 2));
    es().send(append(6, 2, 3));
    expect(steps()).toEqual([1]);
    expect(store.get().queued).toBe(2);
    conn.setPaused(false);
    expect(steps()).toEqual([1, 2, 3]);
    expect(store.get().queued).toBe(0);
    conn.stop();
    vi.useRealTimers();
  });

  it('puts recent appends back onto a page fetched while they were in flight', async () => {
    const { client, conn, es } = setup();
    conn.start(null);
    es().send(append(5, 1, 2));
    // A fetch that started before the append returns the old content.
    client.removeQueries({ queryKey: keys.stepsPage('main', 0) });
    await client.fetchQuery({ queryKey: keys.stepsPage('main', 0), queryFn: async (): Promise<StepsPage> => ({ branch: 'main', from: 0, total: 1, steps: [step(1)] }) });
    await Promise.resolve();
    expect(client.getQueryData<StepsPage>(keys.stepsPage('main', 0))!.steps.map((s) => s.step)).toEqual([1, 2]);
    conn.stop();
    vi.useRealTimers();
  });

  it('takes a resync from a restarted server (lower ids) and follows its new numbering', () => {
    const { conn, store, es, client } = setup();
    conn.start(50);
    es().send({ type: 'resync', id: 2 });
    expect(store.get().lastEventId).toBe(2);
    // The resync dropped the unobserved cache; a page fetched again then gets the new server's appends.
    client.setQueryData<StepsPage>(keys.stepsPage('main', 0), { branch: 'main', from: 0, total: 1, steps: [step(1)] });
    es().send(append(3, 1, 2));
    expect(client.getQueryData<StepsPage>(keys.stepsPage('main', 0))!.steps.map((s) => s.step)).toEqual([1, 2]);
    conn.stop();
    vi.useRealTimers();
  });

  it('after a resync naming a branch, no longer puts that branch’s earlier appends back onto fresh pages', async () => {
    const { client, conn, es } = setup();
    client.setQueryData<StepsPage>(keys.stepsPage('side', 0), { branch: 'side', from: 0, total: 1, steps: [step(1)] });
    conn.start(4);
    es().send(append(5, 1, 2));
    es().send({ type: 'steps-appended', id: 6, branch: 'side', from: 1, steps: [step(2)] });
    es().send({ type: 'resync', id: 9, branches: ['main'] });
    // main's file may have been rewritten in what was dropped: its fresh page is taken as the server answers it.
    const fetched = (branch: string) => (): Promise<StepsPage> => Promise.resolve({ branch, from: 0, total: 1, steps: [step(1)] });
    await client.fetchQuery({ queryKey: keys.stepsPage('main', 0), queryFn: fetched('main') });
    client.removeQueries({ queryKey: keys.stepsPage('side', 0) });
    await client.fetchQuery({ queryKey: keys.stepsPage('side', 0), queryFn: fetched('side') });
    await Promise.resolve();
    expect(client.getQueryData<StepsPage>(keys.stepsPage('main', 0))!.steps.map((s) => s.step)).toEqual([1]);
    expect(client.getQueryData<StepsPage>(keys.stepsPage('side', 0))!.steps.map((s) => s.step)).toEqual([1, 2]);
    conn.stop();
    vi.useRealTimers();
  });

  it('stops on a refused token (a 401 EventSource cannot show) instead of looping, and resumes with a new one', async () => {
    const { conn, store, es, server, client } = setup();
    conn.start(4);
    server.probe = { kind: 'accepted', startedAt: 'A' };
    es().onopen!();
    const opened = FakeEventSource.all.length;
    server.probe = { kind: 'refused' };
    es().onerror!();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.get().status).toBe('refused');
    expect(FakeEventSource.all.length).toBe(opened);
    const probesWhileRefused = server.probes;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.probes).toBe(probesWhileRefused);
    // The user opened the new URL (here or in another tab): one new stream, from where it was, and a full refetch.
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    server.probe = { kind: 'accepted', startedAt: 'A' };
    conn.retryWithNewToken();
    expect(FakeEventSource.all.length).toBe(opened + 1);
    expect(es().url).toBe('/api/events?lastEventId=4');
    expect(invalidate).toHaveBeenCalled();
    es().onopen!();
    expect(store.get().status).toBe('live');
    conn.stop();
    vi.useRealTimers();
  });

  it('notices a restart with the same token (a new start time) and fetches everything again', async () => {
    const { conn, store, es, server, client } = setup();
    conn.start(4);
    server.probe = { kind: 'accepted', startedAt: 'A' };
    es().onopen!();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().restartedAt).toBeNull();
    server.probe = { kind: 'down' };
    es().onerror!();
    await vi.advanceTimersByTimeAsync(100);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    server.probe = { kind: 'accepted', startedAt: 'B' };
    es().onopen!();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().restartedAt).toBe('B');
    expect(invalidate).toHaveBeenCalled();
    conn.stop();
    vi.useRealTimers();
  });
});
