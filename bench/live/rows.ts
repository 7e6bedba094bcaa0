// The live section of `npm run bench`: rounds of ours and the naive baseline at the same rate, phases with and without
// a companion, then a soak, and our memory against the bytes on disk.
import { mb, middle } from '../figures.ts';
import type { BenchRow } from '../stats.ts';
import type { Workload } from '../workloads.ts';
import { askMemory, logBytes, openReaders, p, runPhase, startLive, SLOW_READER_BYTES_PER_SECOND, type Companion, type PhaseRun } from './live-bench.ts';
import { memoryRows, type MemoryPoint } from './memory-rows.ts';

export interface LiveOptions {
  rounds: number;
  /** Cycles of the three phases (no companion, stalled, slow) within each of our rounds. */
  cycles: number;
  rate: number;
  seconds: number;
  soakSeconds: number;
  soakRate: number;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const signed = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)} ms`;
const COMPANIONS: readonly Companion[] = ['none', 'stalled', 'slow'];

interface OursRound {
  phases: PhaseRun[];
  memory: MemoryPoint[];
  soak: PhaseRun | null;
}

async function oursRound(large: Workload, scratch: string, i: number, o: LiveOptions, soak: boolean): Promise<OursRound> {
  const setup = await startLive('ours', large, scratch, i);
  const point = async (label: string): Promise<MemoryPoint> => ({ label, bytes: logBytes(setup), steps: setup.nextStep - 1, ...(await askMemory(setup.server)) });
  try {
    const memory = [await point('after load (GC first)')];
    const readers = await openReaders(setup.server, 19);
    try {
      // Not counted: the first seconds after start-up are slower (CONTEXT warming, the JIT), whichever phase they hit.
      await runPhase(setup, 'ours', readers, 'none', o.rate, Math.min(2, o.seconds));
      const phases: PhaseRun[] = [];
      for (let c = 0; c < o.cycles; c++) {
        // Each cycle in another order, so no companion always follows the same one.
        const order = COMPANIONS.map((_, k) => COMPANIONS[(k + c) % COMPANIONS.length]!);
        for (const companion of order) phases.push(await runPhase(setup, 'ours', readers, companion, o.rate, o.seconds));
      }
      if (!soak) return { phases, memory, soak: null };
      memory.push(await point('after the rounds'));
      const soaked = await runPhase(setup, 'ours', readers, 'stalled', o.soakRate, o.soakSeconds);
      memory.push(await point(`after ${o.soakSeconds} s of appends at ${o.soakRate}/s, 19 readers and a stalled client connected`));
      return { phases, memory, soak: soaked };
    } finally {
      readers.close();
    }
  } finally {
    await setup.server.stop();
  }
}

async function naiveRound(large: Workload, scratch: string, i: number, o: LiveOptions): Promise<PhaseRun> {
  const setup = await startLive('naive', large, scratch, i);
  try {
    const readers = await openReaders(setup.server, 19);
    try {
      await runPhase(setup, 'naive', readers, 'none', o.rate, Math.min(2, o.seconds)); // the same warm-up as ours
      return await runPhase(setup, 'naive', readers, 'stalled', o.rate, o.seconds);
    } finally {
      readers.close();
    }
  } finally {
    await setup.server.stop();
  }
}

function summarize(runs: PhaseRun[]) {
  const all = runs.flatMap((r) => r.latencies);
  return {
    p50: p(all, 0.5),
    p99: p(all, 0.99),
    max: p(all, 1),
    perRunP99: runs.map((r) => p(r.latencies, 0.99)),
    written: runs.reduce((s, r) => s + r.written, 0),
    delivered: runs.reduce((s, r) => s + r.delivered, 0),
    twice: runs.reduce((s, r) => s + r.duplicates, 0),
    late: runs.reduce((s, r) => s + r.outOfOrder, 0),
  };
}

const perRun = (s: ReturnType<typeof summarize>) => `per phase ${s.perRunP99.map(ms).join(', ')}`;

/** The companion once it read again: `resync` when told to (with what it had by then), else what it got of what was written. */
function companionOutcome(runs: PhaseRun[]): { text: string; ok: boolean } {
  const each = runs.map((r) => {
    const got = r.companionGot!;
    const all = got.seen === r.written && got.outOfOrder === 0;
    return { text: got.resyncs > 0 ? `resync ×${got.resyncs} (${got.seen}/${r.written} before and after)` : `${got.seen}/${r.written}`, ok: all || got.resyncs > 0 };
  });
  return { text: each.map((e) => e.text).join(', '), ok: each.every((e) => e.ok) };
}

/** The largest backlog our server held for any client in these phases (the companion's), against its bound. */
function backlogRow(name: string, runs: PhaseRun[]): BenchRow {
  const figures = runs.map((r) => r.streams!);
  const bound = figures[0]!.bound;
  const peakBytes = Math.max(...figures.map((f) => f.peakBacklogBytes));
  const peakFrames = Math.max(...figures.map((f) => f.peakBacklogFrames));
  const overflows = figures.reduce((s, f) => s + f.overflows, 0);
  const told = companionOutcome(runs);
  const held = Math.max(...runs.map((r) => r.companionGot!.heldBytes));
  return {
    name,
    value:
      `peak ${kib(peakBytes)} / ${peakFrames} frames (bound ${kib(bound.bytes)} / ${bound.frames}); queue dropped ${overflows}×; ` +
      `held for it in all (the kernel's socket buffers and our queue) up to ${kib(held)}; it got: ${told.text}`,
    target: '≤ the bound; every event, or told to resync',
    // A frame may land on a backlog just under the bound only when it is alone: small frames here, so the bound holds.
    ok: peakBytes <= bound.bytes && peakFrames <= bound.frames && told.ok,
  };
}

