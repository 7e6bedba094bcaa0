// The live path on the 205k-step log, ours beside the naive baseline in the same run, interleaved: a writer process
// appends at RATE per second while 20 clients hold the event stream open, the last of them stalled (it stops reading
// its socket, then resumes after the writer is done). Latency is write → frame parsed at each of the 19 readers.
// After the rounds, ours keeps receiving appends for the soak, and its memory is asked before and after (GC first).
import { cpSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { readEvents, type SseReader } from './sse-reader.ts';
import { spawnServer, residentBytes, type ServerProcess } from '../processes.ts';
import { quantile } from '../stats.ts';
import type { Workload } from '../workloads.ts';

const HERE = import.meta.dirname;
export const wallClockMs = (): number => performance.timeOrigin + performance.now();

export type LiveKind = 'ours' | 'naive';

export interface LiveRun {
  kind: LiveKind;
  written: number;
  /** Appends every one of the 19 readers got (the worst reader). */
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  latencies: number[];
  /** What the stalled client got once it read again. */
  stalled: { seen: number; resync: boolean };
  rssAfter: number;
}

export interface LiveSetup {
  server: ServerProcess;
  logPath: string;
  nextStep: number;
}

export async function startLive(kind: LiveKind, large: Workload, scratch: string, round: number): Promise<LiveSetup> {
  const dir = join(scratch, `live-${kind}-${round}`);
  cpSync(large.dir, dir, { recursive: true });
  const logPath = join(dir, '.GCC', 'branches', 'main', 'log.md');
  const server =
    kind === 'ours'
      ? await spawnServer([join(HERE, 'serve-probe.mjs'), dir], { execArgv: ['--expose-gc'], ipc: true })
      : await spawnServer([join(HERE, 'naive-live.mjs'), logPath]);
  return { server, logPath, nextStep: 205_001 };
}

/** Runs the writer process to its end; resolves with the number of steps it wrote. */
export function runWriter(logPath: string, first: number, count: number, rate: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(HERE, 'append-writer.mjs'), logPath, String(first), String(count), String(rate)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve((JSON.parse(out) as { written: number }).written) : reject(new Error(`writer exited with ${code}`))));
  });
}

interface Tally {
  seen: Set<number>;
  last: number;
  duplicates: number;
  outOfOrder: number;
  resync: boolean;
}

function tallyFrames(tally: Tally, latencies: number[] | null) {
  return (data: unknown) => {
    const now = wallClockMs();
    const event = data as { type?: string; steps?: { observation?: string }[] };
    if (event.type === 'resync') tally.resync = true;
    if (event.type !== 'steps-appended') return;
    for (const step of event.steps ?? []) {
      const m = /^seq=(\d+) t=([\d.]+)$/.exec(step.observation ?? '');
      if (!m) continue;
      const seq = Number(m[1]);
      if (tally.seen.has(seq)) tally.duplicates++;
      if (seq < tally.last) tally.outOfOrder++;
      tally.seen.add(seq);
      tally.last = seq;
      latencies?.push(now - Number(m[2]));
    }
  };
}

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

export async function measureLive(setup: LiveSetup, kind: LiveKind, rate: number, seconds: number, clients = 20): Promise<LiveRun> {
  const { server } = setup;
  const latencies: number[] = [];
  const tallies: Tally[] = Array.from({ length: clients }, () => ({ seen: new Set(), last: 0, duplicates: 0, outOfOrder: 0, resync: false }));
  const readers: SseReader[] = tallies.map((t, i) => readEvents(server.origin, server.token, tallyFrames(t, i < clients - 1 ? latencies : null)));
  try {
    await Promise.all(readers.map((r) => r.opened));
    readers[clients - 1]!.stall();
    const count = Math.round(rate * seconds);
    const written = await runWriter(setup.logPath, setup.nextStep, count, rate);
    setup.nextStep += written;
    const readersDone = () => tallies.slice(0, -1).every((t) => t.seen.size >= written);
    await until(readersDone, 10_000);
    const stalled = tallies[clients - 1]!;
    readers[clients - 1]!.resume();
    await until(() => stalled.seen.size >= written || stalled.resync, 10_000);
    const active = tallies.slice(0, -1);
    return {
      kind,
      written,
      delivered: Math.min(...active.map((t) => t.seen.size)),
      duplicates: active.reduce((s, t) => s + t.duplicates, 0),
      outOfOrder: active.reduce((s, t) => s + t.outOfOrder, 0),
      latencies,
      stalled: { seen: stalled.seen.size, resync: stalled.resync },
      rssAfter: residentBytes(server.child.pid!)?.rss ?? Number.NaN,
    };
  } finally {
    for (const r of readers) r.close();
  }
}

export interface Memory {
  rss: number;
  heapUsed: number;
}

/** Our server's memory after a full GC (serve-probe.mjs answers over IPC). */
export function askMemory(server: ServerProcess): Promise<Memory> {
  return new Promise((resolve) => {
    server.child.once('message', (m: unknown) => {
      const mem = (m as { memory: NodeJS.MemoryUsage }).memory;
      resolve({ rss: mem.rss, heapUsed: mem.heapUsed });
    });
    server.child.send('memory');
  });
}

export const logBytes = (setup: LiveSetup): number => statSync(setup.logPath).size;
export const p = (values: number[], q: number): number => quantile(values, q);
