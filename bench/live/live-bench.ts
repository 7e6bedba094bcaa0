// The live path on the 205k-step log, ours beside the naive baseline: a writer appends while 19 readers hold the stream
// open, and a 20th either stalls or reads slowly.
import { cpSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import type { StreamFigures } from '../../server/http/sse-pump.ts';
import { readEvents, type SseReader } from './sse-reader.ts';
import { cpuMsOf, spawnServer, residentBytes, type ServerProcess } from '../processes.ts';
import { quantile } from '../stats.ts';
import type { Workload } from '../workloads.ts';

const HERE = import.meta.dirname;
export const wallClockMs = (): number => performance.timeOrigin + performance.now();

export type LiveKind = 'ours' | 'naive';
/** The 20th client of a phase: none, one that stops reading, or one that reads at SLOW_READER_BYTES_PER_SECOND. */
export type Companion = 'none' | 'stalled' | 'slow';

/** A fifth of the stream at 500 steps/s (about 125 KB/s of frames): a tab that keeps reading, too slowly. */
export const SLOW_READER_BYTES_PER_SECOND = 25_000;

export interface PhaseRun {
  kind: LiveKind;
  companion: Companion;
  written: number;
  /** Appends every one of the 19 readers got (the worst reader). */
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  latencies: number[];
  /**
   * What the companion got once it read at full speed again (null without one); `heldBytes`: what reached it after
   * that, i.e. what was held for it while it lagged, in the sockets' buffers (the kernel's) and our queue.
   */
  companionGot: { seen: number; resyncs: number; outOfOrder: number; heldBytes: number } | null;
  /** Our streams' backlog figures over the phase, the companion's the largest (null for the naive baseline). */
  streams: StreamFigures | null;
  /** CPU time the server used from the writer's start until the readers had everything (Linux /proc). */
  serverCpuMs: number;
  rssAfter: number;
}

export interface LiveSetup {
  server: ServerProcess;
  logPath: string;
  nextStep: number;
}

// Latency is write → frame parsed at each of the 19 readers; phases with and without a companion are interleaved on the
// same server, so what a companion costs the others is a difference measured in the same run. Our server also answers
// over IPC with its memory (GC first) and its streams' backlogs (serve-probe.mjs).
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

/** What one client got in one phase: the steps numbered from `first` on (a frame of an earlier phase is ignored). */
interface Tally {
  first: number;
  seen: Set<number>;
  last: number;
  duplicates: number;
  outOfOrder: number;
  resyncs: number;
  lastFrameAt: number;
}

const newTally = (first: number): Tally => ({ first, seen: new Set(), last: 0, duplicates: 0, outOfOrder: 0, resyncs: 0, lastFrameAt: 0 });

function countFrame(tally: Tally, data: unknown, latencies: number[] | null): void {
  const now = wallClockMs();
  tally.lastFrameAt = now;
  const event = data as { type?: string; steps?: { observation?: string }[] };
  if (event.type === 'resync') tally.resyncs++;
  if (event.type !== 'steps-appended') return;
  for (const step of event.steps ?? []) {
    const m = /^seq=(\d+) t=([\d.]+)$/.exec(step.observation ?? '');
    if (!m) continue;
    const seq = Number(m[1]);
    if (seq < tally.first) continue;
    if (tally.seen.has(seq)) tally.duplicates++;
    if (seq < tally.last) tally.outOfOrder++;
    tally.seen.add(seq);
    tally.last = seq;
    latencies?.push(now - Number(m[2]));
  }
}

/** The 19 readers, open across phases; each phase gives them fresh tallies and one list of latencies. */
export interface Readers {
  tallies: Tally[];
  latencies: number[];
  /** Starts a phase whose writer's first step is `first`: fresh tallies, no latencies. */
  reset(first: number): void;
  close(): void;
}

export async function openReaders(server: ServerProcess, count: number): Promise<Readers> {
  const readers: Readers = {
    tallies: [],
    latencies: [],
    reset(first) {
      this.tallies = Array.from({ length: count }, () => newTally(first));
      this.latencies = [];
    },
    close: () => clients.forEach((c) => c.close()),
  };
  readers.reset(Number.MAX_SAFE_INTEGER);
  const clients: SseReader[] = Array.from({ length: count }, (_, i) => readEvents(server.origin, server.token, (data) => countFrame(readers.tallies[i]!, data, readers.latencies)));
  await Promise.all(clients.map((c) => c.opened));
  return readers;
}

/** A stream this long without a frame after the writer is done has nothing more to send (the naive's p99 is ~1.5 s). */
const QUIET_MS = 2_000;

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

/** One phase: the companion joins (and stalls or reads slowly), the writer writes, then the companion reads again. */
export async function runPhase(setup: LiveSetup, kind: LiveKind, readers: Readers, companion: Companion, rate: number, seconds: number): Promise<PhaseRun> {
  readers.reset(setup.nextStep);
  const other = newTally(setup.nextStep);
  const extra = companion === 'none' ? null : readEvents(setup.server.origin, setup.server.token, (data) => countFrame(other, data, null));
  try {
    await extra?.opened;
    if (companion === 'stalled') extra!.stall();
    if (companion === 'slow') extra!.throttle(SLOW_READER_BYTES_PER_SECOND);
    if (kind === 'ours') await askStreams(setup.server);
    const cpuBefore = cpuMsOf(setup.server.child.pid!) ?? Number.NaN;
    const written = await runWriter(setup.logPath, setup.nextStep, Math.round(rate * seconds), rate);
    setup.nextStep += written;
    const writerDone = wallClockMs();
    // Everything, or nothing more for QUIET_MS (the naive baseline loses appends: waiting longer would not bring them).
    const quiet = (tallies: Tally[]) => wallClockMs() - Math.max(writerDone, ...tallies.map((t) => t.lastFrameAt)) > QUIET_MS;
    await until(() => readers.tallies.every((t) => t.seen.size >= written) || quiet(readers.tallies), 10_000);
    const serverCpuMs = (cpuMsOf(setup.server.child.pid!) ?? Number.NaN) - cpuBefore;
    const streams = kind === 'ours' ? await askStreams(setup.server) : null;
    const receivedBeforeResume = extra?.received ?? 0;
    extra?.resume();
    const resumed = wallClockMs();
    await until(() => other.seen.size >= written || (wallClockMs() - resumed > QUIET_MS && quiet([other])), 10_000);
    const { tallies, latencies } = readers;
    return {
      kind,
      companion,
      written,
      delivered: Math.min(...tallies.map((t) => t.seen.size)),
      duplicates: tallies.reduce((s, t) => s + t.duplicates, 0),
      outOfOrder: tallies.reduce((s, t) => s + t.outOfOrder, 0),
      latencies,
      companionGot: extra ? { seen: other.seen.size, resyncs: other.resyncs, outOfOrder: other.outOfOrder, heldBytes: extra.received - receivedBeforeResume } : null,
      streams,
      serverCpuMs,
      rssAfter: residentBytes(setup.server.child.pid!)?.rss ?? Number.NaN,
    };
  } finally {
    extra?.close();
  }
}

/** One phase with a stalled companion among `clients` (the rest read at full speed). */
export async function measureLive(setup: LiveSetup, kind: LiveKind, rate: number, seconds: number, clients = 20): Promise<PhaseRun> {
  const readers = await openReaders(setup.server, clients - 1);
  try {
    return await runPhase(setup, kind, readers, 'stalled', rate, seconds);
  } finally {
    readers.close();
  }
}

export interface Memory {
  rss: number;
  heapUsed: number;
  /** The V8 heap's committed pages (heapTotal): part of the RSS beyond what the heap holds. */
  heapCommitted?: number;
}

/** Asks serve-probe.mjs one question over IPC; its answer is the next message carrying that key. */
function ask<K extends string, V>(server: ServerProcess, key: K): Promise<V> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !(key in m)) return;
      server.child.off('message', onMessage);
      resolve((m as Record<K, V>)[key]);
    };
    server.child.on('message', onMessage);
    server.child.send(key);
  });
}

/** Our server's memory after a full GC: its heap and its array buffers (a log's step index is typed arrays). */
export async function askMemory(server: ServerProcess): Promise<Memory> {
  const mem = await ask<'memory', NodeJS.MemoryUsage>(server, 'memory');
  return { rss: mem.rss, heapUsed: mem.heapUsed + mem.arrayBuffers, heapCommitted: mem.heapTotal };
}

/** Our streams' backlog peaks and overflows since the last asking (asking starts them again). */
export const askStreams = (server: ServerProcess): Promise<StreamFigures> => ask<'streams', StreamFigures>(server, 'streams');

export const logBytes = (setup: LiveSetup): number => statSync(setup.logPath).size;
export const p = (values: number[], q: number): number => quantile(values, q);