/** Each cycle's phase with the companion beside the same cycle's phase without one (near it on the same server). */
function pairs(rounds: OursRound[], companion: Companion): { alone: PhaseRun; beside: PhaseRun }[] {
  return rounds.flatMap((r) => {
    const cycles = r.phases.length / COMPANIONS.length;
    return Array.from({ length: cycles }, (_, c) => {
      const cycle = r.phases.slice(c * COMPANIONS.length, (c + 1) * COMPANIONS.length);
      return { alone: cycle.find((x) => x.companion === 'none')!, beside: cycle.find((x) => x.companion === companion)! };
    });
  });
}

/**
 * The 19 readers beside a companion against the same readers alone: p50 over all their latencies pooled, p99 as the
 * median of the cycles' differences (one hiccup of a loaded machine moves one phase's p99 by more than the target, so
 * each phase is compared with its neighbour), every cycle's difference printed.
 */
function delayRow(label: string, rounds: OursRound[], companion: Companion): BenchRow {
  const both = pairs(rounds, companion);
  const beside = summarize(both.map((x) => x.beside));
  const alone = summarize(both.map((x) => x.alone));
  const d50 = beside.p50 - alone.p50;
  const d99s = both.map((x) => p(x.beside.latencies, 0.99) - p(x.alone.latencies, 0.99));
  const d99 = middle(d99s);
  return {
    name: `19 readers ${label}: p50 / p99; the difference (p99: median of the cycles)`,
    value: `${ms(beside.p50)} / ${ms(beside.p99)}; ${signed(d50)} / ${signed(d99)} (cycles ${d99s.map(signed).join(', ')})`,
    target: 'difference ≤ 10 ms',
    ok: d50 <= 10 && d99 <= 10,
  };
}

/** Our server's CPU time per 1000 appends, the median phase, for each companion: what a lagging client costs. */
function cpuRow(rounds: OursRound[]): BenchRow {
  const per = (c: Companion) => middle(rounds.flatMap((r) => r.phases.filter((x) => x.companion === c)).map((x) => (x.serverCpuMs / x.written) * 1000));
  const [alone, stalled, slow] = COMPANIONS.map(per) as [number, number, number];
  return {
    name: 'our server’s CPU per 1000 appends: alone / beside a stalled client / a slow one',
    value: `${alone.toFixed(0)} / ${stalled.toFixed(0)} / ${slow.toFixed(0)} ms (median phase; CPU time, steadier than wall time on a loaded machine)`,
  };
}

