// The live section of `npm run bench`: rounds of ours and the naive baseline interleaved at the same rate on copies
// of the 205k-step workspace, then ours soaked with appends and its memory compared with the bytes on disk.
import { mb, middle as median } from '../figures.ts';
import type { BenchRow } from '../stats.ts';
import type { Workload } from '../workloads.ts';
import { askMemory, logBytes, measureLive, p, runWriter, startLive, type LiveKind, type LiveRun } from './live-bench.ts';

export interface LiveOptions {
  rounds: number;
  rate: number;
  seconds: number;
  soakSeconds: number;
  soakRate: number;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

function summarize(runs: LiveRun[]) {
  const all = runs.flatMap((r) => r.latencies);
  const written = runs.reduce((s, r) => s + r.written, 0);
  const delivered = runs.reduce((s, r) => s + r.delivered, 0);
  return {
    p50: p(all, 0.5),
    p99: p(all, 0.99),
    max: p(all, 1),
    perRunP99: runs.map((r) => p(r.latencies, 0.99)),
    written,
    delivered,
    twice: runs.reduce((s, r) => s + r.duplicates, 0),
    late: runs.reduce((s, r) => s + r.outOfOrder, 0),
    stalled: runs.map((r) => (r.stalled.resync ? 'resync' : `${r.stalled.seen}/${r.written}`)).join(', '),
  };
}

async function round(kind: LiveKind, large: Workload, scratch: string, i: number, o: LiveOptions, soak: boolean): Promise<{ run: LiveRun; soakRows: BenchRow[] }> {
  const setup = await startLive(kind, large, scratch, i);
  try {
    const run = await measureLive(setup, kind, o.rate, o.seconds);
    if (!soak) return { run, soakRows: [] };
    const before = await askMemory(setup.server);
    const bytesBefore = logBytes(setup);
    const t0 = performance.now();
    const written = await runWriter(setup.logPath, setup.nextStep, Math.round(o.soakRate * o.soakSeconds), o.soakRate);
    setup.nextStep += written;
    await new Promise((r) => setTimeout(r, 1000));
    const after = await askMemory(setup.server);
    const bytesAfter = logBytes(setup);
    const limit = 1.5 * bytesAfter + 100e6;
    const took = (performance.now() - t0) / 1000;
    return {
      run,
      soakRows: [
        { name: 'ours after load + the rounds (GC first)', value: `RSS ${mb(before.rss)}, heap ${mb(before.heapUsed)}; log.md ${mb(bytesBefore)}` },
        {
          name: `ours after ${took.toFixed(0)} s of appends at ${o.soakRate}/s`,
          value: `RSS ${mb(after.rss)} (${after.rss >= before.rss ? '+' : ''}${mb(after.rss - before.rss)}), heap ${mb(after.heapUsed)} (${after.heapUsed >= before.heapUsed ? '+' : ''}${mb(after.heapUsed - before.heapUsed)}); the log grew ${mb(bytesAfter - bytesBefore)} (${written} steps)`,
          target: '≤ 1.5 × bytes + 100 MB',
          ok: after.rss <= limit,
        },
      ],
    };
  } finally {
    await setup.server.stop();
  }
}

export async function runLiveBench(large: Workload, scratch: string, o: LiveOptions): Promise<BenchRow[]> {
  const runs: Record<LiveKind, LiveRun[]> = { ours: [], naive: [] };
  let soakRows: BenchRow[] = [];
  for (let i = 0; i < o.rounds; i++) {
    for (const kind of ['ours', 'naive'] as const) {
      const last = kind === 'ours' && i === o.rounds - 1 && o.soakSeconds > 0;
      const r = await round(kind, large, scratch, i, o, last);
      runs[kind].push(r.run);
      if (last) soakRows = r.soakRows;
    }
  }
  const ours = summarize(runs.ours);
  const naive = summarize(runs.naive);
  const perRun = (s: ReturnType<typeof summarize>) => `per run ${s.perRunP99.map(ms).join(', ')}`;
  const lossless = ours.delivered === ours.written && ours.twice === 0 && ours.late === 0;
  return [
    { name: `ours: append → SSE p50 at ${o.rate}/s, 19 readers`, value: ms(ours.p50), target: '≤ 10 ms', ok: ours.p50 <= 10 },
    { name: `ours: append → SSE p99`, value: `${ms(ours.p99)} (max ${ms(ours.max)}; ${perRun(ours)})`, target: '≤ 100 ms', ok: ours.p99 <= 100 },
    { name: 'ours: delivered to every reader', value: `${ours.delivered}/${ours.written}${ours.twice ? `, ${ours.twice} twice` : ''}${ours.late ? `, ${ours.late} out of order` : ''}`, target: '100 %, once, in order', ok: lossless },
    { name: 'ours: the stalled client, once it reads again', value: ours.stalled, target: 'all, or told to resync', ok: runs.ours.every((r) => r.stalled.resync || r.stalled.seen === r.written) },
    { name: `naive (chokidar + re-read): p50 / p99`, value: `${ms(naive.p50)} / ${ms(naive.p99)} (max ${ms(naive.max)}; ${perRun(naive)})` },
    { name: 'naive: delivered / lost', value: `${naive.delivered}/${naive.written}, lost ${naive.written - naive.delivered}${naive.twice ? `, ${naive.twice} twice` : ''}; stalled client: ${naive.stalled}` },
    { name: 'p99, naive ÷ ours', value: `${(naive.p99 / ours.p99).toFixed(1)}×` },
    { name: 'server RSS after a round (ours / naive)', value: `${mb(median(runs.ours.map((r) => r.rssAfter)))} / ${mb(median(runs.naive.map((r) => r.rssAfter)))}` },
    ...soakRows,
  ];
}