/**
 * On copies of the 205k-step workspace. Within our round, after a warm-up, cycles of phases without a companion, with a
 * stalled one and with a slow one on the same server, each cycle in another order (what a companion costs the others
 * is the difference within a cycle); then ours soaked with appends while the 20 clients stay connected.
 */
export async function runLiveBench(large: Workload, scratch: string, o: LiveOptions): Promise<BenchRow[]> {
  const ours: OursRound[] = [];
  const naiveRuns: PhaseRun[] = [];
  for (let i = 0; i < o.rounds; i++) {
    ours.push(await oursRound(large, scratch, i, o, i === o.rounds - 1 && o.soakSeconds > 0));
    naiveRuns.push(await naiveRound(large, scratch, i, o));
  }
  const phases = ours.flatMap((r) => r.phases);
  const by = (c: Companion) => phases.filter((r) => r.companion === c);
  const stalled = summarize(by('stalled'));
  const alone = summarize(by('none'));
  const every = summarize(phases);
  const naive = summarize(naiveRuns);
  const lossless = every.delivered === every.written && every.twice === 0 && every.late === 0;
  const soak = ours.find((r) => r.soak)?.soak ?? null;
  return [
    { name: `ours: append → SSE p50 at ${o.rate}/s, 19 readers, a stalled client present`, value: ms(stalled.p50), target: '≤ 10 ms', ok: stalled.p50 <= 10 },
    { name: `ours: append → SSE p99`, value: `${ms(stalled.p99)} (max ${ms(stalled.max)}; ${perRun(stalled)})`, target: '≤ 100 ms', ok: stalled.p99 <= 100 },
    { name: 'ours: delivered to every reader, all phases', value: `${every.delivered}/${every.written}${every.twice ? `, ${every.twice} twice` : ''}${every.late ? `, ${every.late} out of order` : ''}`, target: '100 %, once, in order', ok: lossless },
    { name: '19 readers alone: p50 / p99 (the baseline of the two rows below)', value: `${ms(alone.p50)} / ${ms(alone.p99)} (${perRun(alone)})` },
    delayRow('beside a stalled client', ours, 'stalled'),
    delayRow(`beside a slow one (${SLOW_READER_BYTES_PER_SECOND / 1000} KB/s)`, ours, 'slow'),
    cpuRow(ours),
    backlogRow('the stalled client: its backlog on the server', by('stalled')),
    backlogRow('the slow client: its backlog on the server', by('slow')),
    { name: `naive (chokidar + re-read): p50 / p99`, value: `${ms(naive.p50)} / ${ms(naive.p99)} (max ${ms(naive.max)}; ${perRun(naive)})` },
    { name: 'naive: delivered / lost', value: `${naive.delivered}/${naive.written}, lost ${naive.written - naive.delivered}${naive.twice ? `, ${naive.twice} twice` : ''}; stalled client: ${companionOutcome(naiveRuns).text}` },
    { name: 'p99, naive ÷ ours (a stalled client present in both)', value: `${(naive.p99 / stalled.p99).toFixed(1)}×` },
    { name: 'server RSS after a phase with a stalled client (ours / naive)', value: `${mb(by('stalled').at(-1)!.rssAfter)} / ${mb(naiveRuns.at(-1)!.rssAfter)}` },
    ...memoryRows(ours[ours.length - 1]!.memory),
    ...(soak ? soakRows(soak) : []),
  ];
}

function soakRows(soak: PhaseRun): BenchRow[] {
  const s = summarize([soak]);
  return [
    { name: `soak: delivered to every reader, p50 / p99`, value: `${s.delivered}/${s.written}${s.twice ? `, ${s.twice} twice` : ''}; ${ms(s.p50)} / ${ms(s.p99)}`, target: '100 %', ok: s.delivered === s.written && s.twice === 0 && s.late === 0 },
    backlogRow('soak: the stalled client’s backlog on the server', [soak]),
  ];
}
